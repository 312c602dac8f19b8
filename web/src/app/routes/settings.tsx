import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Flag, HeartCrack, ShieldCheck } from 'lucide-react';
import { toast } from '@/lib/toast';
import { CASE_STATUS_LABELS, REPORT_REASONS, SAFETY_TEXT, type TMyReport } from '@contracts/safety';
import { PageHeader } from '@/components/page/page-header';
import { ListSection, SectionListRow } from '@/components/page/settings-section';
import { TrustedContactSection } from '@/features/check-ins';
import { ReminderSettingsSection } from '@/features/reminders';
import {
  AccountDataSection,
  ActivitySection,
  PrivacySection,
  SessionsSection,
} from '@/features/account/settings-sections';
import { Button } from '@/components/ui/button';
import { HiddenWordsSection } from '@/features/safety';
import { ReportDialog, type ReportTarget } from '@/features/safety/report-dialog';
import { SelfieCard } from '@/features/trust/selfie-card';
import {
  blockedQueryOptions,
  myReportsQueryOptions,
  pastMatchesQueryOptions,
  refreshAfterSafetyAction,
  unblockMember,
} from '@/features/safety/safety-api';
import { errorMessage } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { cn } from '@/lib/utils';
import { RequireMember } from '../guards';

const day = (iso: string) => new Date(iso).toLocaleDateString([], { day: 'numeric', month: 'short', year: 'numeric' });
const daysLeft = (iso: string) => Math.max(0, Math.ceil((new Date(iso).getTime() - Date.now()) / 86_400_000));

function BlockedMembers() {
  const client = useQueryClient();
  const blocked = useQuery(blockedQueryOptions);
  const unblock = useMutation({
    mutationFn: (member: { userId: string; name: string }) => unblockMember(member.userId),
    onSuccess: (_r, member) => {
      const text = SAFETY_TEXT.unblocked(member.name);
      toast.success(text.title, { description: text.description });
      refreshAfterSafetyAction(client);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not unblock. Please try again.')),
  });
  return (
    <ListSection
      icon={Ban}
      title="Blocked members"
      description="People you blocked cannot see you or message you, and you do not see them."
      query={blocked}
      empty="You have not blocked anyone."
      failure="Could not load your blocked members."
    >
      {(member) => (
        <SectionListRow
          key={member.userId}
          title={member.name}
          detail={`Blocked on ${day(member.blockedAt)}`}
          action={
            <Button
              variant="outline"
              size="sm"
              disabled={unblock.isPending}
              onClick={() => unblock.mutate(member)}
              aria-label={`Unblock ${member.name}`}
            >
              Unblock
            </Button>
          }
        />
      )}
    </ListSection>
  );
}

function PastMatches({ onReport }: { onReport: (target: ReportTarget) => void }) {
  const past = useQuery(pastMatchesQueryOptions);
  return (
    <ListSection
      icon={HeartCrack}
      title="Past matches"
      description="After an unmatch you can still report the other person for 30 days. The last messages are kept for the moderators until then."
      query={past}
      empty="No past matches."
      failure="Could not load your past matches."
    >
      {(match) => (
        <SectionListRow
          key={match.id}
          title={match.other.name}
          detail={`${match.unmatchedByMe ? 'You unmatched' : 'Unmatched'} on ${day(match.unmatchedAt)} · reportable for ${daysLeft(match.expiresAt)} more days`}
          action={
            match.reported ? (
              <span className="text-xs font-medium text-muted-foreground">Reported</span>
            ) : (
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  onReport({
                    subjectId: match.other.userId,
                    name: match.other.name,
                    source: 'past-match',
                    pastMatchId: match.id,
                  })
                }
                aria-label={`Report ${match.other.name}`}
              >
                <Flag /> Report
              </Button>
            )
          }
        />
      )}
    </ListSection>
  );
}

const STATUS_STYLE: Record<TMyReport['status'], string> = {
  open: 'pill-waiting',
  actioned: 'pill-good',
  dismissed: 'pill-neutral',
};

function MyReports() {
  const reports = useQuery(myReportsQueryOptions);
  return (
    <ListSection
      icon={ShieldCheck}
      title="My reports"
      description="What happened to the reports you made. We review every report within 24 hours."
      query={reports}
      empty="You have not reported anyone."
      failure="Could not load your reports."
    >
      {(report) => (
        <li key={report.id} className="grid gap-1 py-3">
          <div className="flex items-center gap-2">
            <p className="min-w-0 flex-1 truncate font-medium">
              {report.subject.name}{' '}
              <span className="font-normal text-muted-foreground">· {REPORT_REASONS[report.reason]}</span>
            </p>
            <span className={cn('pill', STATUS_STYLE[report.status])}>{CASE_STATUS_LABELS[report.status]}</span>
          </div>
          <p className="text-xs text-muted-foreground">
            Sent on {day(report.createdAt)}
            {report.resolvedAt && ` · decided on ${day(report.resolvedAt)}`}
          </p>
          {report.outcome && <p className="text-sm">{report.outcome}</p>}
        </li>
      )}
    </ListSection>
  );
}

function Settings() {
  const [report, setReport] = useState<ReportTarget | null>(null);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <PageHeader title="Settings">
        Privacy, safety and your account. Blocking, reporting and hiding your profile are free for everyone, always.
      </PageHeader>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <PrivacySection />
        <SelfieCard />
        <TrustedContactSection />
        <ReminderSettingsSection />
        <HiddenWordsSection />
        <BlockedMembers />
        <PastMatches onReport={setReport} />
        <MyReports />
        <SessionsSection />
        <ActivitySection />
        <AccountDataSection />
      </div>
      <ReportDialog target={report} onClose={() => setReport(null)} />
    </div>
  );
}

export function Component() {
  usePageMeta('Settings · Vouch');
  return (
    <RequireMember>
      <Settings />
    </RequireMember>
  );
}
