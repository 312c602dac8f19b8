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
    const result = (await authApi.signIn(email, password)) as { twoFactorRedirect?: boolean } | undefined;
    if (result?.twoFactorRedirect) {
      navigate(`${paths.login}?step=code`);
      return;
    }
    await refreshSession();
    toast.success(TOASTS.welcomeBack.title, { description: TOASTS.welcomeBack.description });
    navigate('/dashboard');
  };
}
