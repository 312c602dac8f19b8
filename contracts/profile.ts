import { z } from './zod';
import { ZInstant } from './common';
import { NAME_TEXT, personName } from './text';
import { GENDERS, PROFILE_TEXT, PHOTO_LIMITS } from './profile-constants';

// The plain rules and texts live in profile-constants.ts, which pages can load without zod.
export * from './profile-constants';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

/** What the profile editor saves. Empty location and bio become null; interests are trimmed. */
export const ZProfileUpdate = z.object({
  name: z.string().trim().min(1, PROFILE_TEXT.nameRequired).max(80).refine(personName, NAME_TEXT.noLinks),
  age: z
    .number({ error: PROFILE_TEXT.ageRange })
    .int(PROFILE_TEXT.ageRange)
    .min(18, PROFILE_TEXT.ageRange)
    .max(120, PROFILE_TEXT.ageRange)
    .nullish(),
  gender: z.enum(GENDERS).nullish(),
  location: optionalText(120),
  bio: optionalText(1000),
  interests: z
    .array(z.string().trim().max(40))
    .max(30)
    .transform((list) => list.filter((item) => item.length > 0)),
});
export type TProfileUpdate = z.input<typeof ZProfileUpdate>;

export const ZPhoto = z.object({ id: z.uuid(), url: z.string(), thumbUrl: z.string() });
export type TPhoto = z.infer<typeof ZPhoto>;

/** The member's own profile, as the editor and the profile tab see it. */
export const ZOwnProfile = z.object({
  userId: z.string(),
  name: z.string(),
  age: z.number().nullable(),
  gender: z.enum(GENDERS).nullable(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  interests: z.array(z.string()),
  photos: z.array(ZPhoto),
  selfieVerified: z.boolean(),
  hasCoordinates: z.boolean(),
  avgRating: z.number().nullable(),
  reviewCount: z.number(),
  badges: z.object({ safeForFamily: z.boolean(), safeForHome: z.boolean(), dateAgain: z.boolean() }),
  trustScore: z.number(),
  updatedAt: ZInstant,
});
export type TOwnProfile = z.infer<typeof ZOwnProfile>;

export const ZPhotoList = z.object({ photos: z.array(ZPhoto) });
export const ZPhotoOrder = z.object({ ids: z.array(z.uuid()).max(PHOTO_LIMITS.maxPhotos) });

/** The editor form as typed; `profileFormToUpdate` turns it into the saved shape. */
export const ZProfileForm = z.object({
  name: z.string().trim().min(1, PROFILE_TEXT.nameRequired).max(80).refine(personName, NAME_TEXT.noLinks),
  age: z
    .string()
    .refine((v) => !v.trim() || (/^\d+$/.test(v.trim()) && Number(v) >= 18 && Number(v) <= 120), PROFILE_TEXT.ageRange),
  gender: z.union([z.enum(GENDERS), z.literal('')]),
  location: z.string().max(120),
  bio: z.string().max(1000),
  interests: z.string().max(600),
});
export type TProfileForm = z.infer<typeof ZProfileForm>;

export function profileFormToUpdate(form: TProfileForm): TProfileUpdate {
  return {
    name: form.name.trim(),
    age: form.age.trim() ? Number(form.age) : null,
    gender: form.gender || null,
    location: form.location,
    bio: form.bio,
    interests: form.interests.split(','),
  };
}
