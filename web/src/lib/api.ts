import { hc, type ClientResponse } from 'hono/client';
import type { ApiRoutes, SuccessBody } from '../../../server/src/api';
import { fetchOrThrow } from './api-client';

/**
 * The typed client: paths, inputs and answers come from the server's route declarations
 * (server/src/api.ts), so a field renamed on one side fails the type check on the other.
 * Refusals arrive as ApiError, as with `api()`.
 */
export const client = hc<ApiRoutes>('/', { fetch: fetchOrThrow });

/** Awaits a typed call and reads its JSON (refusals were thrown as ApiError by then): `const { dates } = await data(client.api['date-history'].$get())`. */
export async function data<R extends ClientResponse<unknown, number, 'json'>>(
  call: Promise<R>,
): Promise<SuccessBody<R>> {
  return (await (await call).json()) as SuccessBody<R>;
}
