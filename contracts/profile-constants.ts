// The profile rules and texts that need no schema: the server, and web pages that must not load zod, share them.
// profile.ts re-exports them beside its schemas.

export const GENDERS = [
  'woman',
  'man',
  'non-binary',
  'genderfluid',
  'agender',
  'bigender',
  'demigirl',
  'demiboy',
  'genderqueer',
  'pangender',
  'two-spirit',
  'questioning',
  'other',
  'prefer-not-to-say',
] as const;

export type Gender = (typeof GENDERS)[number];

/** The most pixels a photo may have: checked from its header, before any decoding. */
export const PHOTO_MAX_MEGAPIXELS = 25;

export const PROFILE_TEXT = {
  nameRequired: 'Name is required',
  ageRange: 'Please enter a valid age between 18 and 120',
  maxPhotos: { title: 'Maximum photos reached', description: 'You can only have up to 6 photos.' },
  invalidFileType: { title: 'Invalid file type', description: 'Please upload an image file' },
  fileTooLarge: { title: 'File too large', description: 'Maximum file size is 10MB' },
  tooManyPixels: {
    title: 'Photo too large',
    description: `Please upload a photo of at most ${PHOTO_MAX_MEGAPIXELS} megapixels (a phone's usual photo is 12 to 24).`,
  },
  uploadFailed: { title: 'Upload failed', description: 'Failed to upload file' },
  uploadSuccessful: 'Upload successful',
  savePhotoFailed: 'Failed to save photo. Please try again.',
  saveFailed: 'Failed to save profile',
  loadFailed: 'Failed to load your profile data.',
} as const;

/** Display defaults wherever a field is missing. */
export const PROFILE_DEFAULTS = {
  name: 'Anonymous',
  age: 25,
  location: 'Unknown Location',
  bio: 'No bio provided',
} as const;

/** The name shown for a member everywhere: their profile name, or the display default. */
export const displayName = (name: string | null | undefined) => name?.trim() || PROFILE_DEFAULTS.name;

/** The first word of it, as mails, shared dates and reminders call people. */
export const firstName = (name: string | null | undefined) => displayName(name).split(/\s+/)[0]!;

export const PHOTO_LIMITS = {
  maxPhotos: 6,
  maxBytes: 10 * 1024 * 1024,
  acceptedTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
} as const;

export const GENDER_LABELS: Record<Gender, string> = {
  woman: 'Woman',
  man: 'Man',
  'non-binary': 'Non-binary',
  genderfluid: 'Genderfluid',
  agender: 'Agender',
  bigender: 'Bigender',
  demigirl: 'Demigirl',
  demiboy: 'Demiboy',
  genderqueer: 'Genderqueer',
  pangender: 'Pangender',
  'two-spirit': 'Two-spirit',
  questioning: 'Questioning',
  other: 'Other',
  'prefer-not-to-say': 'Prefer not to say',
};
