import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { ZResetPasswordForm, type TResetPasswordForm } from '@contracts/auth';
import { AUTH_DELAYS, AUTH_TEXT, TOASTS } from '@contracts/messages';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/input';
import { Card, CardContent } from '@/components/ui/card';
import { authApi } from '@/features/auth/auth-api';
import { AuthShell } from '@/features/auth/auth-shell';
import { NewPasswordFields } from '@/features/auth/credential-fields';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';

export function Component() {
  usePageMeta('Choose a new password · Vouch');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const linkBroken = !token || params.get('error') !== null;
  const [done, setDone] = useState(false);
  const form = useForm<TResetPasswordForm>({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { isSubmitting } = form.formState;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.login), AUTH_DELAYS.resetRedirectMs);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  // Two toasts come first; the remaining password rules show under the field.
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const { password, confirmPassword } = form.getValues();
    if (password !== confirmPassword) {
      toast.error(TOASTS.passwordsDontMatch.title, { description: TOASTS.passwordsDontMatch.description });
      return;
    }
    if (password.length < 8) {
      toast.error(TOASTS.passwordTooShort.title, { description: TOASTS.passwordTooShort.description });
      return;
    }
    await form.handleSubmit(async (values) => {
      try {
        await authApi.resetPassword(token!, values.password);
        toast.success(TOASTS.passwordUpdated.title, { description: TOASTS.passwordUpdated.description });
        setDone(true);
      } catch {
        toast.error(TOASTS.passwordResetFailed.title, { description: TOASTS.passwordResetFailed.description });
      }
    })();
  };

  return (
    <AuthShell title="Reset Password" subtitle="Choose a new password for your Vouch account.">
      <Card>
        <CardContent className="pt-6">
          {linkBroken ? (
            <div role="alert" className="grid gap-4 text-center">
              <p className="font-medium">This reset link is invalid or has expired.</p>
              <Button asChild>
                <Link to={paths.forgotPassword}>Ask for a new link</Link>
              </Button>
            </div>
          ) : done ? (
            <p role="status" className="text-center font-medium">
              Your password has been reset. Taking you to the login page...
            </p>
          ) : (
            <form className="grid gap-4" onSubmit={onSubmit} noValidate>
              <NewPasswordFields
                form={form}
                labels={['New Password', 'Confirm New Password']}
                hint={AUTH_TEXT.passwordRuleHint}
              />
              <SubmitButton size="lg" pending={isSubmitting} pendingLabel="Resetting...">
                Reset Password
              </SubmitButton>
            </form>
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
