import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { Modal } from '@/components/ui/modal';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Camera, Clock, ShieldAlert, Star } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { PhotoPicker } from './photo-picker';
import {
  confirmDate,
  dateStateQueryOptions,
  disputeDate,
  refreshAfterOwnDateChange,
  uploadDatePhoto,
} from './trust-api';

const barClass = 'flex flex-wrap items-center gap-2 border-b bg-muted/40 px-4 py-2 text-sm';

/**
 * The co-signed date in a chat: 'Verify Date' (a photo of the two of you), then the other
 * person's 'Yes, we met' or 'This didn't happen', then rating.
 */
export function DateBar({
  conversationId,
  otherName,
  startOpen = false,
}: {
  conversationId: string;
  otherName: string;
  startOpen?: boolean;
}) {
  const client = useQueryClient();
  const state = useQuery(dateStateQueryOptions(conversationId));
  const [open, setOpen] = useState(startOpen);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (photo: Blob) => {
    setProgress(0);
    try {
      client.setQueryData(
        dateStateQueryOptions(conversationId).queryKey,
        await uploadDatePhoto(conversationId, photo, setProgress),
      );
      setOpen(false);
      toast.success('Date photo sent', { description: `${otherName} is asked to confirm it.` });
    } catch (error) {
      toast.error('Verification failed', { description: errorMessage(error, 'Please try again.') });
    } finally {
      setProgress(null);
    }
  };
  const answer = async (yes: boolean) => {
    setBusy(true);
    try {
      client.setQueryData(
        dateStateQueryOptions(conversationId).queryKey,
        await (yes ? confirmDate(conversationId) : disputeDate(conversationId)),
      );
      refreshAfterOwnDateChange(client, conversationId);
      toast.success(yes ? 'Date verified' : 'Thanks for telling us', {
        description: yes ? 'You can both rate the date now.' : 'Our team will look into it.',
      });
    } catch (error) {
      toast.error(errorMessage(error, 'Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const data = state.data;
  if (!data) return null;
  return (
    <>
      {data.status === 'none' || data.status === 'disputed' ? (
        <div className={barClass}>
          {data.status === 'disputed' && (
            <span className="flex items-center gap-1 text-amber-700 dark:text-amber-300">
              <ShieldAlert className="size-4" aria-hidden /> The last date photo was disputed.
            </span>
          )}
          <span className="text-muted-foreground">Met {otherName}? Verify the date to unlock ratings.</span>
          <Button size="sm" variant="outline" className="ml-auto" onClick={() => setOpen(true)}>
            <Camera aria-hidden /> Verify Date
          </Button>
        </div>
      ) : data.status === 'pending' && data.uploadedByMe ? (
        <div className={barClass}>
          <Clock className="size-4 text-amber-600" aria-hidden /> Waiting for {otherName} to confirm your date photo.
        </div>
      ) : data.status === 'pending' ? (
        <div
          className="grid gap-3 border-b bg-amber-50 p-4 dark:bg-amber-950/40"
          role="group"
          aria-label="Confirm your date"
        >
          <p className="font-medium">{otherName} sent a photo of your date. Did you meet?</p>
          {data.photoUrl && (
            <img src={data.photoUrl} alt="Photo of your date" className="max-h-56 w-fit rounded-xl object-contain" />
          )}
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={busy} onClick={() => void answer(true)}>
              Yes, we met
            </Button>
            <Button size="sm" variant="outline" disabled={busy} onClick={() => void answer(false)}>
              This didn't happen
            </Button>
          </div>
        </div>
      ) : (
        <div className={barClass}>
          <BadgeCheck className="size-4 text-emerald-600" aria-hidden /> Date verified
          <Button asChild size="sm" variant="outline" className="ml-auto">
            <Link to={`${paths.dateHistory}?conversation=${conversationId}`}>
              <Star aria-hidden /> Rate Date
            </Link>
          </Button>
        </div>
      )}
      <Modal open={open} onOpenChange={setOpen} className="w-[min(94vw,28rem)]">
        <Dialog.Title className="text-lg font-semibold">Verify your date</Dialog.Title>
        <Dialog.Description className="text-sm text-muted-foreground">
          Take or upload a photo of the two of you. {otherName} confirms it, and then you can both rate the date. Only
          the two of you and our safety team can see it.
        </Dialog.Description>
        <PhotoPicker onPick={(photo) => void upload(photo)} disabled={progress !== null} />
        {progress !== null && <ProgressBar value={progress} label="Uploading date photo" />}
        <Dialog.Close asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.Close>
      </Modal>
    </>
  );
}
