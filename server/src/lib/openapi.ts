import { z } from '@hono/zod-openapi';
import { ZErrorBody } from '../../../contracts/errors';

/** A JSON response entry for a route declaration. */
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A JSON request body for a route declaration: `request: { body: jsonBody(ZInput) }`. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } });

/** The error response of a route, in the API's one error shape. */
export const errorResponse = (description: string) => jsonResponse(ZErrorBody, description);

const binary = z.any().openapi({ type: 'string', format: 'binary' });

/** A multipart upload body: one image file, and any text fields beside it (`uploadBody({ challengeId: z.uuid() })`). */
export const uploadBody = <T extends z.ZodRawShape = Record<never, never>>(fields?: T) => ({
  content: { 'multipart/form-data': { schema: z.object({ ...(fields as T), file: binary }) } },
});

/** The refusals every upload may answer, before its own. */
export const uploadRefusals = { 413: errorResponse('File too large'), 415: errorResponse('Invalid file type') };

/** An image answer (WebP bytes). */
export const imageResponse = {
  description: 'The image',
  content: { 'image/webp': { schema: binary } },
};
