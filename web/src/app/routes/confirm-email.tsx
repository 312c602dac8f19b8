import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CONFIRM_EMAIL_TEXT, ZResetPasswordForm, type TResetPasswordForm } from '@contracts/auth';
import { AUTH_TEXT } from '@contracts/messages';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ErrorText } from '@/components/ui/error-text';
import { Field } from '@/components/ui/field';
import { Input, SubmitButton } from '@/components/ui/input';
import { confirmEmail } from '@/features/auth/auth-api';
import { AuthShell } from '@/features/auth/auth-shell';
import { NewPasswordFields } from '@/features/auth/credential-fields';
import { ApiError, errorMessage } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';

/**
 * The page a confirmation link opens. Following the link proves the mailbox, not who chose the
 * account's password (anyone can sign up with someone else's address first), so the address is
 * confirmed with that password, or with a new one that ends everything set before. Nothing
 * happens on opening: mail scanners open links.
 */
export function Component() {
  usePageMeta('Confirm your email · Vouch');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState(false);
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<{ message: string; field: boolean; final: boolean } | null>(null);
  const [pending, setPending] = useState(false);
  const fresh = useForm<TResetPasswordForm>({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const send = async (proof: { password: string } | { newPassword: string }) => {
    setPending(true);
    setFailure(null);
    try {
      await confirmEmail({ token, ...proof });
      void navigate(`${paths.login}?verified=1`);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : null;
      setFailure({
        message: errorMessage(error, 'Please try again.'),
        field: code === 'BAD_REQUEST',
        final: code === 'NOT_FOUND' || code === 'CONFLICT',
      });
      if (code === 'BAD_REQUEST' && 'password' in proof) setChoosing(true);
    } finally {
      setPending(false);
    }
  };

  if (!token || failure?.final)
    return (
      <AuthShell title="Confirm your email">
        <Card>
          <CardContent className="grid gap-4 pt-6 text-center">
            <p role="alert" className="font-medium">
              {failure?.message ?? CONFIRM_EMAIL_TEXT.linkInvalid}
            </p>
            <Button asChild>
              <Link to={paths.login}>Go to sign-in</Link>
            </Button>
          </CardContent>
        </Card>
      </AuthShell>
    );

  return (
    <AuthShell title="Confirm your email" subtitle="One step left: tell us it is your account.">
      <Card>
        <CardContent className="grid gap-6 pt-6">
          <form
            className="grid gap-4"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void send({ password });
            }}
          >
            <Field
              label="Your password"
              hint="The password you chose when you signed up."
              error={failure?.field ? failure.message : undefined}
            >
              <Input
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                required
              />
            </Field>
            <SubmitButton size="lg" pending={pending && !choosing} pendingLabel="Confirming..." disabled={!password}>
              Confirm my email
            </SubmitButton>
            {failure && !failure.field && <ErrorText>{failure.message}</ErrorText>}
          </form>

          {choosing ? (
            <form
              className="grid gap-4 border-t pt-6"
              noValidate
              aria-label="Choose a new password"
              onSubmit={fresh.handleSubmit((values) => send({ newPassword: values.password }))}
            >
              <p className="text-sm text-muted-foreground">
                Choose a new password. Any password, session or sign-in code this account had before ends now: if
                someone else signed up with your address, they are shut out.
              </p>
              <NewPasswordFields
                form={fresh}
                labels={['New password', 'Confirm new password']}
                hint={AUTH_TEXT.passwordRuleHint}
              />
              <SubmitButton size="lg" pending={pending} pendingLabel="Saving...">
                Set password and confirm
              </SubmitButton>
            </form>
          ) : (
            <Button variant="link" className="justify-self-center" onClick={() => setChoosing(true)}>
              Did not sign up, or do not know the password? Choose a new one
            </Button>
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
