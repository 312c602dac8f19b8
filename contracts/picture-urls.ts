/**
 * Where the server serves pictures: the one place that knows the addresses, for every answer that
 * names a picture and for the pages that show them.
 */

/** A stored profile photo (GET /api/files/{id}); `thumb` is its small copy. */
export const photoUrl = (photoId: string, size: 'large' | 'thumb' = 'large') =>
  size === 'thumb' ? `/api/files/${photoId}?size=thumb` : `/api/files/${photoId}`;

/** A verification selfie, for the moderators (GET /api/verification/selfies/{id}/image; one size). */
export const selfieImageUrl = (selfieId: string) => `/api/verification/selfies/${selfieId}/image`;

/** The small copy of a picture the server named, where it has one (photos do, selfies do not). */
export const thumbnailOf = (url: string) =>
  url.startsWith('/api/files/') && !url.includes('?') ? `${url}?size=thumb` : url;
