import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';

/**
 * A page's list that could not load, said as such (never as an empty list), with the reason and
 * a way to try again.
 */
export function LoadFailed({ error, failure, onRetry }: { error: unknown; failure: string; onRetry: () => void }) {
  return (
    <Card role="alert" className="grid justify-items-center gap-3 p-10 text-center">
      <p className="font-medium">{errorMessage(error, failure)}</p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw aria-hidden /> Try again
      </Button>
    </Card>
  );
}
