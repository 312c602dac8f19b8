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

/** An image answer (WebP bytes). */
export const imageResponse = {
  description: 'The image',
  content: { 'image/webp': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } },
};
