import { asSentence } from '@contracts/text';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Clock, ScanFace } from 'lucide-react';
import { toast } from '@/lib/toast';
import type { TSelfieChallenge } from '@contracts/trust';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Card, CardContent, CardDescription, CardHeader, CardIconTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { PhotoPicker } from './photo-picker';
import { selfieQueryOptions, startSelfieChallenge, submitSelfie } from './trust-api';

/** Selfie verification: a pose picked by the server, then a selfie in that pose, then review. */
/** The moderator's reason as its own sentence, however it was typed. */
export function rejectionText(reason: string | null | undefined): string {
  const sentence = asSentence(reason ?? '');
  return sentence
    ? `Your last selfie was not approved. Reason: ${sentence} Please try again.`
    : 'Your last selfie was not approved. Please try again.';
}

export function SelfieCard() {
  const client = useQueryClient();
  const status = useQuery(selfieQueryOptions);
  const [challenge, setChallenge] = useState<TSelfieChallenge | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const start = async () => {
    try {
      setChallenge(await startSelfieChallenge());
    } catch (error) {
      toast.error(errorMessage(error, 'Could not start verification. Please try again.'));
    }
  };
  const send = async (photo: Blob) => {
    if (!challenge) return;
    setProgress(0);
    try {
      client.setQueryData(selfieQueryOptions.queryKey, await submitSelfie(photo, challenge.id, setProgress));
      setChallenge(null);
      toast.success('Selfie sent', { description: 'We will review it shortly.' });
    } catch (error) {
      toast.error('Verification failed', { description: errorMessage(error, 'Please try again.') });
      setChallenge(null);
    } finally {
      setProgress(null);
    }
  };

  const state = status.data?.status;
  return (
    <Card>
      <CardHeader>
        <CardIconTitle icon={ScanFace}>Selfie verification</CardIconTitle>
        <CardDescription>
          A verified selfie shows others you are the person in your photos. You need it to rate a date and to be rated.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isPending ? (
          <Spinner />
        ) : state === 'approved' ? (
          <p className="flex items-center gap-2 font-medium text-emerald-700 dark:text-emerald-300">
            <BadgeCheck className="size-5" aria-hidden /> You are verified.
          </p>
        ) : state === 'pending' ? (
          <div className="flex items-center gap-3">
            {status.data?.imageUrl && (
              <img src={status.data.imageUrl} alt="Your selfie" className="size-16 rounded-xl object-cover" />
            )}
            <p className="flex items-center gap-2 text-sm">
              <Clock className="size-4 text-amber-600" aria-hidden /> Your selfie is waiting for review.
            </p>
          </div>
        ) : challenge ? (
          <div className="grid gap-3" role="group" aria-label="Selfie pose">
            <p className="text-sm text-muted-foreground">Take a selfie in this pose within 10 minutes:</p>
            <p
              className="rounded-xl bg-primary/10 px-4 py-3 text-xl font-bold text-primary-strong"
              data-testid="selfie-pose"
            >
              {challenge.instruction}
            </p>
            <PhotoPicker
              onPick={(photo) => void send(photo)}
              disabled={progress !== null}
              cameraLabel="Take the selfie"
            />
            {progress !== null && <ProgressBar value={progress} label="Uploading selfie" />}
          </div>
        ) : (
          <div className="grid gap-3">
            {state === 'rejected' && (
              <p role="status" className="rounded-xl bg-destructive/10 p-3 text-sm text-destructive-strong">
                {rejectionText(status.data?.reason)}
              </p>
            )}
            <Button className="justify-self-start" onClick={() => void start()}>
              Verify with a selfie
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
