import { Link } from 'react-router';
import { Clock, Crown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSession } from '@/lib/session';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';

/** Where the payment page sends the member back. Premium starts when an admin confirms the payment. */
export function Component() {
  usePageMeta('Thank you · Vouch', 'Your Premium payment is on its way to us.');
  const { session } = useSession();
  const active = session?.subscription.isActive;
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <Card className="text-center">
        <CardHeader className="items-center">
          <div className="mx-auto mb-2 flex size-14 items-center justify-center rounded-full bg-primary/10">
            {active ? (
              <Crown className="size-7 text-primary" aria-hidden />
            ) : (
              <Clock className="size-7 text-primary" aria-hidden />
            )}
          </div>
          <CardTitle className="text-2xl">{active ? 'You are Premium' : 'Thank you!'}</CardTitle>
          <CardDescription className="text-base">
            {active
              ? 'Your payment is confirmed and Premium is active. Enjoy unlimited likes, super likes and the rest.'
              : 'Premium starts once your payment is confirmed. Our team checks payments by hand, usually within a few hours, and you will see Premium on your dashboard as soon as it is on.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          <Button asChild>
            <Link to={paths.dashboard}>Go to your dashboard</Link>
          </Button>
          <Button variant="ghost" asChild>
            <Link to={paths.support}>Questions? Contact support</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
