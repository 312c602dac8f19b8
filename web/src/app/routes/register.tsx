import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AuthShell } from '@/features/auth/auth-shell';
import { CheckEmail } from '@/features/auth/check-email';
import { RegisterForm } from '@/features/auth/register-form';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';

export function Component() {
  usePageMeta(
    'Create your account · Vouch',
    'Join Vouch free: verify with a selfie, meet people who did the same, and build a reputation from real dates.',
  );
  const navigate = useNavigate();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  return (
    <AuthShell title="Join Vouch" subtitle="Meet people who are who they say they are.">
      {registeredEmail ? (
        <CheckEmail email={registeredEmail} link="confirmation" onAction={() => navigate(paths.login)} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>Create Your Account</CardTitle>
            <CardDescription>
              Only your email and a password are required. Everything else helps your profile.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <RegisterForm onRegistered={setRegisteredEmail} />
            <p className="text-center text-sm text-muted-foreground">
              Already have an account?{' '}
              <Link to={paths.login} className="font-medium text-primary hover:underline">
                Sign In
              </Link>
            </p>
          </CardContent>
        </Card>
      )}
    </AuthShell>
  );
}
