import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import { ADMIN_TEXT, ZAdminSignIn } from '@contracts/admin';
import { MFA_TEXT } from '@contracts/account';
import { CodeField, useCodeEntry } from '@/features/account';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/input';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { adminSignIn, verifyTotp } from '@/features/admin/admin-api';
import { SignInFields } from '@/features/auth/credential-fields';
import { sessionQueryOptions, useSession } from '@/lib/session';
import { ApiError } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';

type Credentials = z.infer<typeof ZAdminSignIn>;

/** How long better-auth keeps a password step waiting for its second factor (its default). */
const SECOND_FACTOR_WINDOW_MS = 10 * 60_000;

/** Sign-in for administrators: the normal account, accepted by the server only with the admin role. */
export function Component() {
  usePageMeta('Admin Login · Vouch');
  const { session, isLoading } = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [needsCode, setNeedsCode] = useState(false);
  const form = useForm<Credentials>({
    resolver: zodResolver(ZAdminSignIn),
    defaultValues: { email: '', password: '' },
  });
  const { isSubmitting } = form.formState;

  useEffect(() => {
    if (session?.isAdmin) void navigate(paths.admin, { replace: true });
  }, [session, navigate]);

  const enter = async () => {
    const me = await client.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
    if (!me?.isAdmin) throw new ApiError(401, 'UNAUTHORIZED', ADMIN_TEXT.accessDenied.description);
    toast.success(ADMIN_TEXT.loginSuccess.title, { description: ADMIN_TEXT.loginSuccess.description });
    void navigate(paths.admin);
  };
  const fail = (error: unknown) => {
    form.reset({ email: form.getValues('email'), password: '' });
    if (error instanceof ApiError && (error.status === 401 || error.status === 403))
      toast.error(ADMIN_TEXT.accessDenied.title, { description: ADMIN_TEXT.accessDenied.description });
    else if (error instanceof ApiError && error.status === 429)
      toast.error(ADMIN_TEXT.accessDenied.title, { description: error.message });
    else toast.error(ADMIN_TEXT.loginError.title, { description: ADMIN_TEXT.loginError.description });
  };

  const submit = form.handleSubmit(async ({ email, password }) => {
    try {
      const { twoFactorRequired } = await adminSignIn(email, password);
      if (twoFactorRequired) return setNeedsCode(true);
      await enter();
    } catch (error) {
      fail(error);
    }
  });
  // The code step has its own messages (a wrong code is not a wrong password) and a way back.
  const backToPassword = () => {
    setNeedsCode(false);
    form.reset({ email: form.getValues('email'), password: '' });
  };
  const { code, setCode, pending, submit: submitCode } = useCodeEntry(verifyTotp, enter, backToPassword);
  // The password step holds for ten minutes: then the form goes back to it instead of asking
  // for a code that could no longer be accepted.
  useEffect(() => {
    if (!needsCode) return;
    const timer = setTimeout(() => {
      toast.error(MFA_TEXT.signInExpired.title, { description: MFA_TEXT.signInExpired.description });
      backToPassword();
    }, SECOND_FACTOR_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [needsCode]);

  if (isLoading || session?.isAdmin) return <PageSpinner />;
  return (
    <div className="mx-auto flex min-h-[70dvh] max-w-md items-center px-4 py-10">
      <Card className="w-full">
        <CardHeader className="items-center text-center">
          <ShieldCheck className="size-10 text-primary" aria-hidden />
          <CardTitle className="text-2xl">Admin Login</CardTitle>
          <CardDescription>Site owner access. Every action here is logged.</CardDescription>
        </CardHeader>
        <CardContent>
          {needsCode ? (
            <form className="grid gap-4" onSubmit={(e) => void submitCode(e)} noValidate>
              <CodeField
                code={code}
                onCode={setCode}
                label="Authenticator code"
                hint="The 6-digit code from your authenticator app."
                autoFocus
              />
              <SubmitButton pending={pending} pendingLabel="Verifying...">
                Verify
              </SubmitButton>
              <Button type="button" variant="outline" onClick={backToPassword}>
                Back
              </Button>
            </form>
          ) : (
            <form className="grid gap-4" onSubmit={submit} noValidate>
              <SignInFields form={form} emailLabel="Admin Email" emailAutoComplete="username" />
              <SubmitButton pending={isSubmitting} pendingLabel="Authenticating...">
                Login as Site Owner
              </SubmitButton>
              <Button asChild variant="outline">
                <Link to={paths.home}>Back to Home</Link>
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
