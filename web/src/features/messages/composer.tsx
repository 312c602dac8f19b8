import type { KeyboardEvent } from 'react';
import { Send } from 'lucide-react';
import { MESSAGE_MAX_LENGTH, MESSAGE_TEXT } from '@contracts/messages-api';
import { Button } from '@/components/ui/button';

/** The message box: Enter sends, Shift+Enter starts a new line, and too long a text says so. */
export function Composer({
  draft,
  onDraft,
  onSubmit,
}: {
  draft: string;
  onDraft: (text: string) => void;
  onSubmit: () => void;
}) {
  const tooLong = draft.length > MESSAGE_MAX_LENGTH;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      onSubmit();
    }
  };
  return (
    <form
      className="grid gap-1 border-t p-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <div className="flex items-end gap-2">
        <label htmlFor="message-draft" className="sr-only">
          Message
        </label>
        <textarea
          id="message-draft"
          rows={1}
          value={draft}
          onChange={(event) => onDraft(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Write a message"
          aria-invalid={tooLong || undefined}
          className="max-h-40 min-h-10 flex-1 resize-none rounded-xl border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
        <Button type="submit" size="icon" aria-label="Send" disabled={!draft.trim() || tooLong}>
          <Send />
        </Button>
      </div>
      {tooLong && (
        <p role="alert" className="text-xs text-destructive">
          {MESSAGE_TEXT.tooLong}
        </p>
      )}
    </form>
  );
}
