import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Rocket } from 'lucide-react';
import { toast } from '@/lib/toast';
import { BOOST_MINUTES } from '@contracts/plans-constants';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { errorMessage } from '@/lib/api-client';
import { boostQueryOptions, startBoost } from './plans-api';

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** Premium: 30 minutes at the top of discovery, once a day. Free members see it locked. */
export function BoostButton() {
  const { session } = useSession();
  const premium = session?.subscription.tier === 'premium';
  const client = useQueryClient();
  const status = useQuery({ ...boostQueryOptions, enabled: premium });
  const boost = useMutation({
    mutationFn: startBoost,
    onSuccess: (result) => {
      client.setQueryData(boostQueryOptions.queryKey, result);
      toast.success('Boost on', { description: `You are first in discovery until ${time(result.endsAt!)}.` });
    },
    onError: (error) => toast.error('Could not boost', { description: errorMessage(error, 'Please try again.') }),
  });
  if (!premium) return null;
  const data = status.data;
  if (data?.active && data.endsAt) {
    return (
      <p
        className="inline-flex items-center gap-2 rounded-md bg-primary/10 px-3 py-2 text-sm font-medium text-primary-strong"
        role="status"
      >
        <Rocket className="size-4" aria-hidden /> Boosted until {time(data.endsAt)}
      </p>
    );
  }
  return (
    <Button
      variant="outline"
      onClick={() => boost.mutate()}
      disabled={!data?.availableToday || boost.isPending}
      title={
        data && !data.availableToday
          ? 'You have used today\u2019s boost'
          : `First in discovery for ${BOOST_MINUTES} minutes`
      }
    >
      <Rocket aria-hidden /> {data && !data.availableToday ? 'Boost used today' : 'Boost profile'}
    </Button>
  );
}
