import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { MESSAGE_MAX_LENGTH, type TConversation } from '@contracts/messages-api';
import { SAFETY_TEXT, type NudgeKind } from '@contracts/safety';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SpinnerBlock } from '@/components/ui/spinner';
import { SafetyMenu } from '@/features/safety';
import { DateBar } from '@/features/trust';
import { Composer } from './composer';
import { MessageList, MessageSuggestions } from './message-list';
import { messagesQueryOptions } from './messages-api';
import { useMarkRead } from './use-mark-read';
import { loadNudgeLexicon, usePrefetchNudgeLexicon } from './use-nudge-lexicon';
import { useSendMessage } from './use-send-message';

type ChatPaneProps = { conversation: TConversation; userId: string; onBack: () => void; startVerify?: boolean };

/** One conversation: who it is with, the date bar, the messages and the composer. */
export function ChatPane({ conversation, userId, onBack, startVerify = false }: ChatPaneProps) {
  const query = useQuery(messagesQueryOptions(conversation.id));
  const messages = query.data ?? [];
  const { failed, send, retry } = useSendMessage(conversation.id, userId);
  const [draft, setDraft] = useState('');
  /** A draft that matched a safety nudge, waiting for 'Send anyway'. */
  const [unsure, setUnsure] = useState<{ text: string; nudge: NudgeKind } | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  useMarkRead(conversation.id, userId, messages);
  usePrefetchNudgeLexicon();

  // A block body on purpose: newer Chromium returns a Promise from scrollIntoView, and an
  // effect may only return a cleanup function.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, failed.length]);

  /**
   * Sends a text, unless it matches a safety nudge the sender has not confirmed yet. Should the
   * lexicon fail to load, the text goes without the question: the server still flags it for the
   * recipient ('Does this bother you?').
   */
  const submit = async (text = draft, confirmed = false) => {
    const content = text.trim();
    if (!content || content.length > MESSAGE_MAX_LENGTH) return;
    const nudge = await loadNudgeLexicon().then(
      (lexicon) => lexicon.nudgeFor(content),
      () => null,
    );
    if (nudge && !confirmed) return setUnsure({ text: content, nudge });
    setUnsure(null);
    setDraft('');
    send(content, nudge);
  };

  return (
    <section className="flex h-full min-h-0 flex-col" aria-label={`Chat with ${conversation.other.name}`}>
      <ChatHeader conversation={conversation} onBack={onBack} />
      <DateBar conversationId={conversation.id} otherName={conversation.other.name} startOpen={startVerify} />
      <div className="min-h-0 flex-1 overflow-y-auto p-4" aria-live="polite">
        {query.isPending ? (
          <SpinnerBlock className="py-10" />
        ) : messages.length === 0 && failed.length === 0 ? (
          <MessageSuggestions onPick={(text) => void submit(text)} />
        ) : (
          <MessageList messages={messages} failed={failed} userId={userId} other={conversation.other} onRetry={retry} />
        )}
        <div ref={bottom} />
      </div>
      <Composer draft={draft} onDraft={setDraft} onSubmit={() => void submit()} />
      <ConfirmDialog
        open={unsure !== null}
        onOpenChange={(open) => !open && setUnsure(null)}
        title={SAFETY_TEXT.nudgeSender.title}
        description={
          unsure?.nudge === 'off_platform' ? SAFETY_TEXT.nudgeSender.offPlatform : SAFETY_TEXT.nudgeSender.description
        }
        confirmLabel={SAFETY_TEXT.nudgeSender.send}
        cancelLabel={SAFETY_TEXT.nudgeSender.edit}
        onConfirm={() => unsure && void submit(unsure.text, true)}
      />
    </section>
  );
}

function ChatHeader({ conversation, onBack }: { conversation: TConversation; onBack: () => void }) {
  const { other } = conversation;
  return (
    <header className="flex items-center gap-3 border-b p-3">
      <Button variant="ghost" size="icon" className="md:hidden" onClick={onBack} aria-label="Back to conversations">
        <ArrowLeft />
      </Button>
      {other.thumbUrl ? (
        <img src={other.thumbUrl} alt="" className="size-10 rounded-full object-cover" />
      ) : (
        <div className="flex size-10 items-center justify-center rounded-full bg-secondary font-semibold text-secondary-foreground">
          {other.name[0]}
        </div>
      )}
      <h2 className="min-w-0 flex-1 truncate font-semibold">{other.name}</h2>
      <SafetyMenu member={other} conversationId={conversation.id} matchId={conversation.matchId} onEnded={onBack} />
    </header>
  );
}
