import { hc, type ClientResponse } from 'hono/client';
import type { ApiRoutes, SuccessBody } from '../../../server/src/api';
import { fetchOrThrow } from './api-client';

/**
 * The typed client: paths, inputs and answers come from the server's route declarations
 * (server/src/api.ts), so a field renamed on one side fails the type check on the other.
 * Refusals arrive as ApiError (fetchOrThrow). The landing page's calls use leanData (lib/api-client.ts)
 * instead, which checks the same types without this client's code; better-auth's routes and the
 * development outbox, which are not declared here, use untypedCall (features/auth/auth-api.ts).
 */
export const client = hc<ApiRoutes>('/', { fetch: fetchOrThrow });

/** Awaits a typed call and reads its JSON (refusals were thrown as ApiError by then): `const { dates } = await data(client.api['date-history'].$get())`. */
export async function data<R extends ClientResponse<unknown, number, 'json'>>(
  call: Promise<R>,
): Promise<SuccessBody<R>> {
  return (await (await call).json()) as SuccessBody<R>;
}
