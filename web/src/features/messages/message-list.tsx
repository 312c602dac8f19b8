import { useState } from 'react';
import { Check, CheckCheck, EyeOff, RotateCcw } from 'lucide-react';
import { MESSAGE_SUGGESTIONS, MESSAGE_TEXT, type TConversation, type TMessage } from '@contracts/messages-api';
import { Button } from '@/components/ui/button';
import { NudgePrompt } from '@/features/safety';
import { cn } from '@/lib/utils';
import type { OutgoingMessage } from './use-send-message';

/** A first message to pick, while the conversation is empty. */
export function MessageSuggestions({ onPick }: { onPick: (text: string) => void }) {
  return (
    <div className="grid gap-3 py-6 text-center">
      <p className="text-sm text-muted-foreground">Say hello! A few ideas:</p>
      <ul className="flex flex-wrap justify-center gap-2" aria-label="Message suggestions">
        {MESSAGE_SUGGESTIONS.map((text) => (
          <li key={text}>
            <Button
              variant="secondary"
              size="sm"
              className="h-auto whitespace-normal py-1.5 text-left"
              onClick={() => onPick(text)}
            >
              {text}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A message with a word the member hid: folded until they choose to read it. */
function HiddenText({ text }: { text: string }) {
  const [shown, setShown] = useState(false);
  if (shown) return <>{text}</>;
  return (
    <span className="flex flex-wrap items-center gap-2 text-muted-foreground">
      <EyeOff className="size-4" aria-hidden /> Hidden: it contains a word you hid.
      <button type="button" className="font-medium text-foreground underline" onClick={() => setShown(true)}>
        Show
      </button>
    </span>
  );
}

/** Delivered or Seen, under the member's latest message (Seen needs Premium: otherwise null). */
function ReadReceipt({ seen }: { seen: boolean }) {
  return (
    <p className="mt-0.5 flex items-center gap-1 text-[11px] text-muted-foreground" data-testid="read-receipt">
      {seen ? <CheckCheck className="size-3.5 text-primary" aria-hidden /> : <Check className="size-3.5" aria-hidden />}
      {seen ? 'Seen' : 'Delivered'}
    </p>
  );
}

type MessageListProps = {
  messages: TMessage[];
  failed: OutgoingMessage[];
  userId: string;
  other: TConversation['other'];
  onRetry: (message: OutgoingMessage) => void;
};

/** The conversation's messages, oldest first: text only, never HTML. */
export function MessageList({ messages, failed, userId, other, onRetry }: MessageListProps) {
  const lastMine = messages.findLast((m) => m.senderId === userId);
  return (
    <ol className="grid gap-2" aria-label="Messages">
      {[...messages, ...failed].map((message) => {
        const mine = message.senderId === userId;
        const isFailed = (message as OutgoingMessage).failed;
        return (
          <li key={message.clientKey} className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}>
            <div
              className={cn(
                'max-w-[80%] whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-sm',
                mine ? 'bg-primary text-primary-foreground' : 'bg-muted',
                message.id.startsWith('pending-') && !isFailed && 'opacity-70',
              )}
            >
              {message.hidden ? <HiddenText text={message.content} /> : message.content}
              {isFailed && (
                <p className="mt-1 flex items-center gap-2 text-xs">
                  {MESSAGE_TEXT.sendFailed}
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 underline"
                    onClick={() => onRetry(message)}
                  >
                    <RotateCcw className="size-3" aria-hidden /> Retry
                  </button>
                </p>
              )}
            </div>
            {!mine && message.nudge && <NudgePrompt message={message} other={other} />}
            {message === lastMine && message.seen !== null && <ReadReceipt seen={message.seen} />}
          </li>
        );
      })}
    </ol>
  );
}
