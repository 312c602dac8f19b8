import { z } from './zod';

// The codes live without zod, so the web app's first load can read them (error-codes.ts).
export * from './error-codes';

/** Every error the API returns has this one shape. */
export const ZErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;
