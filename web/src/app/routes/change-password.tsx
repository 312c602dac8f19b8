import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, KeyRound } from 'lucide-react';
import { toast } from '@/lib/toast';
import { PASSWORD_TEXT, ZChangePasswordForm, type TChangePasswordForm } from '@contracts/account';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardIconTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, SubmitButton } from '@/components/ui/input';
import { accountApi, activityQueryOptions, sessionsQueryOptions } from '@/features/account/account-api';
import { NewPasswordFields } from '@/features/auth/credential-fields';
import { errorMessage } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { RequireMember } from '../guards';

/** The current password, the new one (the registration rules) and its confirmation. */
function ChangePassword() {
  usePageMeta('Change Password · Vouch', 'Change the password of your Vouch account.');
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useForm<TChangePasswordForm>({
    resolver: zodResolver(ZChangePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await accountApi.changePassword(currentPassword, newPassword);
      toast.success(PASSWORD_TEXT.changed.title, { description: PASSWORD_TEXT.changed.description });
      void client.invalidateQueries({ queryKey: activityQueryOptions.queryKey });
      void client.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey });
      void navigate(`${paths.dashboard}?tab=security`);
    } catch (error) {
      const message = errorMessage(error, 'Please try again.');
      if (/invalid password/i.test(message))
        form.setError('currentPassword', { message: 'Your current password is not right.' });
      else toast.error(PASSWORD_TEXT.failed, { description: message });
    }
  });
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <Button variant="ghost" size="sm" className="mb-4" asChild>
        <Link to={`${paths.dashboard}?tab=security`}>
          <ArrowLeft aria-hidden /> Back to Security
        </Link>
      </Button>
      <Card>
        <CardHeader>
          <CardIconTitle icon={KeyRound} size="xl">
            Change Password
          </CardIconTitle>
          <CardDescription>
            At least 8 characters, with an uppercase letter and a number. Your other devices will be signed out.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
            <Field label="Current password" error={errors.currentPassword?.message}>
              <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
            </Field>
            <NewPasswordFields form={form} name="newPassword" labels={['New password', 'Confirm new password']} />
            <SubmitButton pending={isSubmitting} pendingLabel="Updating...">
              Update Password
            </SubmitButton>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

export function Component() {
  return (
    <RequireMember>
      <ChangePassword />
    </RequireMember>
  );
}
