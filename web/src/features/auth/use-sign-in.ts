import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { TOASTS } from '@contracts/messages';
import { useRefreshSession } from './use-session';
import { authApi } from './auth-api';

/** Signs in with a password; on success greets the member and opens the dashboard. */
export function useSignIn() {
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  return async (email: string, password: string) => {
    await authApi.signIn(email, password);
    await refreshSession();
    toast.success(TOASTS.welcomeBack.title, { description: TOASTS.welcomeBack.description });
    navigate('/dashboard');
  };
}
