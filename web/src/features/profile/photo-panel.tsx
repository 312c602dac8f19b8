import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Camera, ImagePlus, Trash2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import { PHOTO_LIMITS, PROFILE_TEXT } from '@contracts/profile-constants';
import type { TPhoto } from '@contracts/profile';
import { Button } from '@/components/ui/button';
import { SpinnerBlock } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { CameraCapture } from './camera-capture';
import { checkPhoto } from './photo-rules';
import { deletePhoto, ownPhotosQueryOptions, ownProfileQueryOptions, reorderPhotos, uploadPhoto } from './profile-api';

type Pending = { key: string; preview: string; progress: number };

const UPLOAD_ERROR_TITLES: Record<string, string> = {
  INVALID_FILE_TYPE: PROFILE_TEXT.invalidFileType.title,
  FILE_TOO_LARGE: PROFILE_TEXT.fileTooLarge.title,
  MAX_PHOTOS: PROFILE_TEXT.maxPhotos.title,
};

/**
 * Up to six photos. Upload shows progress; remove and 'Set as Main' change the screen at
 * once and go back to what the server holds if saving fails.
 */
export function PhotoPanel() {
  const client = useQueryClient();
  const photosQuery = useQuery(ownPhotosQueryOptions);
  const [pending, setPending] = useState<Pending[]>([]);
  const [cameraOpen, setCameraOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const photos = photosQuery.data ?? [];
  const total = photos.length + pending.length;

  const setPhotos = (next: TPhoto[]) => {
    client.setQueryData(ownPhotosQueryOptions.queryKey, next);
    void client.invalidateQueries({ queryKey: ownProfileQueryOptions.queryKey });
  };

  const upload = async (file: Blob, name: string) => {
    const problem = checkPhoto({ type: file.type, size: file.size }, total);
    if (problem) return toast.error(problem.title, { description: problem.description });
    const item: Pending = { key: crypto.randomUUID(), preview: URL.createObjectURL(file), progress: 0 };
    setPending((list) => [...list, item]);
    try {
      const result = await uploadPhoto(file, name, (progress) =>
        setPending((list) => list.map((p) => (p.key === item.key ? { ...p, progress } : p))),
      );
      setPhotos(result.photos);
      toast.success(PROFILE_TEXT.uploadSuccessful);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : '';
      const message = error instanceof ApiError ? error.message : PROFILE_TEXT.uploadFailed.description;
      toast.error(UPLOAD_ERROR_TITLES[code] ?? PROFILE_TEXT.uploadFailed.title, { description: message });
    } finally {
      URL.revokeObjectURL(item.preview);
      setPending((list) => list.filter((p) => p.key !== item.key));
    }
  };

  const optimistic = async (next: TPhoto[], save: () => Promise<{ photos: TPhoto[] }>) => {
    const before = photos;
    client.setQueryData(ownPhotosQueryOptions.queryKey, next);
    try {
      setPhotos((await save()).photos);
    } catch {
      client.setQueryData(ownPhotosQueryOptions.queryKey, before);
      toast.error(PROFILE_TEXT.savePhotoFailed);
    }
  };

  const remove = (photo: TPhoto) =>
    optimistic(
      photos.filter((p) => p.id !== photo.id),
      () => deletePhoto(photo.id),
    );
  const makeMain = (photo: TPhoto) => {
    const next = [photo, ...photos.filter((p) => p.id !== photo.id)];
    return optimistic(next, () => reorderPhotos(next.map((p) => p.id)));
  };

  return (
    <section aria-labelledby="photos-heading" className="grid gap-4">
      <div className="flex items-baseline justify-between">
        <h2 id="photos-heading" className="text-lg font-semibold">
          Photos
        </h2>
        <p className="text-sm text-muted-foreground">
          {photos.length} of {PHOTO_LIMITS.maxPhotos}
        </p>
      </div>
      {photosQuery.isPending ? (
        <SpinnerBlock className="py-10" />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Your photos">
          {photos.map((photo, index) => (
            <li key={photo.id} className="group relative aspect-[3/4] overflow-hidden rounded-xl border bg-muted">
              <img
                src={photo.thumbUrl}
                alt={index === 0 ? 'Main photo' : `Photo ${index + 1}`}
                className="size-full object-cover"
              />
              {index === 0 && (
                <span className="absolute left-2 top-2 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
                  Main
                </span>
              )}
              {/* Remove sits in the corner, so the tile's width is left to 'Set as Main', whole. */}
              <Button
                size="sm"
                variant="destructive"
                className="absolute right-2 top-2 h-8 px-2"
                onClick={() => void remove(photo)}
                aria-label={`Remove photo ${index + 1}`}
              >
                <Trash2 aria-hidden />
              </Button>
              {index > 0 && (
                <div className="absolute inset-x-0 bottom-0 flex bg-gradient-to-t from-black/70 to-transparent p-2 pt-8">
                  <Button
                    size="sm"
                    variant="secondary"
                    className="h-8 min-w-0 flex-1 px-2 text-xs"
                    onClick={() => void makeMain(photo)}
                    aria-label={`Set photo ${index + 1} as main`}
                  >
                    Set as Main
                  </Button>
                </div>
              )}
            </li>
          ))}
          {pending.map((item) => (
            <li
              key={item.key}
              className="relative aspect-[3/4] overflow-hidden rounded-xl border bg-muted"
              aria-busy="true"
            >
              <img src={item.preview} alt="Uploading photo" className="size-full object-cover opacity-60" />
              <div
                className="absolute inset-x-3 bottom-3 h-2 overflow-hidden rounded-full bg-white/70"
                role="progressbar"
                aria-valuenow={item.progress}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-label="Upload progress"
              >
                <div className="h-full bg-primary transition-all" style={{ width: `${item.progress}%` }} />
              </div>
            </li>
          ))}
          {total < PHOTO_LIMITS.maxPhotos && (
            <li className="aspect-[3/4]">
              <div className="flex size-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-3 text-center">
                <Button type="button" variant="secondary" size="sm" onClick={() => input.current?.click()}>
                  <ImagePlus aria-hidden /> Upload
                </Button>
                <Button type="button" variant="ghost" size="sm" onClick={() => setCameraOpen(true)}>
                  <Camera aria-hidden /> Camera
                </Button>
                <p className="text-xs text-muted-foreground">JPG, PNG, GIF or WebP, up to 10 MB</p>
              </div>
            </li>
          )}
        </ul>
      )}
      <input
        ref={input}
        type="file"
        accept={PHOTO_LIMITS.acceptedTypes.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-label="Choose a photo to upload"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file, file.name);
        }}
      />
      <CameraCapture
        open={cameraOpen}
        onClose={() => setCameraOpen(false)}
        onCapture={(blob) => void upload(blob, 'camera.jpg')}
      />
    </section>
  );
}
