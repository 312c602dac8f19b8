import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { TOASTS } from '@contracts/messages';
import { useRefreshSession } from '@/lib/session';
import { paths } from '@/lib/paths';
import { authApi } from './auth-api';
import { ApiError } from '@/lib/api-client';

/**
 * Signs in with a password; on success greets the member and opens the dashboard. A member
 * with a second factor goes on to the code step instead, and a suspended one to /suspended.
 */
export function useSignIn() {
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  return async (email: string, password: string) => {
    let result: { twoFactorRedirect?: boolean; twoFactorMethods?: string[] } | undefined;
    try {
      result = (await authApi.signIn(email, password)) as typeof result;
    } catch (error) {
      // The right password of a suspended account: the page that says why and how to appeal.
      if (error instanceof ApiError && error.code === 'BANNED_USER')
        return void navigate(paths.suspended, { state: { message: error.message } });
      throw error;
    }
    if (result?.twoFactorRedirect) {
      // The factors this member has on: the code step offers only those.
      const methods = (result.twoFactorMethods ?? []).filter((method) => method === 'totp' || method === 'otp');
      void navigate(`${paths.login}?step=code${methods.length ? `&methods=${methods.join(',')}` : ''}`);
      return;
    }
    await refreshSession();
    toast.success(TOASTS.welcomeBack.title, { description: TOASTS.welcomeBack.description });
    void navigate('/dashboard');
  };
}
