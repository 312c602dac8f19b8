import { useEffect, useRef, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft, Inbox, LifeBuoy, LogOut, ShieldCheck } from 'lucide-react';
import { setSupportOpen, useSupportOpen } from '@/app/layout/support-store';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { inboxQueryOptions } from '@/features/admin/admin-api';
import { CampaignsPanel } from '@/features/admin/campaigns-panel';
import { ModerationPanel } from '@/features/admin/moderation-panel';
import { ReportsPanel } from '@/features/admin/reports-panel';
import { SecurityPanel } from '@/features/admin/security-panel';
import { StatsCards } from '@/features/admin/stats-cards';
import { SubscriptionsPanel } from '@/features/admin/subscriptions-panel';
import { PendingPayments } from '@/features/admin/pending-payments';
import { UsersPanel } from '@/features/admin/users-panel';
import { authApi } from '@/features/auth/auth-api';
import { sessionQueryOptions } from '@/lib/session';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { useTabParam } from '@/lib/use-tab-param';
import { RequireAdmin } from '../guards';

const TABS = [
  ['overview', 'Overview'],
  ['users', 'Users'],
  ['moderation', 'Moderation'],
  ['campaigns', 'Campaigns'],
  ['reports', 'Reports'],
  ['subscriptions', 'Subscriptions'],
  ['security', 'Security'],
] as const;
type Tab = (typeof TABS)[number][0];
/** What the tabs after Overview show, in the order of TABS. */
const PANELS: Record<Exclude<Tab, 'overview'>, ReactNode> = {
  users: <UsersPanel />,
  moderation: <ModerationPanel />,
  campaigns: <CampaignsPanel />,
  reports: <ReportsPanel />,
  subscriptions: (
    <>
      <PendingPayments />
      <SubscriptionsPanel />
    </>
  ),
  security: <SecurityPanel />,
};
/** The back-office header: Back to Site (a full page load) and Logout (to /admin-login). */
export function AdminHeader({ title, badge }: { title: string; badge?: string }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const supportOpen = useSupportOpen();
  const logout = async () => {
    await authApi.signOut().catch(() => undefined);
    client.clear();
    client.setQueryData(sessionQueryOptions.queryKey, null);
    void navigate(paths.adminLogin);
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight">
        <ShieldCheck className="size-7 text-primary" aria-hidden /> {title}
      </h1>
      {badge && (
        <span className="rounded-full bg-primary/10 px-3 py-1 text-xs font-semibold text-primary-strong">{badge}</span>
      )}
      <div className="ml-auto flex gap-2">
        {/* On phones the support box opens from here rather than floating over the tables. */}
        <Button
          variant="outline"
          className="md:hidden"
          aria-expanded={supportOpen}
          aria-controls="support-box"
          onClick={() => setSupportOpen(!supportOpen)}
        >
          <LifeBuoy aria-hidden /> Help
        </Button>
        <Button variant="outline" onClick={() => window.location.assign(paths.home)}>
          <ArrowLeft aria-hidden /> Back to Site
        </Button>
        <Button variant="outline" onClick={() => void logout()}>
          <LogOut aria-hidden /> Logout
        </Button>
      </div>
    </div>
  );
}

/** The Overview's way to the contact inbox: how many messages wait for an answer. */
function InboxSummary({ open }: { open: number | undefined }) {
  return (
    <Card className="flex flex-wrap items-center gap-3 p-4">
      <Inbox className="size-5 text-primary" aria-hidden />
      <p className="flex-1 text-sm">
        <span className="font-semibold">Contact inbox</span>{' '}
        <span className="text-muted-foreground">
          {open === undefined
            ? ''
            : open === 0
              ? 'Nothing waits for an answer.'
              : `${open} ${open === 1 ? 'message waits' : 'messages wait'} for an answer.`}
        </span>
      </p>
      <Button asChild variant="outline" size="sm">
        <Link to={`${paths.admin}?tab=reports#inbox`}>Open inbox</Link>
      </Button>
    </Card>
  );
}

function AdminDashboard() {
  const [tab, setTab] = useTabParam(
    TABS.map(([id]) => id),
    'overview',
  );
  const inbox = useQuery(inboxQueryOptions);
  const unanswered = inbox.data?.filter((message) => !message.handled).length;
  // On a phone the tabs scroll sideways: keep the chosen one in view.
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    list.current
      ?.querySelector<HTMLElement>('[data-state="active"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [tab]);
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 [&>*]:min-w-0">
      <AdminHeader title="Admin Dashboard" />
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List ref={list} aria-label="Admin sections" className="tab-list flex overflow-x-auto">
          {TABS.map(([id, label]) => (
            <Tabs.Trigger
              key={id}
              value={id}
              className="tab whitespace-nowrap"
              aria-label={id === 'reports' && unanswered ? `${label}, ${unanswered} unanswered messages` : undefined}
            >
              {label}
              {id === 'reports' && !!unanswered && (
                <span className="ml-1.5 rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
                  {unanswered}
                </span>
              )}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview" className="grid gap-6 pt-6">
          <StatsCards />
          <InboxSummary open={unanswered} />
          <UsersPanel preview={6} />
        </Tabs.Content>
        {Object.entries(PANELS).map(([id, panel]) => (
          <Tabs.Content key={id} value={id} className={id === 'subscriptions' ? 'grid gap-8 pt-6' : 'pt-6'}>
            {panel}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}

export function Component() {
  usePageMeta('Admin Dashboard · Vouch');
  return (
    <RequireAdmin>
      <AdminDashboard />
    </RequireAdmin>
  );
}
