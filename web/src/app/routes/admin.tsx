import { useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useNavigate, useSearchParams } from 'react-router';
import { ArrowLeft, LogOut, ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CampaignsPanel } from '@/features/admin/campaigns-panel';
import { ModerationPanel } from '@/features/admin/moderation-panel';
import { ReportsPanel } from '@/features/admin/reports-panel';
import { SecurityPanel } from '@/features/admin/security-panel';
import { StatsCards } from '@/features/admin/stats-cards';
import { SubscriptionsPanel } from '@/features/admin/subscriptions-panel';
import { PendingPayments } from '@/features/admin/pending-payments';
import { UsersPanel } from '@/features/admin/users-panel';
import { authApi } from '@/features/auth/auth-api';
import { sessionQueryOptions } from '@/features/auth/use-session';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
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
const tabClass =
  'whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-muted-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm';

/** The back-office header: Back to Site (a full page load) and Logout (to /admin-login). */
export function AdminHeader({ title, badge }: { title: string; badge?: string }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const logout = async () => {
    await authApi.signOut().catch(() => undefined);
    client.clear();
    client.setQueryData(sessionQueryOptions.queryKey, null);
    navigate(paths.adminLogin);
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight">
        <ShieldCheck className="size-7 text-primary" aria-hidden /> {title}
      </h1>
      {badge && <span className="rounded-full bg-primary/10 px-3 py-1 text-xs font-semibold text-primary">{badge}</span>}
      <div className="ml-auto flex gap-2">
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

function AdminDashboard() {
  const [params, setParams] = useSearchParams();
  const tab = (TABS.some(([id]) => id === params.get('tab')) ? params.get('tab') : 'overview') as Tab;
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 [&>*]:min-w-0">
      <AdminHeader title="Admin Dashboard" />
      <Tabs.Root value={tab} onValueChange={(value) => setParams({ tab: value })}>
        <Tabs.List aria-label="Admin sections" className="flex gap-1 overflow-x-auto rounded-lg bg-muted p-1">
          {TABS.map(([id, label]) => (
            <Tabs.Trigger key={id} value={id} className={tabClass}>
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview" className="grid gap-6 pt-6">
          <StatsCards />
          <UsersPanel />
        </Tabs.Content>
        <Tabs.Content value="users" className="pt-6">
          <UsersPanel />
        </Tabs.Content>
        <Tabs.Content value="moderation" className="pt-6">
          <ModerationPanel />
        </Tabs.Content>
        <Tabs.Content value="campaigns" className="pt-6">
          <CampaignsPanel />
        </Tabs.Content>
        <Tabs.Content value="reports" className="pt-6">
          <ReportsPanel />
        </Tabs.Content>
        <Tabs.Content value="subscriptions" className="grid gap-8 pt-6">
          <PendingPayments />
          <SubscriptionsPanel />
        </Tabs.Content>
        <Tabs.Content value="security" className="pt-6">
          <SecurityPanel />
        </Tabs.Content>
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
