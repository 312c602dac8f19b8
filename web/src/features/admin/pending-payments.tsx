import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Crown } from 'lucide-react';
import { toast } from '@/lib/toast';
import type { TPendingPayment } from '@contracts/admin';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { activatePremium, pendingPaymentsQueryOptions } from './admin-api';
import { ErrorText } from '@/components/ui/error-text';

const when = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Members who pressed Go Premium: the admin finds the payment by its reference in the payment
 * app and activates Premium here. Nothing is granted before that.
 */
export function PendingPayments() {
  const client = useQueryClient();
  const pending = useQuery(pendingPaymentsQueryOptions);
  const activate = useMutation({
    mutationFn: (payment: TPendingPayment) => activatePremium(payment.userId),
    onSuccess: (_result, payment) => {
      toast.success('Premium activated', { description: `${payment.name} has Premium for one month.` });
      void client.invalidateQueries({ queryKey: ['admin', 'subscriptions'] });
      void client.invalidateQueries({ queryKey: ['admin', 'stats'] });
    },
    onError: (error) =>
      toast.error('Could not activate Premium', { description: errorMessage(error, 'Please try again.') }),
  });
  return (
    <section aria-labelledby="pending-payments" className="grid gap-3">
      <div>
        <h3 id="pending-payments" className="flex items-center gap-2 font-semibold">
          <Crown className="size-4 text-primary" aria-hidden /> Waiting for payment confirmation
        </h3>
        <p className="text-sm text-muted-foreground">
          Match each payment by the reference in its note, then activate Premium.
        </p>
      </div>
      {pending.isPending ? (
        <Spinner />
      ) : pending.isError ? (
        <ErrorText>{errorMessage(pending.error, 'Failed to load pending payments.')}</ErrorText>
      ) : !pending.data.length ? (
        <p className="rounded-xl bg-muted/60 p-4 text-sm text-muted-foreground">No payments are waiting.</p>
      ) : (
        <ul className="grid gap-2">
          {pending.data.map((payment) => (
            <li
              key={payment.userId}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border p-3 text-sm"
            >
              <div className="grid gap-0.5">
                <span className="font-medium">
                  {payment.name} <span className="font-normal text-muted-foreground">· {payment.email}</span>
                </span>
                <span className="text-muted-foreground">
                  Reference <code className="rounded bg-muted px-1 font-mono text-xs">{payment.reference}</code> · $
                  {payment.amount.toFixed(2)} · {when(payment.attemptedAt)}
                </span>
              </div>
              <Button
                size="sm"
                onClick={() => activate.mutate(payment)}
                disabled={activate.isPending}
                aria-label={`Activate Premium for ${payment.name}`}
              >
                Activate Premium
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
