import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { TOASTS } from '@contracts/messages';
import { useRefreshSession } from './use-session';
import { paths } from '@/lib/paths';
import { authApi } from './auth-api';

/**
 * Signs in with a password; on success greets the member and opens the dashboard. A member
 * with a second factor goes on to the code step instead.
 */
export function useSignIn() {
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  return async (email: string, password: string) => {
    const result = (await authApi.signIn(email, password)) as { twoFactorRedirect?: boolean; twoFactorMethods?: string[] } | undefined;
    if (result?.twoFactorRedirect) {
      // The factors this member has on: the code step offers only those.
      const methods = (result.twoFactorMethods ?? []).filter((method) => method === 'totp' || method === 'otp');
      navigate(`${paths.login}?step=code${methods.length ? `&methods=${methods.join(',')}` : ''}`);
      return;
    }
    await refreshSession();
    toast.success(TOASTS.welcomeBack.title, { description: TOASTS.welcomeBack.description });
    navigate('/dashboard');
  };
}
