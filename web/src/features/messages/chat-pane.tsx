import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Check, CheckCheck, RotateCcw, Send } from 'lucide-react';
import { MESSAGE_MAX_LENGTH, MESSAGE_SUGGESTIONS, MESSAGE_TEXT, type TConversation, type TMessage } from '@contracts/messages-api';
import { nudgeFor, SAFETY_TEXT } from '@contracts/safety';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notificationsQueryOptions } from '@/features/notifications';
import { NudgePrompt, SafetyMenu } from '@/features/safety';
import { DateBar } from '@/features/trust';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { conversationsQueryOptions, markConversationRead, mergeMessages, messagesQueryOptions, sendMessage } from './messages-api';

type Pending = TMessage & { failed?: boolean };

/** One conversation: messages (text only, never HTML), and a composer where Enter sends. */
export function ChatPane({ conversation, userId, onBack, startVerify = false }: { conversation: TConversation; userId: string; onBack: () => void; startVerify?: boolean }) {
  const client = useQueryClient();
  const query = useQuery(messagesQueryOptions(conversation.id));
  const [draft, setDraft] = useState('');
  const [failed, setFailed] = useState<Pending[]>([]);
  /** A draft that matched a safety nudge, waiting for 'Send anyway'. */
  const [unsure, setUnsure] = useState<string | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const list = query.data ?? [];
  const unreadFromThem = list.some((m) => m.senderId !== userId && !m.read);
  // The read receipt (Premium) goes under the member's latest message only.
  const lastMine = list.findLast((m) => m.senderId === userId);

  // Opening the conversation (and new messages arriving while it is open) marks theirs read.
  useEffect(() => {
    if (!unreadFromThem) return;
    void markConversationRead(conversation.id).then(() => {
      client.setQueryData(messagesQueryOptions(conversation.id).queryKey, (old) => old?.map((m) => (m.senderId !== userId ? { ...m, read: true } : m)));
      void client.invalidateQueries({ queryKey: conversationsQueryOptions.queryKey });
      // The server settled this chat's 'new message' notification too.
      void client.invalidateQueries({ queryKey: notificationsQueryOptions.queryKey });
    });
  }, [unreadFromThem, conversation.id, client, userId]);

  // A block body on purpose: newer Chromium returns a Promise from scrollIntoView, and an
  // effect may only return a cleanup function.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [list.length, failed.length]);

  const deliver = async (message: Pending) => {
    const key = messagesQueryOptions(conversation.id).queryKey;
    setFailed((f) => f.filter((m) => m.clientKey !== message.clientKey));
    client.setQueryData(key, (old) => mergeMessages(old, [message]));
    try {
      const stored = await sendMessage(conversation.id, message.content, message.clientKey);
      client.setQueryData(key, (old) => mergeMessages(old, [stored]));
      void client.invalidateQueries({ queryKey: conversationsQueryOptions.queryKey });
    } catch {
      client.setQueryData(key, (old) => old?.filter((m) => m.clientKey !== message.clientKey));
      setFailed((f) => [...f, { ...message, failed: true }]);
    }
  };

  const submit = (text = draft, confirmed = false) => {
    const content = text.trim();
    if (!content || content.length > MESSAGE_MAX_LENGTH) return;
    const nudge = nudgeFor(content);
    if (nudge && !confirmed) return setUnsure(content);
    setUnsure(null);
    setDraft('');
    const clientKey = crypto.randomUUID();
    void deliver({ id: `pending-${clientKey}`, clientKey, conversationId: conversation.id, senderId: userId, content, type: 'text', createdAt: new Date().toISOString(), read: false, seen: null, nudge });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };

  const tooLong = draft.length > MESSAGE_MAX_LENGTH;
  return (
    <section className="flex h-full min-h-0 flex-col" aria-label={`Chat with ${conversation.other.name}`}>
      <header className="flex items-center gap-3 border-b p-3">
        <Button variant="ghost" size="icon" className="md:hidden" onClick={onBack} aria-label="Back to conversations">
          <ArrowLeft />
        </Button>
        {conversation.other.thumbUrl ? (
          <img src={conversation.other.thumbUrl} alt="" className="size-10 rounded-full object-cover" />
        ) : (
          <div className="flex size-10 items-center justify-center rounded-full bg-secondary font-semibold text-secondary-foreground">{conversation.other.name[0]}</div>
        )}
        <h2 className="min-w-0 flex-1 truncate font-semibold">{conversation.other.name}</h2>
        <SafetyMenu member={conversation.other} conversationId={conversation.id} matchId={conversation.matchId} onEnded={onBack} />
      </header>
      <DateBar conversationId={conversation.id} otherName={conversation.other.name} startOpen={startVerify} />
      <div className="min-h-0 flex-1 overflow-y-auto p-4" aria-live="polite">
        {query.isPending ? (
          <div className="flex justify-center py-10"><Spinner /></div>
        ) : list.length === 0 && failed.length === 0 ? (
          <div className="grid gap-3 py-6 text-center">
            <p className="text-sm text-muted-foreground">Say hello! A few ideas:</p>
            <ul className="flex flex-wrap justify-center gap-2" aria-label="Message suggestions">
              {MESSAGE_SUGGESTIONS.map((text) => (
                <li key={text}>
                  <Button variant="secondary" size="sm" className="h-auto whitespace-normal py-1.5 text-left" onClick={() => submit(text)}>{text}</Button>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <ol className="grid gap-2" aria-label="Messages">
            {[...list, ...failed].map((message) => {
              const mine = message.senderId === userId;
              const isFailed = (message as Pending).failed;
              return (
                <li key={message.clientKey} className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}>
                  <div className={cn('max-w-[80%] whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-sm', mine ? 'bg-primary text-primary-foreground' : 'bg-muted', message.id.startsWith('pending-') && !isFailed && 'opacity-70')}>
                    {message.content}
                    {isFailed && (
                      <p className="mt-1 flex items-center gap-2 text-xs">
                        {MESSAGE_TEXT.sendFailed}
                        <button type="button" className="inline-flex items-center gap-1 underline" onClick={() => void deliver({ ...message, failed: false })}>
                          <RotateCcw className="size-3" aria-hidden /> Retry
                        </button>
                      </p>
                    )}
                  </div>
                  {!mine && message.nudge && <NudgePrompt message={message} other={conversation.other} />}
                  {message === lastMine && message.seen !== null && (
                    <p className="mt-0.5 flex items-center gap-1 text-[11px] text-muted-foreground" data-testid="read-receipt">
                      {message.seen ? <CheckCheck className="size-3.5 text-primary" aria-hidden /> : <Check className="size-3.5" aria-hidden />}
                      {message.seen ? 'Seen' : 'Delivered'}
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
        )}
        <div ref={bottom} />
      </div>
      <form className="grid gap-1 border-t p-3" onSubmit={(event) => (event.preventDefault(), submit())}>
        <div className="flex items-end gap-2">
          <label htmlFor="message-draft" className="sr-only">Message</label>
          <textarea
            id="message-draft"
            rows={1}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder="Write a message"
            aria-invalid={tooLong || undefined}
            className="max-h-40 min-h-10 flex-1 resize-none rounded-xl border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
          <Button type="submit" size="icon" aria-label="Send" disabled={!draft.trim() || tooLong}>
            <Send />
          </Button>
        </div>
        {tooLong && <p role="alert" className="text-xs text-destructive">{MESSAGE_TEXT.tooLong}</p>}
      </form>
      <ConfirmDialog
        open={unsure !== null}
        onOpenChange={(open) => !open && setUnsure(null)}
        title={SAFETY_TEXT.nudgeSender.title}
        description={unsure && nudgeFor(unsure) === 'off_platform' ? SAFETY_TEXT.nudgeSender.offPlatform : SAFETY_TEXT.nudgeSender.description}
        confirmLabel={SAFETY_TEXT.nudgeSender.send}
        cancelLabel={SAFETY_TEXT.nudgeSender.edit}
        onConfirm={() => unsure && submit(unsure, true)}
      />
    </section>
  );
}
