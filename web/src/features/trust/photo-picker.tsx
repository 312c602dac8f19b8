import { useRef, useState } from 'react';
import { Camera, Upload } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { CameraCapture, checkImageFile } from '@/features/profile';

/** Take a photo with the camera, or choose a file when there is no camera; checked before it is sent. */
export function PhotoPicker({
  onPick,
  disabled,
  cameraLabel = 'Take a photo',
}: {
  onPick: (photo: Blob, filename: string) => void;
  disabled?: boolean;
  cameraLabel?: string;
}) {
  const [cameraOpen, setCameraOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="button" onClick={() => setCameraOpen(true)} disabled={disabled}>
        <Camera aria-hidden /> {cameraLabel}
      </Button>
      <Button type="button" variant="outline" onClick={() => input.current?.click()} disabled={disabled}>
        <Upload aria-hidden /> Upload a photo
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        className="sr-only"
        aria-label="Photo file"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const problem = checkImageFile(file);
          if (problem) {
            toast.error(problem.title, { description: problem.description });
            return;
          }
          onPick(file, file.name);
        }}
      />
      <CameraCapture
        open={cameraOpen}
        onClose={() => setCameraOpen(false)}
        onCapture={(blob) => onPick(blob, 'camera.jpg')}
      />
    </div>
  );
}
