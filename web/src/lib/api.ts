import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ApiRoutes } from '../../../server/src/api';
import { fetchOrThrow } from './api-client';

/**
 * The typed client: paths, inputs and answers come from the server's route declarations
 * (server/src/api.ts), so a field renamed on one side fails the type check on the other.
 * Refusals arrive as ApiError, as with `api()`.
 */
export const client = hc<ApiRoutes>('/', { fetch: fetchOrThrow });

/** The body of a successful answer (refusals were thrown as ApiError by then). */
type Success<R> =
  R extends ClientResponse<infer Body, infer Status, 'json'>
    ? Status extends SuccessStatusCode
      ? Body
      : never
    : never;

/** Awaits a typed call and reads its JSON: `const { dates } = await data(client.api['date-history'].$get())`. */
export async function data<R extends ClientResponse<unknown, number, 'json'>>(call: Promise<R>): Promise<Success<R>> {
  return (await (await call).json()) as Success<R>;
}
