import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { CalendarHeart, Clock, MapPin } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { fetchSharedDate } from '@/features/trust/trust-api';
import { usePageMeta } from '@/lib/page-meta';

/** The read-only page a trusted friend opens: who, when and where. No account needed. */
export function Component() {
  usePageMeta('A shared date · Vouch');
  const { token = '' } = useParams();
  const shared = useQuery({ queryKey: ['shared-date', token], queryFn: () => fetchSharedDate(token), retry: false });
  if (shared.isPending) return <PageSpinner />;
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      {!shared.data ? (
        <Card className="p-8 text-center">
          <h1 className="text-xl font-semibold">This link has expired</h1>
          <p className="mt-2 text-sm text-muted-foreground">
            Shared date links stop working when the date is over, or when the member who shared it stops sharing.
          </p>
        </Card>
      ) : (
        <Card className="grid justify-items-center gap-4 p-8 text-center">
          <CalendarHeart className="size-8 text-primary" aria-hidden />
          <h1 className="text-2xl font-bold">A friend shared their date with you</h1>
          {shared.data.photoUrl && (
            <img
              src={shared.data.photoUrl}
              alt={`${shared.data.firstName}'s photo`}
              className="size-32 rounded-full object-cover"
            />
          )}
          <p className="text-lg">
            Meeting <strong>{shared.data.firstName}</strong>
          </p>
          <p className="flex items-center gap-1.5">
            <Clock className="size-4" aria-hidden />{' '}
            {new Date(shared.data.startsAt).toLocaleString([], { dateStyle: 'full', timeStyle: 'short' })}
          </p>
          <p className="flex items-center gap-1.5">
            <MapPin className="size-4" aria-hidden /> {shared.data.place}
          </p>
          <p className="text-xs text-muted-foreground">
            This page stops working on {new Date(shared.data.expiresAt).toLocaleString()}. Check in with your friend
            after the date.
          </p>
        </Card>
      )}
    </div>
  );
}
