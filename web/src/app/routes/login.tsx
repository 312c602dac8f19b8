import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { CircleAlert, Wand2 } from 'lucide-react';
import { loginFormErrors, type TLoginForm, type TLoginFormErrors } from '@contracts/login-form';
import type { ApiErrorCode } from '@contracts/error-codes';
import { AUTH_DELAYS, loginHintFor, TOASTS } from '@contracts/messages';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, SubmitButton } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { authApi } from '@/features/auth/auth-api';
import { AuthShell } from '@/features/auth/auth-shell';
import { CheckEmail } from '@/features/auth/check-email';
import { useSignIn } from '@/features/auth/use-sign-in';
import { ApiError, errorMessage } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { useHydrated } from '@/lib/use-hydrated';
import { paths } from '@/lib/paths';
import { ErrorText } from '@/components/ui/error-text';

// Only members with a second step see it, after their password: its code stays out of the page's first load.
const TwoFactorStep = lazy(() =>
  import('@/features/auth/two-factor-step').then((module) => ({ default: module.TwoFactorStep })),
);

export function Component() {
  usePageMeta(
    'Log in · Vouch',
    'Sign in to Vouch with your password, a magic link, and your second step if you turned it on.',
  );
  const signIn = useSignIn();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<{ message: string; code: ApiErrorCode } | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [magicLinkSentTo, setMagicLinkSentTo] = useState<string | null>(null);
  const [sendingLink, setSendingLink] = useState(false);
  // Two fields need no form library (its code would not fit the page's budget of 110 KB of gzipped JavaScript). As
  // with the other forms: checked on submit, then again as the member corrects them. The fields are
  // read from the page, not held in state: the page is prerendered, and what a member or their
  // password manager fills in before the app has loaded must still be there when they press Sign In.
  const [errors, setErrors] = useState<TLoginFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const readForm = (): TLoginForm => ({
    email: inputs.email.current?.value ?? '',
    password: inputs.password.current?.value ?? '',
  });
  const fieldProps = (name: keyof TLoginForm) => ({
    ref: inputs[name],
    name,
    onChange: () => {
      if (submitted) setErrors(loginFormErrors(readForm()));
    },
  });

  useEffect(() => {
    if (params.get('verified'))
      toast.success(TOASTS.emailVerified.title, { description: TOASTS.emailVerified.description });
    // better-auth sends a failed magic link back here with ?link=expired&error=…
    if (params.get('link') === 'expired') {
      toast.error(TOASTS.signInError.title, {
        description: 'This sign-in link has expired or was already used. Ask for a new one below.',
      });
    }
  }, [params]);

  // The hint is chosen by the error's code, one second after the failure shows.
  useEffect(() => {
    setHint(null);
    if (!failure) return;
    const timer = setTimeout(() => setHint(loginHintFor(failure.code)), AUTH_DELAYS.loginHintMs);
    return () => clearTimeout(timer);
  }, [failure]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitted(true);
    const values = readForm();
    const problems = loginFormErrors(values);
    setErrors(problems);
    const firstProblem = (['email', 'password'] as const).find((name) => problems[name]);
    if (firstProblem) {
      inputs[firstProblem].current?.focus();
      return;
    }
    setFailure(null);
    setSubmitting(true);
    try {
      await signIn(values.email.trim(), values.password);
    } catch (error) {
      setFailure({
        message: errorMessage(error, TOASTS.signInError.fallback),
        code: error instanceof ApiError ? error.code : 'UNKNOWN',
      });
    } finally {
      setSubmitting(false);
    }
  };

  const sendMagicLink = async () => {
    const email = readForm().email.trim();
    if (!email || !email.includes('@')) {
      toast.error(TOASTS.magicLinkInvalidEmail.title, { description: TOASTS.magicLinkInvalidEmail.description });
      return;
    }
    setSendingLink(true);
    try {
      await authApi.magicLink(email);
      toast.success(TOASTS.magicLinkSent.title, { description: TOASTS.magicLinkSent.description });
      setMagicLinkSentTo(email);
    } catch (error) {
      toast.error(TOASTS.magicLinkFailed.title, { description: errorMessage(error, 'Please try again.') });
    } finally {
      setSendingLink(false);
    }
  };

  if (params.get('step') === 'code') {
    return (
      <AuthShell title="Two-step sign-in" subtitle="One more step to keep your account safe">
        <Suspense fallback={<Spinner label="Loading the second step" />}>
          <TwoFactorStep />
        </Suspense>
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Welcome back" subtitle="Sign in to continue your safe dating journey">
      {magicLinkSentTo ? (
        <CheckEmail email={magicLinkSentTo} link="sign-in" onAction={() => setMagicLinkSentTo(null)} />
      ) : (
        <Card>
          <CardContent className="grid gap-5 pt-6">
            {failure && (
              <div
                role="alert"
                className="grid gap-1 rounded-xl border border-destructive/40 bg-destructive/10 p-4 text-sm"
              >
                <p className="flex items-center gap-2 font-semibold text-destructive">
                  <CircleAlert className="size-4" aria-hidden /> Login failed
                </p>
                <p>{failure.message}</p>
                {hint && <p className="text-muted-foreground">{hint}</p>}
              </div>
            )}
            {/* The page arrives prerendered; without JavaScript it shows, but cannot sign anyone in. */}
            <noscript>
              <ErrorText>Signing in needs JavaScript. Please turn it on for this site and reload the page.</ErrorText>
            </noscript>
            <form className="grid gap-4" onSubmit={onSubmit} noValidate>
              <Field label="Email" error={errors.email}>
                <Input type="email" autoComplete="email" placeholder="you@example.com" {...fieldProps('email')} />
              </Field>
              <div className="grid gap-1.5">
                <Field label="Password" error={errors.password}>
                  <Input type="password" autoComplete="current-password" {...fieldProps('password')} />
                </Field>
                <Link to={paths.forgotPassword} className="justify-self-end text-sm text-primary hover:underline">
                  Forgot password?
                </Link>
              </div>
              <SubmitButton size="lg" pending={isSubmitting} pendingLabel="Signing In..." disabled={!hydrated}>
                Sign In
              </SubmitButton>
            </form>
            <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
              <span className="h-px flex-1 bg-border" /> Or <span className="h-px flex-1 bg-border" />
            </div>
            <Button variant="outline" size="lg" onClick={sendMagicLink} disabled={sendingLink}>
              <Wand2 aria-hidden /> {sendingLink ? 'Sending...' : 'Sign In with Magic Link'}
            </Button>
            <p className="text-center text-sm text-muted-foreground">
              Don't have an account?{' '}
              <Link to={paths.register} className="font-medium text-primary hover:underline">
                Sign Up
              </Link>
            </p>
          </CardContent>
        </Card>
      )}
    </AuthShell>
  );
}
