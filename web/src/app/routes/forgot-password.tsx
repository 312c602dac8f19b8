import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { MailCheck } from 'lucide-react';
import { TOASTS } from '@contracts/messages';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, SubmitButton } from '@/components/ui/input';
import { authApi } from '@/features/auth/auth-api';
import { AuthShell } from '@/features/auth/auth-shell';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';

export function Component() {
  usePageMeta(
    'Reset your password · Vouch',
    'Forgot your Vouch password? We will email you a link to choose a new one.',
  );
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      await authApi.requestPasswordReset(email.trim());
      toast.success(TOASTS.resetEmailSent.title, { description: TOASTS.resetEmailSent.description });
      setSent(true);
    } catch {
      toast.error(TOASTS.resetEmailFailed.title, { description: TOASTS.resetEmailFailed.description });
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthShell title="Reset Your Password" subtitle="We will email you a link to choose a new one.">
      <Card>
        {sent ? (
          <>
            <CardHeader className="items-center text-center" role="status">
              <div className="mb-2 flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
                <MailCheck className="size-7" aria-hidden />
              </div>
              <CardTitle>Check your inbox</CardTitle>
              <CardDescription>
                If an account exists for <span className="font-medium text-foreground">{email}</span>, a reset link is
                on its way. It expires in 30 minutes.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid">
              <Button variant="outline" onClick={() => setSent(false)}>
                Try again
              </Button>
            </CardContent>
          </>
        ) : (
          <CardContent className="pt-6">
            <form className="grid gap-4" onSubmit={onSubmit}>
              <Field label="Email">
                <Input
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  required
                />
              </Field>
              <SubmitButton size="lg" pending={sending} pendingLabel="Sending..." disabled={!email.trim()}>
                Send Reset Instructions
              </SubmitButton>
            </form>
          </CardContent>
        )}
      </Card>
      <Link to={paths.auth} className="text-center text-sm text-primary hover:underline">
        Back to Login
      </Link>
    </AuthShell>
  );
}
