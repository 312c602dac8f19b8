import { z } from './zod';

/**
 * The site's own contact details, set by its owner (SUPPORT_EMAIL, SOCIAL_*_URL): pages show
 * only those that are set, and otherwise point to the contact form.
 */
export const ZSiteSettings = z.object({
  supportEmail: z.email().nullable(),
  social: z.object({ instagram: z.url().nullable(), x: z.url().nullable(), facebook: z.url().nullable() }),
});
export type TSiteSettings = z.infer<typeof ZSiteSettings>;
