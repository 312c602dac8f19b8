import { useCallback, useEffect, useRef, useState } from 'react';
import { Dialog } from 'radix-ui';
import { Camera, RefreshCcw, X } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';

/** What the camera's failures are called, each with its next step. */
export const CAMERA_TEXT = {
  notAvailable: 'Camera not available',
  denied: 'Camera access denied',
  switchFailed: 'Camera switch failed',
  captureFailed: 'Error: Unable to take photo. Please try again.',
} as const;

type Facing = 'user' | 'environment';

async function openStream(facingMode: Facing): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw Object.assign(new Error('no camera API'), { name: 'NotFoundError' });
  return navigator.mediaDevices.getUserMedia({
    video: { facingMode, width: { ideal: 1280 }, height: { ideal: 720 } },
    audio: false,
  });
}

/** The next step after a camera that will not open: the way round it is always the Upload button. */
const NEXT_STEP = {
  [CAMERA_TEXT.denied]: "Allow the camera in your browser's settings for this site, or upload a photo instead.",
  [CAMERA_TEXT.notAvailable]: 'Upload a photo instead.',
};

const failureText = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'SecurityError')
    ? CAMERA_TEXT.denied
    : CAMERA_TEXT.notAvailable;

/** Takes a JPEG (quality 0.8) with the front camera by default; the rear one can be chosen. */
export function CameraCapture({
  open,
  onClose,
  onCapture,
}: {
  open: boolean;
  onClose: () => void;
  onCapture: (photo: Blob) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [facing, setFacing] = useState<Facing>('user');
  const [ready, setReady] = useState(false);

  const stop = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setReady(false);
  }, []);

  const start = useCallback(
    async (mode: Facing, switching: boolean) => {
      stop();
      try {
        stream.current = await openStream(mode);
        if (video.current) {
          video.current.srcObject = stream.current;
          await video.current.play().catch(() => {});
        }
        setReady(true);
      } catch (error) {
        if (switching) toast.error(CAMERA_TEXT.switchFailed);
        else toast.error(failureText(error), { description: NEXT_STEP[failureText(error)] });
        onClose(); // camera access failure closes the camera view
      }
    },
    [onClose, stop],
  );

  useEffect(() => {
    if (open) void start(facing, false);
    return stop;
    // The camera opens once per opening; switching is handled by switchCamera.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const switchCamera = () => {
    const next = facing === 'user' ? 'environment' : 'user';
    setFacing(next);
    void start(next, true);
  };

  const capture = () => {
    const element = video.current;
    if (!element || !element.videoWidth) return toast.error(CAMERA_TEXT.captureFailed);
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    canvas.getContext('2d')?.drawImage(element, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (!blob) return toast.error(CAMERA_TEXT.captureFailed);
        stop();
        onCapture(blob);
        onClose();
      },
      'image/jpeg',
      0.8,
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 grid w-[min(92vw,40rem)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl bg-card p-4 shadow-xl">
          <div className="flex items-center justify-between">
            <Dialog.Title className="font-semibold">Take a photo</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close camera">
                <X />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Camera preview. Take a photo or switch cameras.</Dialog.Description>
          <video ref={video} playsInline muted className="aspect-video w-full rounded-xl bg-black object-cover" />
          <div className="flex justify-between gap-2">
            <Button variant="outline" onClick={switchCamera} disabled={!ready}>
              <RefreshCcw aria-hidden /> {facing === 'user' ? 'Use rear camera' : 'Use front camera'}
            </Button>
            <Button onClick={capture} disabled={!ready}>
              <Camera aria-hidden /> Take photo
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
