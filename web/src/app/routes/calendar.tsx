import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CalendarHeart, CalendarX, Camera, Check, Clock, MapPin, Share2, Star, X } from 'lucide-react';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import { PLACE_MAX } from '@contracts/trust-constants';
import type { TDatePlan } from '@contracts/trust';
import { displayName } from '@contracts/profile-constants';
import { localDateTime } from '@contracts/times';
import { PageHeader, TitledSection } from '@/components/page/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardIconTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { CheckInPanel, DetachedCheckIns } from '@/features/check-ins';
import { matchesQueryOptions } from '@/features/discovery/discovery-api';
import {
  answerDate,
  cancelDate,
  plansQueryOptions,
  proposeDate,
  refreshAfterOwnDateChange,
  shareDate,
  stopSharingDate,
} from '@/features/trust/trust-api';
import { errorMessage } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { RequireMember } from '../guards';
import { PageQuery } from '@/components/page/query-view';

const ZWhen = z
  .object({
    date: z.string().min(1, 'Choose a day'),
    time: z.string().min(1, 'Choose a time'),
    place: z.string().trim().min(2, 'Where will you meet?').max(PLACE_MAX),
  })
  .refine((v) => new Date(`${v.date}T${v.time}`).getTime() > Date.now(), {
    message: 'Choose a time in the future.',
    path: ['time'],
  });
const ZProposal = ZWhen.and(z.object({ conversationId: z.string().min(1, 'Choose a match') }));
type When = z.infer<typeof ZWhen>;

const startsAt = (v: When) => new Date(`${v.date}T${v.time}`).toISOString();
const formatWhen = (iso: string) => localDateTime(new Date(iso));

function WhenFields({ form }: { form: ReturnType<typeof useForm<When & { conversationId?: string }>> }) {
  const { errors } = form.formState;
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Day" error={errors.date?.message}>
          <Input type="date" {...form.register('date')} />
        </Field>
        <Field label="Time" error={errors.time?.message}>
          <Input type="time" {...form.register('time')} />
        </Field>
      </div>
      <Field label="Place" error={errors.place?.message} hint="Somewhere public for a first date.">
        <Input {...form.register('place')} placeholder="Café, park, museum..." />
      </Field>
    </>
  );
}

function ProposeForm() {
  const client = useQueryClient();
  const matches = useQuery(matchesQueryOptions);
  const form = useForm<When & { conversationId?: string }>({
    resolver: zodResolver(ZProposal) as never,
    defaultValues: { conversationId: '', date: '', time: '19:00', place: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await proposeDate({ conversationId: values.conversationId!, startsAt: startsAt(values), place: values.place });
      toast.success('Date proposed', { description: 'Your match can accept it, or propose another time.' });
      form.reset({ conversationId: '', date: '', time: '19:00', place: '' });
      refreshAfterOwnDateChange(client);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not propose the date.'));
    }
  });
  const options = (matches.data ?? []).filter((m) => m.conversationId);
  return (
    <Card>
      <CardHeader>
        <CardIconTitle icon={CalendarHeart}>Propose a date</CardIconTitle>
      </CardHeader>
      <CardContent>
        {options.length === 0 && !matches.isPending ? (
          <p className="text-sm text-muted-foreground">Match with someone first, then plan your date here.</p>
        ) : (
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <Field label="With" error={form.formState.errors.conversationId?.message}>
              <Select {...form.register('conversationId')}>
                <option value="">Choose a match</option>
                {options.map((m) => (
                  <option key={m.matchId} value={m.conversationId!}>
                    {displayName(m.profile.name)}
                  </option>
                ))}
              </Select>
            </Field>
            <WhenFields form={form} />
            <Button type="submit" className="justify-self-start" disabled={form.formState.isSubmitting}>
              Propose date
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

function CounterForm({ plan, onDone }: { plan: TDatePlan; onDone: () => void }) {
  const client = useQueryClient();
  const form = useForm<When>({
    resolver: zodResolver(ZWhen),
    defaultValues: { date: '', time: '', place: plan.place },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      client.setQueryData(
        plansQueryOptions.queryKey,
        (await answerDate(plan.id, { action: 'counter', startsAt: startsAt(values), place: values.place })).plans,
      );
      toast.success('Another time proposed');
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, 'Could not propose another time.'));
    }
  });
  return (
    <form className="grid gap-3 rounded-xl border p-3" onSubmit={submit} noValidate aria-label="Propose another time">
      <WhenFields form={form as never} />
      <div className="flex gap-2">
        <Button type="submit" size="sm">
          Send
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

const STATUS: Record<TDatePlan['status'], { label: string; className: string }> = {
  proposed: { label: 'Proposed', className: 'pill-waiting' },
  accepted: { label: 'Accepted', className: 'pill-good' },
  declined: { label: 'Declined', className: 'pill-neutral' },
  replaced: { label: 'Replaced', className: 'pill-neutral' },
  cancelled: { label: 'Cancelled', className: 'pill-neutral' },
};

function PlanCard({ plan, past }: { plan: TDatePlan; past: boolean }) {
  const client = useQueryClient();
  const [countering, setCountering] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const answer = useMutation({
    mutationFn: (action: 'accept' | 'decline') => answerDate(plan.id, { action }),
    onSuccess: (result, action) => {
      client.setQueryData(plansQueryOptions.queryKey, result.plans);
      toast.success(action === 'accept' ? 'Date accepted' : 'Date declined');
    },
    onError: (error) => toast.error(errorMessage(error, 'Please try again.')),
  });
  const share = async () => {
    try {
      const { path } = await shareDate(plan.id);
      const url = `${window.location.origin}${path}`;
      setLink(url);
      await navigator.clipboard?.writeText(url).catch(() => undefined);
      toast.success('Link ready', {
        description: 'Send it to a friend you trust. It stops working when the date is over, or when you stop sharing.',
      });
      void client.invalidateQueries({ queryKey: plansQueryOptions.queryKey });
    } catch (error) {
      toast.error(errorMessage(error, 'Could not create the link.'));
    }
  };
  const stopSharing = useMutation({
    mutationFn: () => stopSharingDate(plan.id),
    onSuccess: () => {
      setLink(null);
      toast.success('Sharing stopped', { description: 'The link no longer shows anything.' });
      void client.invalidateQueries({ queryKey: plansQueryOptions.queryKey });
    },
    onError: (error) => toast.error(errorMessage(error, 'Please try again.')),
  });
  const cancel = useMutation({
    mutationFn: () => cancelDate(plan.id),
    onSuccess: (result) => {
      client.setQueryData(plansQueryOptions.queryKey, result.plans);
      void client.invalidateQueries({ queryKey: ['check-ins'] });
      setCancelling(false);
      toast.success('Date cancelled', { description: `${plan.other.name} has been told.` });
    },
    onError: (error) => toast.error(errorMessage(error, 'Please try again.')),
  });
  const waitingForMe = plan.status === 'proposed' && !plan.proposedByMe && !past;
  return (
    <Card className="grid gap-3 p-4" aria-label={`Date with ${plan.other.name}`}>
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{plan.other.name}</p>
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <Clock className="size-3.5" aria-hidden /> {formatWhen(plan.startsAt)}
          </p>
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <MapPin className="size-3.5" aria-hidden /> {plan.place}
          </p>
        </div>
        <span className={cn('pill', STATUS[plan.status].className)}>
          {plan.status === 'proposed' && plan.proposedByMe ? 'Waiting for reply' : STATUS[plan.status].label}
        </span>
      </div>
      <div className="flex flex-wrap gap-2 empty:hidden">
        {waitingForMe && (
          <>
            <Button size="sm" onClick={() => answer.mutate('accept')} disabled={answer.isPending}>
              <Check aria-hidden /> Accept
            </Button>
            <Button size="sm" variant="outline" onClick={() => answer.mutate('decline')} disabled={answer.isPending}>
              <X aria-hidden /> Decline
            </Button>
            <Button size="sm" variant="outline" onClick={() => setCountering(true)}>
              Propose another time
            </Button>
          </>
        )}
        {!past && plan.status === 'accepted' && (
          <Button size="sm" variant="ghost" onClick={() => void share()}>
            <Share2 aria-hidden /> Share my date
          </Button>
        )}
        {!past && (plan.status === 'accepted' || (plan.status === 'proposed' && plan.proposedByMe)) && (
          <Button size="sm" variant="ghost" onClick={() => setCancelling(true)}>
            <CalendarX aria-hidden /> Cancel date
          </Button>
        )}
        <CheckInPanel plan={plan} />
        {plan.sharing && (
          <Button size="sm" variant="ghost" onClick={() => stopSharing.mutate()} disabled={stopSharing.isPending}>
            <X aria-hidden /> Stop sharing
          </Button>
        )}
        {past && plan.status === 'accepted' && plan.dateStatus !== 'confirmed' && (
          <Button asChild size="sm">
            <Link to={`${paths.messages}?conversation=${plan.conversationId}&verify=1`}>
              <Camera aria-hidden /> Verify this date
            </Link>
          </Button>
        )}
        {/* Rating belongs to a date that happened: accepted, over, and verified by both. */}
        {past && plan.status === 'accepted' && plan.dateStatus === 'confirmed' && (
          <Button asChild size="sm" variant={plan.ratedByMe ? 'outline' : 'default'}>
            <Link to={`${paths.dateHistory}?conversation=${plan.conversationId}`}>
              <Star aria-hidden /> {plan.ratedByMe ? 'See ratings' : 'Rate Date'}
            </Link>
          </Button>
        )}
      </div>
      {countering && <CounterForm plan={plan} onDone={() => setCountering(false)} />}
      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title={`Cancel your date with ${plan.other.name}?`}
        description="They are told at once, and a shared link stops working. A check-in you set stays on until you turn it off."
        confirmLabel="Cancel date"
        cancelLabel="Keep it"
        destructive
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate()}
      />
      {link && (
        <label className="grid gap-1 text-xs text-muted-foreground">
          Share this link with a trusted friend
          <Input readOnly value={link} onFocus={(event) => event.target.select()} aria-label="Shared date link" />
        </label>
      )}
    </Card>
  );
}

function PlanLists({ list }: { list: TDatePlan[] }) {
  const now = Date.now();
  const over = (p: TDatePlan) => p.status === 'declined' || p.status === 'cancelled';
  const upcoming = list.filter((p) => new Date(p.startsAt).getTime() >= now && !over(p));
  const past = list.filter((p) => new Date(p.startsAt).getTime() < now || over(p)).reverse();
  return (
    <div className="grid content-start gap-6">
      <DetachedCheckIns />
      <TitledSection
        id="upcoming-heading"
        title="Upcoming"
        className="grid gap-3"
        headingClassName="text-lg font-semibold"
      >
        {upcoming.length === 0 ? (
          <p className="rounded-xl bg-muted/60 p-4 text-sm text-muted-foreground">No dates planned yet.</p>
        ) : (
          upcoming.map((p) => <PlanCard key={p.id} plan={p} past={false} />)
        )}
      </TitledSection>
      {past.length > 0 && (
        <TitledSection id="past-heading" title="Past" className="grid gap-3" headingClassName="text-lg font-semibold">
          {past.map((p) => (
            <PlanCard key={p.id} plan={p} past />
          ))}
        </TitledSection>
      )}
    </div>
  );
}

export function Component() {
  usePageMeta('Date Calendar · Vouch');
  return (
    <RequireMember>
      <div className="mx-auto grid max-w-5xl items-start gap-6 px-4 py-10 lg:grid-cols-[22rem_1fr]">
        <div className="lg:col-span-2">
          <PageHeader title="Date Calendar">
            Plan dates with your matches, and let a friend know where you will be.
          </PageHeader>
        </div>
        <ProposeForm />
        <PageQuery options={plansQueryOptions} failure="Could not load your dates.">
          {(list) => <PlanLists list={list} />}
        </PageQuery>
      </div>
    </RequireMember>
  );
}
