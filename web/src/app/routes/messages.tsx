import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { BadgeCheck, LockOpen, MessageCircleHeart, ShieldCheck } from 'lucide-react';
import { MESSAGE_TEXT, type TConversation } from '@contracts/messages-api';
import { SAFETY_TEXT } from '@contracts/safety';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageSpinner, SpinnerBlock } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { ChatPane } from '@/features/messages/chat-pane';
import { conversationsQueryOptions } from '@/features/messages/messages-api';
import { dateStateQueryOptions } from '@/features/trust/trust-api';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

const isHidden = (c: TConversation) => !!c.lastMessage?.hidden;

function Messages({ userId }: { userId: string }) {
  const [params, setParams] = useSearchParams();
  const [folder, setFolder] = useState<'inbox' | 'hidden'>('inbox');
  const selected = params.get('conversation');
  const conversations = useQuery(conversationsQueryOptions);
  const open = conversations.data?.find((c) => c.id === selected) ?? null;

  useEffect(() => {
    if (conversations.isError) toast.error(MESSAGE_TEXT.loadFailed);
  }, [conversations.isError]);

  if (conversations.isPending) return <PageSpinner label="Loading conversations..." />;
  // A conversation whose newest message has a word the member hid waits in the Hidden folder.
  const all = conversations.data ?? [];
  const hiddenCount = all.filter(isHidden).length;
  const showHidden = folder === 'hidden' && hiddenCount > 0;
  const list = all.filter((c) => isHidden(c) === showHidden);
  return (
    <div className="mx-auto grid h-[calc(100dvh-8rem)] max-w-6xl gap-4 p-0 md:h-[calc(100dvh-6rem)] md:grid-cols-[18rem_1fr] md:p-4 lg:grid-cols-[18rem_1fr_16rem]">
      <nav
        aria-label="Conversations"
        className={cn('min-h-0 overflow-y-auto md:rounded-2xl md:border', open && 'hidden md:block')}
      >
        <h1 className="p-4 text-xl font-bold">Messages</h1>
        {hiddenCount > 0 && (
          <div className="tab-list mx-4 mb-2 grid grid-cols-2" role="group" aria-label="Folders">
            {(['inbox', 'hidden'] as const).map((name) => (
              <button
                key={name}
                type="button"
                className="tab"
                data-state={(name === 'hidden') === showHidden ? 'active' : 'inactive'}
                aria-pressed={(name === 'hidden') === showHidden}
                onClick={() => setFolder(name)}
              >
                {name === 'inbox' ? 'Inbox' : `Hidden (${hiddenCount})`}
              </button>
            ))}
          </div>
        )}
        {list.length === 0 && hiddenCount > 0 ? (
          <p className="p-6 text-center text-sm text-muted-foreground">
            Nothing new here: your conversations are in Hidden.
          </p>
        ) : list.length === 0 ? (
          <div className="grid gap-3 p-6 text-center text-sm text-muted-foreground">
            <MessageCircleHeart className="mx-auto size-8" aria-hidden />
            <p>No conversations yet. Match with someone to start chatting.</p>
            <Button asChild size="sm">
              <Link to={`${paths.dashboard}?tab=discover`}>Go to Discover</Link>
            </Button>
          </div>
        ) : (
          <ul>
            {list.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => setParams({ conversation: c.id })}
                  aria-current={c.id === selected}
                  className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-accent aria-[current=true]:bg-accent"
                >
                  {c.other.thumbUrl ? (
                    <img src={c.other.thumbUrl} alt="" className="size-11 rounded-full object-cover" />
                  ) : (
                    <div className="flex size-11 items-center justify-center rounded-full bg-secondary font-semibold text-secondary-foreground">
                      {c.other.name[0]}
                    </div>
                  )}
                  <div className="min-w-0 flex-1">
                    <p className="flex items-center gap-1 font-medium">
                      {c.other.name}
                      {c.other.selfieVerified && (
                        <BadgeCheck className="size-4 text-emerald-600" aria-label="verified" />
                      )}
                      {c.lastMessage && (
                        <span className="ml-auto text-xs font-normal text-muted-foreground">
                          {time(c.lastMessage.createdAt)}
                        </span>
                      )}
                    </p>
                    <p className="truncate text-sm text-muted-foreground">
                      {isHidden(c)
                        ? 'A message with a word you hid'
                        : (c.lastMessage?.content ?? 'New match: say hello!')}
                    </p>
                  </div>
                  {c.unreadCount > 0 && (
                    <span
                      className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground"
                      aria-label={`${c.unreadCount} unread`}
                    >
                      {c.unreadCount}
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        )}
      </nav>
      <div
        className={cn('min-h-0 md:rounded-2xl md:border', !open && 'hidden md:flex md:items-center md:justify-center')}
      >
        {open ? (
          <ChatPane
            key={open.id}
            conversation={open}
            userId={userId}
            onBack={() => setParams({})}
            startVerify={params.get('verify') === '1'}
          />
        ) : (
          <p className="p-8 text-center text-muted-foreground">
            {selected ? SAFETY_TEXT.conversationClosed : 'Choose a conversation to start chatting.'}
          </p>
        )}
      </div>
      <aside className="hidden lg:block" aria-label="Ratings">
        <UnlockCard conversationId={open?.id ?? null} name={open?.other.name ?? null} />
      </aside>
    </div>
  );
}

/** The side card about unlocking ratings, showing where the open conversation's date stands. */
function UnlockCard({ conversationId, name }: { conversationId: string | null; name: string | null }) {
  const state = useQuery({ ...dateStateQueryOptions(conversationId ?? ''), enabled: !!conversationId });
  const status = conversationId ? state.data?.status : undefined;
  const text =
    status === 'confirmed'
      ? `Your date with ${name} is verified. Rating is unlocked for both of you.`
      : status === 'pending'
        ? state.data?.uploadedByMe
          ? `Waiting for ${name} to confirm your date photo. Then you can both rate the date.`
          : `${name} sent a date photo. Confirm it to unlock rating for both of you.`
        : 'After you meet, verify the date with a photo of the two of you. Once the other person confirms, you can both rate the date.';
  return (
    <Card className="grid gap-2 p-5">
      {status === 'confirmed' ? (
        <LockOpen className="size-6 text-emerald-600" aria-hidden />
      ) : (
        <ShieldCheck className="size-6 text-primary" aria-hidden />
      )}
      <h2 className="font-semibold">{status === 'confirmed' ? 'Ratings unlocked' : 'Unlock ratings'}</h2>
      <p className="text-sm text-muted-foreground">{text}</p>
      {status === 'confirmed' && conversationId && (
        <Button asChild size="sm" className="mt-1">
          <Link to={`${paths.dateHistory}?conversation=${conversationId}`}>Rate Date</Link>
        </Button>
      )}
    </Card>
  );
}

export function Component() {
  usePageMeta('Messages · Vouch');
  const { session, isLoading } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (isLoading || session) return;
    toast.error(MESSAGE_TEXT.loginRequired.title, { description: MESSAGE_TEXT.loginRequired.description });
    void navigate(paths.login, { replace: true });
  }, [isLoading, session, navigate]);
  if (!session) return <SpinnerBlock className="py-16" />;
  return <Messages userId={session.user.id} />;
}
