import { PHOTO_LIMITS, PROFILE_TEXT } from '@contracts/profile-constants';

/** The same checks the server makes, run first so a member hears at once. Null when fine. */
export function checkPhoto(
  file: { type: string; size: number },
  currentCount: number,
): { title: string; description: string } | null {
  if (currentCount >= PHOTO_LIMITS.maxPhotos) return PROFILE_TEXT.maxPhotos;
  return checkImageFile(file);
}

/** Type and size, for any single image upload (selfies and date photos too). */
export function checkImageFile(file: { type: string; size: number }): { title: string; description: string } | null {
  if (!file.type.startsWith('image/') || !(PHOTO_LIMITS.acceptedTypes as readonly string[]).includes(file.type)) {
    return PROFILE_TEXT.invalidFileType;
  }
  if (file.size > PHOTO_LIMITS.maxBytes) return PROFILE_TEXT.fileTooLarge;
  return null;
}
