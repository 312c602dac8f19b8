import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { Link } from 'react-router';
import { BellRing, Check, LifeBuoy, Pencil, X } from 'lucide-react';
import { CHECK_IN_GRACE_MINUTES, CHECK_IN_NOTE_MAX, CHECK_IN_WINDOW_HOURS, type TCheckIn } from '@contracts/check-ins';
import type { TDatePlan } from '@contracts/trust';
import { localDateTime } from '@contracts/times';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Select, SubmitButton, Textarea } from '@/components/ui/input';
import { Modal, ModalCancel } from '@/components/ui/modal';
import { ApiError, errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { answerCheckIn, checkInsQueryOptions, contactQueryOptions, saveCheckIn, turnOffCheckIn } from './check-ins-api';
import { ErrorText } from '@/components/ui/error-text';

const HOUR = 3_600_000;
const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
/** A Date as a datetime-local input's value, in the browser's own time. */
const localInput = (date: Date) => {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
};
const alertTime = (checkIn: TCheckIn) =>
  timeOf(new Date(new Date(checkIn.checkAt).getTime() + checkIn.graceMinutes * 60_000).toISOString());

function CheckInDialog({
  plan,
  current,
  open,
  onOpenChange,
}: {
  plan: TDatePlan;
  current: TCheckIn | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const client = useQueryClient();
  const start = new Date(plan.startsAt);
  const [when, setWhen] = useState(() =>
    localInput(current ? new Date(current.checkAt) : new Date(start.getTime() + 2 * HOUR)),
  );
  const [grace, setGrace] = useState(String(current?.graceMinutes ?? 30));
  const [note, setNote] = useState(current?.note ?? '');
  const save = useMutation({
    mutationFn: () =>
      saveCheckIn(plan.id, {
        checkAt: new Date(when).toISOString(),
        graceMinutes: Number(grace) as (typeof CHECK_IN_GRACE_MINUTES)[number],
        note,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      }),
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: checkInsQueryOptions.queryKey });
      toast.success('Check-in set', { description: `We will ask you at ${timeOf(saved.checkAt)} if you are OK.` });
      onOpenChange(false);
    },
  });
  const errors = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  return (
    <Modal open={open} onOpenChange={onOpenChange} className="w-[min(94vw,30rem)]">
      <Dialog.Title className="text-lg font-semibold">Check in during your date</Dialog.Title>
      <Dialog.Description className="text-sm text-muted-foreground">
        We ask you at this time if you are OK. If you do not answer within the time you choose, your trusted contact
        gets an email with who you are meeting, where and when.
      </Dialog.Description>
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Field label="Ask me at" error={errors.checkAt}>
          <Input
            type="datetime-local"
            value={when}
            min={localInput(start)}
            max={localInput(new Date(start.getTime() + CHECK_IN_WINDOW_HOURS * HOUR))}
            onChange={(event) => setWhen(event.target.value)}
            required
          />
        </Field>
        <Field label="Email my contact if I have not answered after" error={errors.graceMinutes}>
          <Select value={grace} onChange={(event) => setGrace(event.target.value)}>
            {CHECK_IN_GRACE_MINUTES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes} minutes
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label="A note for your contact"
          optional
          hint={`Only sent if you miss the check-in. ${note.length}/${CHECK_IN_NOTE_MAX}`}
          error={errors.note}
        >
          <Textarea
            value={note}
            maxLength={CHECK_IN_NOTE_MAX}
            rows={3}
            placeholder="Meeting Sam for dinner, then maybe a walk by the river."
            onChange={(event) => setNote(event.target.value)}
          />
        </Field>
        {save.error && !Object.keys(errors).length && (
          <ErrorText>{errorMessage(save.error, 'Could not set the check-in.')}</ErrorText>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <ModalCancel />
          <SubmitButton pending={save.isPending} pendingLabel="Saving...">
            Set check-in
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}

const isLive = (checkIn: TCheckIn) => checkIn.status === 'scheduled' || checkIn.status === 'asked';
/** A check-in that still asks something of its owner: waiting, or missed (alerted or not). */
const needsOwner = (checkIn: TCheckIn) =>
  isLive(checkIn) || checkIn.status === 'alerted' || checkIn.status === 'unsent';

function useCheckInActions(checkIn: TCheckIn | undefined) {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: checkInsQueryOptions.queryKey });
  const answer = useMutation({
    mutationFn: () => answerCheckIn(checkIn!.id),
    onSuccess: (answered) => {
      refresh();
      toast.success(answered.alertedAt ? 'Glad you are OK. We told your contact.' : 'Glad you are OK', {
        description: 'The check-in is over.',
      });
    },
    onError: (error) => toast.error(errorMessage(error, 'Please try again.')),
  });
  const turnOff = useMutation({
    mutationFn: () => turnOffCheckIn(checkIn!.id),
    onSuccess: () => {
      refresh();
      toast.success('Check-in turned off');
    },
    onError: (error) => toast.error(errorMessage(error, 'Please try again.')),
  });
  return { answer, turnOff };
}

/**
 * Where one check-in stands, with I'm OK and Turn off. A check-in outlives its date: when the
 * other member cancelled or the match ended, it says so, and stays on until its owner turns it off.
 */
function CheckInState({ checkIn, onChange }: { checkIn: TCheckIn; onChange?: () => void }) {
  const contact = useQuery(contactQueryOptions);
  const { answer, turnOff } = useCheckInActions(checkIn);
  const contactName = contact.data?.confirmed ? contact.data.name : null;
  const live = isLive(checkIn);
  let body;
  if (checkIn.status === 'asked') {
    body = (
      <div role="alert" className="grid gap-2">
        <p className="flex items-center gap-2 font-semibold">
          <BellRing className="size-4 text-primary" aria-hidden /> Are you OK?
        </p>
        <p className="text-sm text-muted-foreground">
          {contactName
            ? `If you do not answer, we email ${contactName} at ${alertTime(checkIn)}.`
            : 'You have no confirmed trusted contact, so nobody can be alerted if you do not answer.'}
        </p>
      </div>
    );
  } else if (checkIn.status === 'scheduled') {
    body = (
      <p className="text-sm text-muted-foreground">
        We will ask you at <strong className="text-foreground">{timeOf(checkIn.checkAt)}</strong> if you are OK
        {contactName ? `, and email ${contactName} at ${alertTime(checkIn)} if you have not answered.` : '.'}
      </p>
    );
  } else if (checkIn.status === 'alerted') {
    body = (
      <p role="alert" className="text-sm">
        You missed your check-in, so we emailed {contactName ?? 'your contact'}. Press I&apos;m OK and we tell them you
        are fine.
      </p>
    );
  } else if (checkIn.status === 'unsent') {
    body = (
      <p role="alert" className="text-sm">
        You missed your check-in, and nobody could be alerted: you had no confirmed trusted contact. If you need help,
        call your local emergency number.
      </p>
    );
  } else {
    body = <p className="text-sm text-muted-foreground">You checked in: all good.</p>;
  }
  return (
    // A row of its own under the date's actions (it sits among them, full width).
    <div className="grid w-full gap-2 rounded-xl bg-muted/60 p-3" aria-label="Date check-in">
      <p className="flex items-center gap-2 text-xs font-semibold uppercase text-muted-foreground">
        <LifeBuoy className="size-3.5" aria-hidden /> Check-in
      </p>
      {checkIn.dateEnded && needsOwner(checkIn) && (
        <p className="text-sm font-medium">
          {checkIn.dateEnded === 'cancelled' ? 'This date was cancelled' : 'This match has ended'}: your check-in stays
          on until you turn it off.
        </p>
      )}
      {body}
      {live && !contactName && !contact.isPending && (
        <p className="text-sm text-destructive">
          Nobody will be alerted: your trusted contact has not confirmed.{' '}
          <Link to={`${paths.settings}#trusted-contact`} className="underline">
            Settings
          </Link>
        </p>
      )}
      <div className="flex flex-wrap gap-2 empty:hidden">
        {needsOwner(checkIn) && checkIn.status !== 'ok' && (
          <Button size="sm" onClick={() => answer.mutate()} disabled={answer.isPending}>
            <Check aria-hidden /> I&apos;m OK
          </Button>
        )}
        {checkIn.status === 'scheduled' && onChange && !checkIn.dateEnded && (
          <Button size="sm" variant="outline" onClick={onChange}>
            <Pencil aria-hidden /> Change
          </Button>
        )}
        {live && (
          <Button size="sm" variant="ghost" onClick={() => turnOff.mutate()} disabled={turnOff.isPending}>
            <X aria-hidden /> Turn off
          </Button>
        )}
      </div>
    </div>
  );
}

/** Shown on a date: set a check-in for an accepted one, see where one stands, and answer it. */
export function CheckInPanel({ plan }: { plan: TDatePlan }) {
  const checkIns = useQuery(checkInsQueryOptions);
  const contact = useQuery(contactQueryOptions);
  const [editing, setEditing] = useState(false);
  const current = checkIns.data?.find((c) => c.planId === plan.id);
  const windowEnd = new Date(plan.startsAt).getTime() + CHECK_IN_WINDOW_HOURS * HOUR;
  if (checkIns.isPending || contact.isPending) return null;
  const upcoming = Date.now() <= windowEnd;
  const dialog = editing && <CheckInDialog plan={plan} current={current} open={editing} onOpenChange={setEditing} />;

  // A check-in that needs its owner shows whatever became of the date.
  if (current && (needsOwner(current) || (current.status === 'ok' && upcoming))) {
    return (
      <>
        <CheckInState checkIn={current} onChange={() => setEditing(true)} />
        {dialog}
      </>
    );
  }
  // Nothing set yet: a quiet button among the date's actions, not a panel.
  if (plan.status !== 'accepted' || !upcoming) return null;
  return contact.data?.confirmed ? (
    <>
      <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
        <LifeBuoy aria-hidden /> Set a check-in
      </Button>
      {dialog}
    </>
  ) : (
    <Button asChild size="sm" variant="ghost">
      <Link
        to={`${paths.settings}#trusted-contact`}
        title="A check-in needs a trusted contact who has confirmed: add one in Settings"
      >
        <LifeBuoy aria-hidden /> Set a check-in
      </Link>
    </Button>
  );
}

/**
 * Check-ins whose date is gone from the calendar (the match ended: unmatched, blocked, left,
 * banned). They stay on, with what they were set for, until their owner turns them off.
 */
export function DetachedCheckIns() {
  const checkIns = useQuery(checkInsQueryOptions);
  const detached = (checkIns.data ?? []).filter((c) => c.planId === null && needsOwner(c));
  if (!detached.length) return null;
  return (
    <section aria-labelledby="detached-check-ins" className="grid gap-3">
      <h2 id="detached-check-ins" className="text-lg font-semibold">
        Check-ins still on
      </h2>
      {detached.map((checkIn) => (
        <div
          key={checkIn.id}
          className="grid gap-2 rounded-2xl border p-4"
          aria-label={`Date with ${checkIn.otherName}`}
        >
          <p className="font-semibold">{checkIn.otherName || 'Your date'}</p>
          <p className="text-sm text-muted-foreground">
            {checkIn.startsAt ? `${localDateTime(new Date(checkIn.startsAt))} · ` : ''}
            {checkIn.place}
          </p>
          <CheckInState checkIn={checkIn} />
        </div>
      ))}
    </section>
  );
}
