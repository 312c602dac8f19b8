import { useState } from 'react';
import { Dialog, DropdownMenu } from 'radix-ui';
import { Modal } from '@/components/ui/modal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EllipsisVertical, RefreshCw } from 'lucide-react';
import { toast } from '@/lib/toast';
import { ADMIN_TEXT, type TAdminSubscription } from '@contracts/admin';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, confirmingItem } from '@/components/ui/confirm-dialog';
import { Input, Select } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cancelSubscription, editSubscription, subscriptionsQueryOptions } from './admin-api';

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '–');
const status = (s: TAdminSubscription) =>
  s.cancelledAt ? `Cancelled, ends ${day(s.expiresAt)}` : s.active ? 'Active' : 'Inactive';

/** Pages shown around the current one: a window of at most five. */
export function pageWindow(page: number, pages: number): number[] {
  const start = Math.max(1, Math.min(page - 2, pages - 4));
  return Array.from({ length: Math.min(5, pages) }, (_, i) => start + i);
}

function EditDialog({ subscription, onClose }: { subscription: TAdminSubscription | null; onClose: () => void }) {
  const client = useQueryClient();
  const [tier, setTier] = useState<'free' | 'premium'>(subscription?.tier ?? 'premium');
  const [active, setActive] = useState(subscription?.active ?? true);
  const [expires, setExpires] = useState(subscription?.expiresAt?.slice(0, 10) ?? '');
  const save = useMutation({
    mutationFn: () =>
      editSubscription(subscription!.id, {
        tier,
        active,
        expiresAt: expires ? new Date(`${expires}T23:59:59`).toISOString() : null,
      }),
    onSuccess: () => (
      toast.success('Subscription updated'),
      onClose(),
      void client.invalidateQueries({ queryKey: ['admin'] })
    ),
    onError: (error) => toast.error(errorMessage(error, 'Please try again.')),
  });
  return (
    <Modal open={!!subscription} onOpenChange={(open) => !open && onClose()} className="w-[min(94vw,24rem)]">
      <Dialog.Title className="text-lg font-semibold">Edit Subscription</Dialog.Title>
      <Dialog.Description className="text-sm text-muted-foreground">{subscription?.name}</Dialog.Description>
      <label className="grid gap-1 text-sm font-medium">
        Tier
        <Select value={tier} onChange={(e) => setTier(e.target.value as 'free' | 'premium')}>
          <option value="premium">premium</option>
          <option value="free">free</option>
        </Select>
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} className="size-4" />{' '}
        Active
      </label>
      <label className="grid gap-1 text-sm font-medium">
        Expires
        <Input type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
      </label>
      <div className="flex justify-end gap-2">
        <Dialog.Close asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.Close>
        <Button onClick={() => save.mutate()} disabled={save.isPending}>
          Save
        </Button>
      </div>
    </Modal>
  );
}

export function SubscriptionsPanel() {
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const list = useQuery(subscriptionsQueryOptions(search.trim(), page, pageSize));
  const [viewing, setViewing] = useState<TAdminSubscription | null>(null);
  const [editing, setEditing] = useState<TAdminSubscription | null>(null);
  const [cancelling, setCancelling] = useState<TAdminSubscription | null>(null);
  const cancel = useMutation({
    mutationFn: (s: TAdminSubscription) => cancelSubscription(s.id),
    onSuccess: () => (
      toast.success('Subscription cancelled', { description: 'It stays active until it expires.' }),
      setCancelling(null),
      void client.invalidateQueries({ queryKey: ['admin'] })
    ),
    onError: (error) => toast.error(errorMessage(error, 'Please try again.')),
  });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize));
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-2">
        <Input
          value={search}
          onChange={(e) => (setSearch(e.target.value), setPage(1))}
          placeholder="Search by user ID"
          aria-label="Search by user ID"
          className="max-w-xs"
        />
        <Select
          value={String(pageSize)}
          onChange={(e) => (setPageSize(Number(e.target.value)), setPage(1))}
          aria-label="Rows per page"
          className="w-24"
        >
          {[10, 20, 50].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
        <Button variant="outline" onClick={() => void list.refetch()}>
          <RefreshCw aria-hidden /> Refresh Data
        </Button>
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <div
          role="alert"
          className="grid justify-items-start gap-2 rounded-xl bg-destructive/10 p-4 text-sm text-destructive-strong"
        >
          <strong>{ADMIN_TEXT.subscriptionsError.title}</strong>
          {errorMessage(list.error, ADMIN_TEXT.subscriptionsError.description)}
          <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
            Try Again
          </Button>
        </div>
      ) : !list.data.subscriptions.length ? (
        <p className="rounded-xl bg-muted/60 p-6 text-center text-sm text-muted-foreground">
          {search.trim() ? 'No subscriptions found matching your search' : 'No subscriptions found'}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border">
          <table className="w-full text-sm">
            <thead className="bg-muted/60 text-left text-xs uppercase text-muted-foreground">
              <tr>
                <th className="p-3">Member</th>
                {/* On phones: who, what and the actions; the rest is in View Details. */}
                <th className="hidden p-3 md:table-cell">User ID</th>
                <th className="p-3">Tier</th>
                <th className="p-3">Status</th>
                <th className="hidden p-3 sm:table-cell">Expires</th>
                <th className="p-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.subscriptions.map((s) => (
                <tr key={s.id} className="border-t">
                  <td className="max-w-36 truncate p-3 font-medium sm:max-w-none">{s.name}</td>
                  <td className="hidden max-w-40 truncate p-3 font-mono text-xs md:table-cell">{s.userId}</td>
                  <td className="p-3">{s.tier}</td>
                  <td className="p-3">{status(s)}</td>
                  <td className="hidden p-3 sm:table-cell">{day(s.expiresAt)}</td>
                  <td className="p-3 text-right">
                    <DropdownMenu.Root>
                      <DropdownMenu.Trigger asChild>
                        <Button size="icon" variant="ghost" aria-label={`Actions for ${s.name}`}>
                          <EllipsisVertical />
                        </Button>
                      </DropdownMenu.Trigger>
                      <DropdownMenu.Portal>
                        <DropdownMenu.Content align="end" className="menu-content">
                          <DropdownMenu.Item className="menu-item" onSelect={() => setViewing(s)}>
                            View Details
                          </DropdownMenu.Item>
                          <DropdownMenu.Item className="menu-item" onSelect={() => setEditing(s)}>
                            Edit Subscription
                          </DropdownMenu.Item>
                          <DropdownMenu.Item
                            className="menu-item"
                            disabled={!!s.cancelledAt}
                            onSelect={() => setCancelling(s)}
                          >
                            Cancel Subscription
                          </DropdownMenu.Item>
                        </DropdownMenu.Content>
                      </DropdownMenu.Portal>
                    </DropdownMenu.Root>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav aria-label="Pages" className="flex items-center gap-1">
          <Button size="sm" variant="outline" disabled={page === 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          {pageWindow(page, pages).map((n) => (
            <Button
              key={n}
              size="sm"
              variant={n === page ? 'default' : 'outline'}
              aria-current={n === page ? 'page' : undefined}
              onClick={() => setPage(n)}
            >
              {n}
            </Button>
          ))}
          <Button size="sm" variant="outline" disabled={page === pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
      <Modal open={!!viewing} onOpenChange={(open) => !open && setViewing(null)} className="w-[min(94vw,26rem)] gap-3">
        <Dialog.Title className="text-lg font-semibold">Subscription details</Dialog.Title>
        <Dialog.Description className="text-sm text-muted-foreground">{viewing?.email}</Dialog.Description>
        {viewing && (
          <dl className="grid grid-cols-[7rem_1fr] gap-1 text-sm">
            <dt className="text-muted-foreground">Member</dt>
            <dd>{viewing.name}</dd>
            <dt className="text-muted-foreground">User ID</dt>
            <dd className="break-all">{viewing.userId}</dd>
            <dt className="text-muted-foreground">Tier</dt>
            <dd>{viewing.tier}</dd>
            <dt className="text-muted-foreground">Status</dt>
            <dd>{status(viewing)}</dd>
            <dt className="text-muted-foreground">Started</dt>
            <dd>{day(viewing.createdAt)}</dd>
            <dt className="text-muted-foreground">Expires</dt>
            <dd>{day(viewing.expiresAt)}</dd>
          </dl>
        )}
        <Dialog.Close asChild>
          <Button variant="outline">Close</Button>
        </Dialog.Close>
      </Modal>
      {editing && <EditDialog key={editing.id} subscription={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        {...confirmingItem(cancelling, setCancelling, cancel)}
        title={`Cancel ${cancelling?.name}'s subscription?`}
        description="It stays active until it expires, then ends. It is not renewed."
        confirmLabel="Cancel Subscription"
        cancelLabel="Keep it"
        destructive
      />
    </div>
  );
}
