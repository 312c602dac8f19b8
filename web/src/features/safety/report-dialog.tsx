import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { Modal, ModalCancel } from '@/components/ui/modal';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import {
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  SAFETY_TEXT,
  ZReportForm,
  type ReportReason,
  type TReportForm,
  type TReportInput,
} from '@contracts/safety';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { fileReport, hiddenWordsQueryOptions, hideWords, refreshAfterSafetyAction, splitWords } from './safety-api';
import { ErrorText } from '@/components/ui/error-text';

/** Where the report is made from: who, and the chat or past match that supplies the evidence. */
export type ReportTarget = {
  subjectId: string;
  name: string;
  source: TReportInput['source'];
  conversationId?: string;
  pastMatchId?: string;
  messageId?: string;
  /** The reported message's text, quoted in the details to start them. */
  quote?: string;
  reason?: ReportReason;
};

export function ReportDialog({
  target,
  onClose,
  onSent,
}: {
  target: ReportTarget | null;
  onClose: () => void;
  onSent?: () => void;
}) {
  return (
    <Modal open={!!target} onOpenChange={(open) => !open && onClose()} className="w-[min(94vw,30rem)]">
      {target && (
        <ReportForm
          key={`${target.subjectId}:${target.messageId ?? ''}`}
          target={target}
          onDone={() => {
            onSent?.();
            onClose();
          }}
        />
      )}
    </Modal>
  );
}

/** The message, quoted to start the details (within their length limit). */
const quoted = (text: string) => {
  const room = REPORT_DETAILS_MAX - 'Their message: ""'.length;
  return `Their message: "${text.length > room ? `${text.slice(0, room - 3)}...` : text}"`;
};

function ReportForm({ target, onDone }: { target: ReportTarget; onDone: () => void }) {
  const client = useQueryClient();
  // One key per filled-in form (a retried submission opens one case), and one per reported
  // message: reporting the same message again finds the first report.
  const [clientKey] = useState(() => (target.messageId ? `message-${target.messageId}` : crypto.randomUUID()));
  const form = useForm<TReportForm>({
    resolver: zodResolver(ZReportForm),
    defaultValues: { reason: target.reason, details: target.quote ? quoted(target.quote) : '', alsoBlock: false },
  });
  const { errors, isSubmitting } = form.formState;
  // Offered here: the words that upset the member, hidden from now on (their own list, not the report).
  const [hide, setHide] = useState('');

  const submit = form.handleSubmit(async (values) => {
    try {
      await fileReport({
        ...values,
        subjectId: target.subjectId,
        source: target.source,
        conversationId: target.conversationId,
        pastMatchId: target.pastMatchId,
        messageId: target.messageId,
        clientKey,
      });
      toast.success(SAFETY_TEXT.reportSent.title, { description: SAFETY_TEXT.reportSent.description });
      if (splitWords(hide).length)
        await hideWords(splitWords(hide)).then(
          (list) => client.setQueryData(hiddenWordsQueryOptions.queryKey, list),
          (error: unknown) =>
            toast.error('Your words were not hidden', { description: errorMessage(error, 'Add them in Settings.') }),
        );
      refreshAfterSafetyAction(client);
      onDone();
    } catch (error) {
      toast.error(SAFETY_TEXT.reportFailed, { description: errorMessage(error, 'Please try again.') });
    }
  });

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="grid gap-1">
        <Dialog.Title className="text-lg font-semibold">Report {target.name}</Dialog.Title>
        <Dialog.Description className="text-sm text-muted-foreground">
          Reports are confidential. {target.name} is not told who reported them. Our team reviews every report within 24
          hours.
        </Dialog.Description>
      </div>
      <fieldset className="grid gap-1.5" aria-describedby={errors.reason ? 'report-reason-error' : undefined}>
        <legend className="mb-1 text-sm font-medium">Reason</legend>
        {(Object.entries(REPORT_REASONS) as [ReportReason, string][]).map(([value, label]) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-2.5 rounded-lg border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
          >
            <input type="radio" value={value} {...form.register('reason')} className="accent-[var(--color-primary)]" />
            {label}
          </label>
        ))}
        {errors.reason && <ErrorText id="report-reason-error">{errors.reason.message}</ErrorText>}
      </fieldset>
      <Field
        label="Details"
        optional
        error={errors.details?.message}
        hint="What happened? Anything you add helps the team decide."
      >
        <Textarea {...form.register('details')} rows={3} />
      </Field>
      <label className="flex items-center gap-2.5 text-sm">
        <input type="checkbox" {...form.register('alsoBlock')} className="size-4 accent-[var(--color-primary)]" />
        Also block {target.name}
      </label>
      <Field
        label="Hide messages with these words"
        optional
        hint="From anyone, from now on: they go to a Hidden folder. Separate words with commas; change them in Settings."
      >
        <Input value={hide} onChange={(event) => setHide(event.target.value)} placeholder="e.g. money, venmo" />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <ModalCancel />
        <Button type="submit" variant="destructive" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send report'}
        </Button>
      </div>
    </form>
  );
}
