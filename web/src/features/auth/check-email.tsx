import { useEffect } from 'react';
import { MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const TEXTS = {
  confirmation: { message: 'We sent a confirmation link to', action: 'Go to Login' },
  'sign-in': { message: 'We sent a sign-in link to', action: 'Back to Login' },
} as const;

/** After a mailed link was sent: which link, to where, and the way back to signing in. */
export function CheckEmail({
  email,
  link,
  onAction,
}: {
  email: string;
  link: keyof typeof TEXTS;
  onAction: () => void;
}) {
  const { message, action } = TEXTS[link];
  // It replaces a form the member may have scrolled down to submit (a phone's long sign-up form).
  // (A block body: newer browsers' scrollTo returns a promise, which React would take for a cleanup.)
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <Card role="status">
      <CardHeader className="items-center text-center">
        <div className="mb-2 flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <MailCheck className="size-7" aria-hidden />
        </div>
        <CardTitle>Check Your Email</CardTitle>
        <CardDescription>
          {message} <span className="font-medium text-foreground">{email}</span>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-center text-sm text-muted-foreground">
          No mail after a few minutes? Look in your spam folder, or try again.
        </p>
        <Button onClick={onAction}>{action}</Button>
      </CardContent>
    </Card>
  );
}
