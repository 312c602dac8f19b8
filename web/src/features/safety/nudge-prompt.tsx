import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { toast } from '@/lib/toast';
import type { TMessage } from '@contracts/messages-api';
import { NUDGE_REPORT_REASON, SAFETY_TEXT } from '@contracts/safety';
import { errorMessage } from '@/lib/api-client';
import { fileReport, refreshAfterSafetyAction } from './safety-api';

const ANSWERED_KEY = 'vouch.nudges-answered';
const answered = (): string[] => {
  try {
    return JSON.parse(localStorage.getItem(ANSWERED_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
};
const remember = (messageId: string) => localStorage.setItem(ANSWERED_KEY, JSON.stringify([...answered().slice(-200), messageId]));

/** Under a received message that matched a safety nudge: 'Does this bother you?', with a one-tap report. */
export function NudgePrompt({ message, other }: { message: TMessage; other: { userId: string; name: string } }) {
  const client = useQueryClient();
  const [hidden, setHidden] = useState(() => answered().includes(message.id));
  const [sending, setSending] = useState(false);
  if (hidden || !message.nudge) return null;

  const close = () => {
    remember(message.id);
    setHidden(true);
  };
  const report = async () => {
    setSending(true);
    try {
      await fileReport({
        subjectId: other.userId,
        reason: NUDGE_REPORT_REASON[message.nudge!],
        source: 'message',
        conversationId: message.conversationId,
        messageId: message.id,
        clientKey: `nudge-${message.id}`,
      });
      toast.success(SAFETY_TEXT.reportSent.title, { description: SAFETY_TEXT.reportSent.description });
      refreshAfterSafetyAction(client);
      close();
    } catch (error) {
      toast.error(SAFETY_TEXT.reportFailed, { description: errorMessage(error, 'Please try again.') });
    } finally {
      setSending(false);
    }
  };

  return (
    <div role="group" aria-label="Safety check" className="mt-1 flex flex-wrap items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-1.5 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      <ShieldAlert className="size-3.5" aria-hidden />
      <span>{SAFETY_TEXT.nudgeRecipient.question}</span>
      <button type="button" className="font-semibold underline" disabled={sending} onClick={() => void report()}>
        {SAFETY_TEXT.nudgeRecipient.report}
      </button>
      <button type="button" className="underline" onClick={close}>
        {SAFETY_TEXT.nudgeRecipient.dismiss}
      </button>
    </div>
  );
}
