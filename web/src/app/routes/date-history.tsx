import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { CalendarCheck, EyeOff, Lock } from 'lucide-react';
import { REVEAL_AFTER_DAYS, TRUST_TEXT } from '@contracts/trust-constants';
import type { TDateHistoryEntry, TRating } from '@contracts/trust';
import { PageHeader } from '@/components/page/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { RatingForm } from '@/features/trust/rating-form';
import { Stars, TrustBadges } from '@/features/trust/trust-display';
import { dateHistoryQueryOptions, ratingQueryOptions } from '@/features/trust/trust-api';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { RequireMember } from '../guards';
import { PageQuery } from '@/components/page/query-view';

const day = (iso: string) => new Date(iso).toLocaleDateString([], { day: 'numeric', month: 'short', year: 'numeric' });

function RatingSummary({ rating, title }: { rating: TRating; title: string }) {
  return (
    <div className="grid gap-2 rounded-xl border p-4">
      <p className="text-sm font-semibold">{title}</p>
      <p className="flex items-center gap-2 text-sm">
        <Stars value={rating.overall} /> Overall {rating.overall}/5
      </p>
      <p className="text-xs text-muted-foreground">
        Safety {rating.safety}/5 · Respect {rating.respect}/5 · Communication {rating.communication}/5
      </p>
      <TrustBadges
        badges={{
          safeForFamily: rating.safeForFamily,
          safeForHome: rating.safeForHome,
          dateAgain: rating.wouldDateAgain,
        }}
      />
      {rating.comment && <p className="rounded-lg bg-muted/60 p-3 text-sm">“{rating.comment}”</p>}
    </div>
  );
}

/** 'Rate Your Date Experience' for one conversation, or 'Conversation not found'. */
function RateDate({ conversationId }: { conversationId: string }) {
  const state = useQuery({ ...ratingQueryOptions(conversationId), retry: false });
  if (state.isPending) return <PageSpinner />;
  if (!state.data) {
    return (
      <Card className="p-8 text-center">
        <h1 className="text-xl font-semibold">{TRUST_TEXT.conversationNotFound}</h1>
        <Button asChild variant="outline" className="mt-4">
          <Link to={paths.dateHistory}>Back to date history</Link>
        </Button>
      </Card>
    );
  }
  const { other, canRate, blockedBy, mine, theirs, revealAt } = state.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Rate Your Date Experience</CardTitle>
        <CardDescription>
          Your date with {other.name}. Ratings are double-blind: neither of you sees the other's until both have rated,
          or {REVEAL_AFTER_DAYS} days have passed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {canRate ? (
          <RatingForm conversationId={conversationId} otherName={other.name} />
        ) : blockedBy === 'date' || blockedBy === 'selfie' ? (
          <p role="status" className="flex items-start gap-2 rounded-xl bg-muted p-4 text-sm">
            <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              <strong>{TRUST_TEXT.verificationRequired}.</strong> {TRUST_TEXT.verificationRequiredDetail[blockedBy]}
            </span>
          </p>
        ) : null}
        {mine && <RatingSummary rating={mine} title="Your rating" />}
        {mine && !theirs && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <EyeOff className="size-4" aria-hidden /> Hidden until {other.name} rates too
            {revealAt ? `, or until ${day(revealAt)}` : ''}.
          </p>
        )}
        {theirs && <RatingSummary rating={theirs} title={`${other.name}'s rating of you`} />}
      </CardContent>
    </Card>
  );
}

function DateList({ dates }: { dates: TDateHistoryEntry[] }) {
  return dates.length === 0 ? (
    <Card className="grid justify-items-center gap-3 p-10 text-center">
      <CalendarCheck className="size-8 text-primary" aria-hidden />
      <p className="font-medium">No verified dates yet.</p>
      <p className="max-w-sm text-sm text-muted-foreground">
        After a date, verify it from your chat with a photo of the two of you. Verified dates appear here, ready to
        rate.
      </p>
      <Button asChild>
        <Link to={paths.calendar}>Plan a date</Link>
      </Button>
    </Card>
  ) : (
    <ul className="grid gap-3" aria-label="Verified dates">
      {dates.map((entry) => (
        <li key={entry.conversationId}>
          <Card className="flex flex-wrap items-center gap-3 p-4">
            <div className="min-w-0 flex-1">
              <p className="font-medium">{entry.other.name}</p>
              <p className="text-xs text-muted-foreground">
                Verified {entry.verifiedAt ? `on ${day(entry.verifiedAt)}` : ''} ·{' '}
                {entry.ratedByMe
                  ? entry.theirRatingRevealed
                    ? 'Both ratings revealed'
                    : 'You rated; waiting for theirs'
                  : 'Not rated yet'}
              </p>
            </div>
            <Button asChild size="sm" variant={entry.ratedByMe ? 'outline' : 'default'}>
              <Link to={`${paths.dateHistory}?conversation=${entry.conversationId}`}>
                {entry.ratedByMe ? 'View' : 'Rate Date'}
              </Link>
            </Button>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function Component() {
  usePageMeta('Date History · Vouch');
  const [params] = useSearchParams();
  const conversationId = params.get('conversation');
  return (
    <RequireMember>
      <div className="mx-auto max-w-2xl px-4 py-10">
        {conversationId ? (
          <RateDate conversationId={conversationId} />
        ) : (
          <>
            <PageHeader title="Date History">Your verified dates and their ratings.</PageHeader>
            <PageQuery options={dateHistoryQueryOptions} failure="Could not load your dates.">
              {(dates) => <DateList dates={dates} />}
            </PageQuery>
          </>
        )}
      </div>
    </RequireMember>
  );
}
