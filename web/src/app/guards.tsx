import { useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { paths } from '@/lib/paths';
import { useReportTimeZone } from '@/features/reminders';

/**
 * Members only: a spinner while the session loads, /login without one. A member who signs
 * out while on a member page goes home instead, as the sign-out flow intends.
 */
export function RequireMember({ children }: { children: ReactNode }) {
  const { session, isLoading } = useSession();
  const location = useLocation();
  const hadSession = useRef(false);
  useReportTimeZone(!!session);
  if (isLoading) return <PageSpinner />;
  if (!session) {
    if (hadSession.current) return <Navigate to={paths.home} replace />;
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  }
  hadSession.current = true;
  return children;
}

/**
 * Administrators only: anyone else goes to /admin-login. The flag comes from the server's
 * session answer (never from local storage), and the server enforces the same rule on every admin call.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { session, isLoading } = useSession();
  if (isLoading) return <PageSpinner label="Verifying admin access..." />;
  if (!session || !session.isAdmin) return <Navigate to={paths.adminLogin} replace />;
  return children;
}
