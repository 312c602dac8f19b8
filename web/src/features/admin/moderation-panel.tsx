import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, ShieldAlert, X } from 'lucide-react';
import { toast } from '@/lib/toast';
import { CASE_DECISIONS, type TCaseDecision, REPORT_OUTCOMES } from '@contracts/admin';
import { REPORT_REASONS, type TAdminReport } from '@contracts/safety';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select, Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import {
  approveSelfie,
  casesQueryOptions,
  decideCase,
  rejectSelfie,
  selfiesQueryOptions,
  type AdminSelfie,
  type CaseKind,
} from './admin-api';
import { PhotoMatchEvidence } from './photo-match';
import { QueryView } from '@/components/page/query-view';

const Empty = ({ children }: { children: React.ReactNode }) => (
  <p className="rounded-xl bg-muted/60 p-4 text-sm text-muted-foreground">{children}</p>
);

function SelfieReview({ selfie }: { selfie: AdminSelfie }) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (approve: boolean): Promise<unknown> =>
      approve ? approveSelfie(selfie.id) : rejectSelfie(selfie.id, reason),
    onSuccess: (_r, approve) => {
      toast.success(approve ? 'Selfie approved' : 'Selfie rejected', { description: `${selfie.name} has been told.` });
      void client.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => toast.error(errorMessage(error, 'Please try again.')),
  });
  return (
    <Card className="grid gap-3 p-4" aria-label={`Selfie from ${selfie.name}`}>
      <p className="font-medium">
        {selfie.name}{' '}
        <span className="text-sm font-normal text-muted-foreground">· asked to “{selfie.instruction}”</span>
      </p>
      {selfie.photosChanged && (
        <p className="text-sm text-amber-700 dark:text-amber-300">
          Approved before; the member's photos have changed since. Their verified mark is off until you compare again.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <figure className="grid gap-1">
          <img
            src={selfie.imageUrl}
            alt={`Selfie from ${selfie.name}`}
            className="size-40 rounded-xl object-cover ring-2 ring-primary"
          />
          <figcaption className="text-xs text-muted-foreground">Selfie</figcaption>
        </figure>
        {selfie.profilePhotoUrls.slice(0, 3).map((url, index) => (
          <figure key={url} className="grid gap-1">
            <img
              src={`${url}?size=thumb`}
              alt={`Profile photo ${index + 1}`}
              className="size-40 rounded-xl object-cover"
            />
            <figcaption className="text-xs text-muted-foreground">Profile photo {index + 1}</figcaption>
          </figure>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={() => decide.mutate(true)} disabled={decide.isPending}>
          <Check aria-hidden /> Approve
        </Button>
        <Input
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="Reason for rejecting"
          aria-label={`Reason for rejecting ${selfie.name}'s selfie`}
          className="h-9 max-w-64"
        />
        <Button
          size="sm"
          variant="outline"
          onClick={() => decide.mutate(false)}
          disabled={decide.isPending || reason.trim().length < 3}
        >
          <X aria-hidden /> Reject
        </Button>
      </div>
    </Card>
  );
}

function CaseReview({ item }: { item: TAdminReport }) {
  const client = useQueryClient();
  const [decision, setDecision] = useState<TCaseDecision['decision']>('dismiss');
  const [note, setNote] = useState('');
  const [days, setDays] = useState('7');
  const decide = useMutation({
    mutationFn: () =>
      decideCase(item.id, { decision, note, ...(decision === 'suspend' ? { suspendDays: Number(days) } : {}) }),
    onSuccess: () => {
      toast.success('Case decided', { description: item.reporter ? 'The reporter sees the outcome.' : undefined });
      void client.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => toast.error(errorMessage(error, 'Please try again.')),
  });
  const reason = REPORT_REASONS[item.reason as keyof typeof REPORT_REASONS] ?? item.reason.replace(/_/g, ' ');
  return (
    <Card className="grid gap-3 p-4 lg:grid-cols-2" aria-label={`Case about ${item.subject.name}`}>
      <div className="grid content-start gap-2">
        <p className="font-medium">
          {item.subject.name} <span className="text-sm font-normal text-muted-foreground">· {reason}</span>
          {item.subject.deleted && (
            <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-xs font-normal text-muted-foreground">
              account deleted
            </span>
          )}
        </p>
        <p className="text-xs text-muted-foreground">
          {item.reporter ? `Reported by ${item.reporter.name}` : 'Raised automatically'} on{' '}
          {new Date(item.createdAt).toLocaleString()}
        </p>
        {item.counterTo && (
          <p className="flex items-start gap-1.5 rounded-lg border border-amber-500/40 bg-amber-500/10 p-2 text-sm">
            <ShieldAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
            <span>
              <strong>Counter-report.</strong> {item.subject.name} reported {item.reporter?.name ?? 'this reporter'}{' '}
              first, on {new Date(item.counterTo.reportedAt).toLocaleDateString()} (that case is {item.counterTo.status}
              ). Check for retaliation before acting.
            </span>
          </p>
        )}
        {item.blockedByReported && !item.counterTo && (
          <p className="flex items-start gap-1.5 rounded-lg border border-amber-500/40 bg-amber-500/10 p-2 text-sm">
            <ShieldAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
            <span>
              <strong>Reported by someone blocked.</strong> {item.subject.name} had blocked{' '}
              {item.reporter?.name ?? 'this reporter'} before this report. Check for retaliation before acting.
            </span>
          </p>
        )}
        {item.details && <p className="whitespace-pre-wrap text-sm">{item.details}</p>}
        {item.photoMatch ? (
          <PhotoMatchEvidence match={item.photoMatch} subjectName={item.subject.name} />
        ) : (
          <div className="grid gap-1">
            <p className="flex items-center gap-1 text-xs font-semibold uppercase text-muted-foreground">
              Sealed messages ({item.evidence.length})
              {!item.evidenceIntact && (
                <span className="flex items-center gap-1 text-destructive">
                  <ShieldAlert className="size-3.5" aria-hidden /> seal broken
                </span>
              )}
            </p>
            {item.evidence.length ? (
              <ol
                className="grid max-h-56 gap-1 overflow-y-auto rounded-lg bg-muted/60 p-2 text-sm"
                aria-label="Sealed messages"
              >
                {item.evidence.map((m) => (
                  <li key={m.id}>
                    <span className="font-semibold">
                      {m.senderId === item.subject.userId ? item.subject.name : (item.reporter?.name ?? 'Other')}:
                    </span>{' '}
                    {m.content}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-xs text-muted-foreground">No messages.</p>
            )}
          </div>
        )}
      </div>
      <form
        className="grid content-start gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          decide.mutate();
        }}
        aria-label={`Decision on the case about ${item.subject.name}`}
      >
        <label className="grid gap-1 text-sm font-medium">
          Decision
          <Select value={decision} onChange={(e) => setDecision(e.target.value as TCaseDecision['decision'])}>
            {/* A deleted account can only be dismissed or banned (a ban keeps it flagged if it comes back). */}
            {CASE_DECISIONS.filter((d) => !item.subject.deleted || d === 'dismiss' || d === 'ban').map((d) => (
              <option key={d} value={d}>
                {{ dismiss: 'Dismiss', warn: 'Warn', suspend: 'Suspend', ban: 'Ban' }[d]}
              </option>
            ))}
          </Select>
        </label>
        {decision === 'suspend' && (
          <label className="grid gap-1 text-sm font-medium">
            Days
            <Input type="number" min={1} max={365} value={days} onChange={(e) => setDays(e.target.value)} />
          </label>
        )}
        <label className="grid gap-1 text-sm font-medium">
          Internal note
          <Textarea value={note} onChange={(e) => setNote(e.target.value)} rows={2} className="min-h-16" />
          <span className="text-xs font-normal text-muted-foreground">
            For moderators only: no member ever sees it.
            {item.reporter && ` The reporter is told: “${REPORT_OUTCOMES[decision].message}”`}
          </span>
        </label>
        <Button
          type="submit"
          size="sm"
          className="justify-self-start"
          disabled={decide.isPending || note.trim().length < 3}
        >
          Decide
        </Button>
      </form>
    </Card>
  );
}

function CaseQueue({ kind, title, empty }: { kind: CaseKind; title: string; empty: string }) {
  const cases = useQuery(casesQueryOptions(kind));
  return (
    <section className="grid gap-3" aria-label={title}>
      <h2 className="text-lg font-semibold">
        {title} {cases.data && <span className="text-sm font-normal text-muted-foreground">({cases.data.length})</span>}
      </h2>
      <QueryView query={cases} failure={`Could not load the ${title.toLowerCase()}.`} empty={<Empty>{empty}</Empty>}>
        {(list) => list.map((item) => <CaseReview key={item.id} item={item} />)}
      </QueryView>
    </section>
  );
}

/** The queues, each with the evidence beside the decision. */
export function ModerationPanel() {
  const selfies = useQuery(selfiesQueryOptions);
  return (
    <div className="grid gap-8">
      <section className="grid gap-3" aria-label="Pending selfies">
        <h2 className="text-lg font-semibold">
          Pending selfies{' '}
          {selfies.data && <span className="text-sm font-normal text-muted-foreground">({selfies.data.length})</span>}
        </h2>
        <QueryView
          query={selfies}
          failure="Could not load the pending selfies."
          empty={<Empty>No selfies are waiting.</Empty>}
        >
          {(list) => list.map((s) => <SelfieReview key={s.id} selfie={s} />)}
        </QueryView>
      </section>
      <CaseQueue kind="report" title="Reports" empty="No open reports." />
      <CaseQueue kind="date_dispute" title="Date disputes" empty="No disputed dates." />
      <CaseQueue kind="safety_rating" title="Safety flags" empty="No low safety ratings to review." />
      <CaseQueue
        kind="reused_photo"
        title="Reused photos"
        empty="No picture is the same as one of another account's."
      />
      <CaseQueue
        kind="returning_member"
        title="Returning accounts"
        empty="No account looks like a reported member back again."
      />
    </div>
  );
}
