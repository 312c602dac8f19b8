import { ShieldAlert } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { ACCOUNT_SUSPENDED } from '@contracts/error-codes';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ContactForm } from '@/features/contact/contact-form';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';

/**
 * Where a suspended member lands, whichever way they tried to sign in (password, or a link mailed
 * before the suspension): what happened, why accounts are suspended, and an appeal form.
 */
export function Component() {
  usePageMeta('Account suspended · Vouch', 'Why a Vouch account is suspended, and how to appeal.');
  const state = useLocation().state as { message?: string } | null;
  const message =
    typeof state?.message === 'string' && state.message.startsWith(ACCOUNT_SUSPENDED.slice(0, -1))
      ? state.message
      : ACCOUNT_SUSPENDED;
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-10">
      <div className="grid gap-3">
        <ShieldAlert className="size-10 text-destructive" aria-hidden />
        <h1 className="text-3xl font-bold tracking-tight">Your account is suspended</h1>
        <p className="text-lg">{message}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Why accounts are suspended</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm text-muted-foreground">
          <p>
            Our safety team suspends an account when a review finds that it broke the{' '}
            <Link className="text-primary underline underline-offset-4" to={paths.communityGuidelines}>
              Community Guidelines
            </Link>
            , usually after reports from other members: for example harassment, a fake identity, scams, or pressure to
            move off the app.
          </p>
          <p>
            While it is suspended, the account cannot sign in and other members cannot see it. A suspension with an end
            date lifts by itself on that date.
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Appeal</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="text-sm text-muted-foreground">
            If you think this is a mistake, tell us. Use the email address of your account so we can find it. Someone
            who was not part of the first decision reads every appeal.
          </p>
          <ContactForm kind="support" subject="Appeal: my account is suspended" />
        </CardContent>
      </Card>
    </div>
  );
}
