import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Mail, ShieldCheck } from 'lucide-react';
import { toast } from '@/lib/toast';
import { TOASTS } from '@contracts/messages';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { accountApi, CodeField, useCodeEntry } from '@/features/account';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useRefreshSession } from '@/lib/session';

/**
 * The second step of a sign-in, after the password: a code from the authenticator app, or one
 * we email, offered only when the member turned email codes on (the server refuses otherwise).
 */
export function TwoFactorStep() {
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  // The sign-in answer says which factors the member has on (both when the page was opened
  // without it; the server refuses a code by email to a member who has that factor off).
  const offered = (useSearchParams()[0].get('methods') ?? 'totp,otp').split(',');
  const hasApp = offered.includes('totp');
  const hasEmail = offered.includes('otp') || !hasApp;
  const [method, setMethod] = useState<'app' | 'email'>(hasApp ? 'app' : 'email');
  const [sent, setSent] = useState(false);
  const { code, setCode, pending, submit } = useCodeEntry(
    (entered) => (method === 'app' ? accountApi.verifyTotp(entered) : accountApi.verifyEmailCode(entered)),
    async () => {
      await refreshSession();
      toast.success(TOASTS.welcomeBack.title, { description: TOASTS.welcomeBack.description });
      void navigate(paths.dashboard);
    },
    () => void navigate(paths.login),
  );

  const emailMe = async () => {
    try {
      await accountApi.sendEmailCode();
      setMethod('email');
      setSent(true);
      setCode('');
      toast.success('Code sent', { description: 'Check your email for a 6-digit code.' });
    } catch (error) {
      toast.error('Could not email a code', { description: errorMessage(error, 'Please try again.') });
    }
  };

  return (
    <Card>
      <CardContent className="grid gap-5 pt-6">
        <div className="flex items-start gap-3">
          {method === 'app' ? (
            <ShieldCheck className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden />
          ) : (
            <Mail className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden />
          )}
          <p className="text-sm">
            {method === 'app'
              ? 'Enter the 6-digit code from your authenticator app.'
              : sent
                ? 'Enter the 6-digit code we just emailed you. It expires in 3 minutes.'
                : 'We will email you a 6-digit code. It expires 3 minutes after we send it.'}
          </p>
        </div>
        <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
          <CodeField code={code} onCode={setCode} autoFocus />
          <Button type="submit" size="lg" disabled={pending}>
            {pending ? 'Verifying...' : 'Verify'}
          </Button>
        </form>
        {method === 'app' && hasEmail && (
          <Button variant="outline" onClick={() => void emailMe()}>
            <Mail aria-hidden /> Email me a code instead
          </Button>
        )}
        {method === 'email' && (
          <Button variant={sent ? 'ghost' : 'outline'} onClick={() => void emailMe()}>
            <Mail aria-hidden /> {sent ? 'Send another code' : 'Email me a code'}
          </Button>
        )}
        {method === 'email' && hasApp && (
          <Button variant="ghost" onClick={() => setMethod('app')}>
            Use my authenticator app
          </Button>
        )}
        <Link to={paths.login} className="text-center text-sm text-primary hover:underline">
          Start again
        </Link>
      </CardContent>
    </Card>
  );
}
