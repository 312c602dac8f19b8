import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Tabs } from 'radix-ui';
import { TabList } from '@/components/ui/tab-list';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { ZLoginForm, ZQuickRegisterForm, type TLoginForm, type TQuickRegisterForm } from '@contracts/auth';
import { AUTH_TEXT, TOASTS } from '@contracts/messages';
import { Card, CardContent } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, SubmitButton } from '@/components/ui/input';
import { authApi } from '@/features/auth/auth-api';
import { AuthShell } from '@/features/auth/auth-shell';
import { NewPasswordFields, SignInFields } from '@/features/auth/credential-fields';
import { CheckEmail } from '@/features/auth/check-email';
import { useSignIn } from '@/features/auth/use-sign-in';
import { errorMessage } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { useTabParam } from '@/lib/use-tab-param';

function LoginTab() {
  const signIn = useSignIn();
  const form = useForm<TLoginForm>({ resolver: zodResolver(ZLoginForm), defaultValues: { email: '', password: '' } });
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    try {
      await signIn(email, password);
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, TOASTS.invalidLoginCredentials) });
    }
  });
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <SignInFields form={form} />
      <SubmitButton size="lg" pending={isSubmitting} pendingLabel="Signing In...">
        Sign In
      </SubmitButton>
      <Link to={paths.forgotPassword} className="justify-self-center text-sm text-primary hover:underline">
        Forgot password?
      </Link>
    </form>
  );
}

function RegisterTab({ onRegistered }: { onRegistered: (email: string) => void }) {
  const form = useForm<TQuickRegisterForm>({
    resolver: zodResolver(ZQuickRegisterForm),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    try {
      await authApi.signUp(email.trim(), password, '');
      toast.success(TOASTS.registrationSuccessful.title, { description: TOASTS.registrationSuccessful.description });
      onRegistered(email.trim());
    } catch (error) {
      toast.error(TOASTS.signUpError.title, { description: errorMessage(error, TOASTS.signUpError.fallback) });
    }
  });
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <NewPasswordFields form={form} labels={['Password', 'Confirm password']} hint={AUTH_TEXT.passwordRuleHint} />
      <SubmitButton size="lg" pending={isSubmitting} pendingLabel="Creating Account...">
        Create Account
      </SubmitButton>
    </form>
  );
}

export function Component() {
  usePageMeta('Sign in or join · Vouch', 'Sign in to Vouch, or create a free account in a minute.');
  const [tab, setTab] = useTabParam(['login', 'register'], 'login', { replace: true });
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  if (registeredEmail) {
    return (
      <AuthShell title="Welcome to Vouch">
        <CheckEmail email={registeredEmail} link="confirmation" onAction={() => setRegisteredEmail(null)} />
      </AuthShell>
    );
  }
  return (
    <AuthShell title="Welcome to Vouch" subtitle="Safe, verified dating starts here.">
      <Card>
        <CardContent className="pt-6">
          <Tabs.Root value={tab} onValueChange={setTab}>
            <TabList
              label="Sign in or register"
              className="mb-6 grid grid-cols-2"
              tabs={[
                ['login', 'Login'],
                ['register', 'Register'],
              ]}
            />
            <Tabs.Content value="login">
              <LoginTab />
            </Tabs.Content>
            <Tabs.Content value="register">
              <RegisterTab onRegistered={setRegisteredEmail} />
            </Tabs.Content>
          </Tabs.Root>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
