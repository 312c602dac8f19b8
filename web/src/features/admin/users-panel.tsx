import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { Modal } from '@/components/ui/modal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Ban, Eye, ImageOff, RefreshCw, Search } from 'lucide-react';
import { toast } from '@/lib/toast';
import { ADMIN_TEXT, type TAdminUser } from '@contracts/admin';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog, confirmingItem } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { SpinnerBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { removePhotos, setBlocked, setVerified, userQueryOptions, usersQueryOptions } from './admin-api';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/lib/paths';

const day = (iso: string) => new Date(iso).toLocaleDateString();

function UserDetails({ user, onClose }: { user: TAdminUser | null; onClose: () => void }) {
  return (
    <Modal open={!!user} onOpenChange={(open) => !open && onClose()} className="w-[min(94vw,30rem)] gap-3">
      {user && (
        <>
          <Dialog.Title className="text-lg font-semibold">{user.name}</Dialog.Title>
          <Dialog.Description className="text-sm text-muted-foreground">{user.email}</Dialog.Description>
          {user.photoUrl && <img src={user.photoUrl} alt="" className="size-24 rounded-xl object-cover" />}
          <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">User id</dt>
            <dd className="break-all">{user.userId}</dd>
            <dt className="text-muted-foreground">Joined</dt>
            <dd>{day(user.createdAt)}</dd>
            <dt className="text-muted-foreground">Age</dt>
            <dd>{user.age ?? '–'}</dd>
            <dt className="text-muted-foreground">Country</dt>
            <dd>{user.country ?? '–'}</dd>
            <dt className="text-muted-foreground">Rating</dt>
            <dd>
              {user.avgRating !== null ? `${user.avgRating.toFixed(1)} from ${user.reviewCount} dates` : 'No ratings'}
            </dd>
            <dt className="text-muted-foreground">Photos</dt>
            <dd>{user.photoCount}</dd>
            <dt className="text-muted-foreground">Interests</dt>
            <dd>{user.interests.join(', ') || '–'}</dd>
            <dt className="text-muted-foreground">Bio</dt>
            <dd>{user.bio ?? '–'}</dd>
            <dt className="text-muted-foreground">Status</dt>
            <dd>
              {user.banned
                ? `Blocked${user.banReason ? `: ${user.banReason}` : ''}${user.banExpires ? ` until ${day(user.banExpires)}` : ''}`
                : 'Active'}
            </dd>
          </dl>
          <Dialog.Close asChild>
            <Button variant="outline">Close</Button>
          </Dialog.Close>
        </>
      )}
    </Modal>
  );
}

/** A member named in the back office, linked to their details in the Users tab. */
export function MemberLink({ member }: { member: { userId: string; name: string } }) {
  return (
    <Link
      to={`${paths.admin}?tab=users&member=${encodeURIComponent(member.userId)}`}
      className="font-medium text-primary hover:underline"
    >
      {member.name}
    </Link>
  );
}

/**
 * Members: search by name, view, verify, block and remove photos. Every action is logged on the
 * server. `?member=<id>` opens that member's details (the links in the security events).
 * `preview` shows only the newest few, with a way to the full list (the Overview).
 */
export function UsersPanel({ preview }: { preview?: number }) {
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const users = useQuery(usersQueryOptions(search.trim()));
  const linked = params.get('member');
  const linkedUser = useQuery({ ...userQueryOptions(linked ?? ''), enabled: !!linked && !preview });
  const [picked, setViewing] = useState<TAdminUser | null>(null);
  const viewing = picked ?? (linked && !preview ? (linkedUser.data ?? null) : null);
  const closeDetails = () => {
    setViewing(null);
    if (linked) {
      params.delete('member');
      setParams(params, { replace: true });
    }
  };
  const [confirm, setConfirm] = useState<{ kind: 'block' | 'photos'; user: TAdminUser } | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: ['admin'] });
  const act = useMutation({
    mutationFn: async ({ kind, user }: { kind: 'verify' | 'block' | 'photos'; user: TAdminUser }) =>
      kind === 'verify'
        ? setVerified(user.userId, !user.selfieVerified)
        : kind === 'block'
          ? setBlocked(user.userId, !user.banned)
          : removePhotos(user.userId),
    onSuccess: (updated, { kind }) => {
      const text =
        kind === 'verify'
          ? ADMIN_TEXT.verified(updated.selfieVerified)
          : kind === 'block'
            ? ADMIN_TEXT.blocked(updated.banned)
            : ADMIN_TEXT.photosRemoved;
      toast.success(text.title, { description: text.description });
      setConfirm(null);
      refresh();
    },
    onError: (error, { kind }) =>
      kind === 'verify'
        ? toast.error(ADMIN_TEXT.verifyFailed.title, { description: ADMIN_TEXT.verifyFailed.description })
        : toast.error(errorMessage(error, 'Please try again.')),
  });
  const all = users.data ?? [];
  const list = preview ? all.slice(0, preview) : all;
  return (
    <div className="grid gap-4">
      {preview ? (
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">Newest members</h2>
          <Button asChild variant="outline" size="sm">
            <Link to={`${paths.admin}?tab=users`}>See all members</Link>
          </Button>
        </div>
      ) : (
        <div className="flex gap-2">
          <label className="relative flex-1">
            <span className="sr-only">Search users by name</span>
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Search by name"
              className="pl-9"
            />
          </label>
          <Button variant="outline" onClick={refresh}>
            <RefreshCw aria-hidden /> Refresh
          </Button>
        </div>
      )}
      {users.isPending ? (
        <SpinnerBlock className="p-6" />
      ) : users.isError ? (
        <p className="rounded-xl bg-destructive/10 p-4 text-sm text-destructive-strong">
          {ADMIN_TEXT.profilesError.title}: {ADMIN_TEXT.profilesError.description}
        </p>
      ) : list.length === 0 ? (
        <p className="rounded-xl bg-muted/60 p-6 text-center text-sm text-muted-foreground">
          {search.trim() ? (
            <>
              <strong className="block text-foreground">{ADMIN_TEXT.noUsers.search}</strong>{' '}
              {ADMIN_TEXT.noUsers.searchHint}
            </>
          ) : (
            ADMIN_TEXT.noUsers.none
          )}
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label="Users">
          {list.map((user) => (
            <li key={user.userId}>
              <Card className="flex flex-wrap items-center gap-3 p-3" aria-label={user.name}>
                {user.photoUrl ? (
                  <img src={user.photoUrl} alt="" className="size-12 rounded-full object-cover" />
                ) : (
                  <div className="flex size-12 items-center justify-center rounded-full bg-muted text-sm font-semibold">
                    {user.name[0]}
                  </div>
                )}
                <div className="min-w-0 flex-1 basis-40">
                  <p className="flex items-center gap-1.5 truncate font-medium">
                    {user.name}
                    {user.selfieVerified && <BadgeCheck className="size-4 text-emerald-600" aria-label="verified" />}
                    {user.banned && (
                      <span className="rounded-full bg-destructive/10 px-2 text-xs font-semibold text-destructive-strong">
                        Blocked
                      </span>
                    )}
                    {user.isAdmin && (
                      <span className="rounded-full bg-primary/10 px-2 text-xs font-semibold text-primary-strong">
                        Admin
                      </span>
                    )}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">{user.email}</p>
                </div>
                <div className="flex w-full flex-wrap gap-1 sm:w-auto sm:justify-end">
                  <Button size="sm" variant="ghost" onClick={() => setViewing(user)} aria-label={`View ${user.name}`}>
                    <Eye aria-hidden />
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => act.mutate({ kind: 'verify', user })}
                    disabled={act.isPending}
                  >
                    {user.selfieVerified ? 'Unverify' : 'Verify'}
                  </Button>
                  {!user.isAdmin && (
                    <Button
                      size="sm"
                      variant={user.banned ? 'outline' : 'destructive'}
                      onClick={() =>
                        user.banned ? act.mutate({ kind: 'block', user }) : setConfirm({ kind: 'block', user })
                      }
                      disabled={act.isPending}
                    >
                      <Ban aria-hidden /> {user.banned ? 'Unblock' : 'Block'}
                    </Button>
                  )}
                  {user.photoCount > 0 && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setConfirm({ kind: 'photos', user })}
                      aria-label={`Remove photos of ${user.name}`}
                    >
                      <ImageOff aria-hidden /> Remove photos
                    </Button>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <UserDetails user={viewing} onClose={closeDetails} />
      <ConfirmDialog
        {...confirmingItem(confirm, setConfirm, act)}
        title={confirm?.kind === 'block' ? `Block ${confirm.user.name}?` : `Remove ${confirm?.user.name}'s photos?`}
        description={
          confirm?.kind === 'block'
            ? 'Their sessions end now, they cannot sign in, and their profile is hidden until you unblock them.'
            : 'Every photo is deleted. This cannot be undone.'
        }
        confirmLabel={confirm?.kind === 'block' ? 'Block' : 'Remove photos'}
        destructive
      />
    </div>
  );
}
