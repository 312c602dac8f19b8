import { useState } from 'react';
import { ShieldAlert } from 'lucide-react';
import type { TMessage } from '@contracts/messages-api';
import { NUDGE_REPORT_REASON, SAFETY_TEXT } from '@contracts/safety';
import { ReportDialog, type ReportTarget } from './report-dialog';

const ANSWERED_KEY = 'vouch.nudges-answered';
const answered = (): string[] => {
  try {
    return JSON.parse(localStorage.getItem(ANSWERED_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
};
const remember = (messageId: string) =>
  localStorage.setItem(ANSWERED_KEY, JSON.stringify([...answered().slice(-200), messageId]));

/**
 * Under a received message that matched a safety nudge: 'Does this bother you?'. Report opens the
 * report form, prefilled with the message and a reason; once it is sent (or the member says it
 * is fine) the prompt goes, for good, on this device.
 */
export function NudgePrompt({ message, other }: { message: TMessage; other: { userId: string; name: string } }) {
  const [hidden, setHidden] = useState(() => answered().includes(message.id));
  const [reporting, setReporting] = useState(false);
  if (hidden || !message.nudge) return null;

  const close = () => {
    remember(message.id);
    setHidden(true);
  };
  const target: ReportTarget = {
    subjectId: other.userId,
    name: other.name,
    source: 'message',
    conversationId: message.conversationId,
    messageId: message.id,
    quote: message.content,
    reason: NUDGE_REPORT_REASON[message.nudge],
  };

  return (
    <div
      role="group"
      aria-label="Safety check"
      className="mt-1 flex flex-wrap items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-1.5 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <ShieldAlert className="size-3.5" aria-hidden />
      <span>{SAFETY_TEXT.nudgeRecipient.question}</span>
      <button type="button" className="font-semibold underline" onClick={() => setReporting(true)}>
        {SAFETY_TEXT.nudgeRecipient.report}
      </button>
      <button type="button" className="underline" onClick={close}>
        {SAFETY_TEXT.nudgeRecipient.dismiss}
      </button>
      <ReportDialog target={reporting ? target : null} onClose={() => setReporting(false)} onSent={close} />
    </div>
  );
}
