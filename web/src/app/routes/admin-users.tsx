import { StatsCards } from '@/features/admin/stats-cards';
import { UsersPanel } from '@/features/admin/users-panel';
import { usePageMeta } from '@/lib/page-meta';
import { RequireAdmin } from '../guards';
import { AdminHeader } from './admin';

/** User Management: the Site Owner Access badge, three statistics and the searchable member list. */
export function Component() {
  usePageMeta('User Management · Vouch');
  return (
    <RequireAdmin>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 [&>*]:min-w-0">
        <AdminHeader title="User Management" badge="Site Owner Access" />
        <StatsCards only={['totalUsers', 'verifiedProfiles', 'premiumMembers']} />
        <UsersPanel />
      </div>
    </RequireAdmin>
  );
}
