import type { ExtractSchema } from 'hono/types';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ApiRoutes } from '../../../server/src/api';
import { asApiErrorCode, type ApiErrorCode } from '@contracts/error-codes';

/** An error from our API, carrying the server's code and its user-facing message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** fetch for our API: same-origin cookies, and any answer but a success thrown as ApiError. */
export async function fetchOrThrow(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(input, { ...init, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Could not reach Vouch. Check your connection and try again.');
  }
  if (response.ok) return response;
  const body: unknown = await response.json().catch(() => null);
  const error = (body as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null)
    ?.error;
  throw new ApiError(
    response.status,
    asApiErrorCode(error?.code),
    error?.message ?? response.statusText,
    error?.fields,
  );
}

type Routes = ExtractSchema<ApiRoutes>;
type Method = 'GET' | 'POST';
type Endpoint<P extends keyof Routes, M extends Method> = `$${Lowercase<M>}` extends infer K
  ? K extends keyof Routes[P]
    ? Routes[P][K]
    : never
  : never;
type Input<E> = E extends { input: infer I } ? I : never;
type Success<E> = E extends { output: infer O; status: infer S } ? (S extends SuccessStatusCode ? O : never) : never;
/** A route's input as an argument: optional when the route takes none. */
type InputArg<E> = object extends Input<E> ? [input?: Input<E>] : [input: Input<E>];

/**
 * A typed call without Hono's client at run time, for the code the landing page loads (session,
 * site settings, ads): Hono's client would add about 1.9 KB gzipped to a page held to 110 KB. It
 * checks the same paths, inputs (`param` and `query`; no JSON body) and answers as `client` in
 * lib/api.ts, in a few lines (path parameters URL-encoded). Everything else uses `client`.
 */
export function leanData<P extends Extract<keyof Routes, string>, M extends Method>(
  path: P,
  method: M,
  ...[input]: InputArg<Endpoint<P, M>>
): Promise<Success<Endpoint<P, M>>> {
  const { param, query } = (input ?? {}) as { param?: Record<string, string>; query?: Record<string, string> };
  const url =
    path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(param![key]!)) +
    (query ? `?${new URLSearchParams(query)}` : '');
  return fetchOrThrow(url, { method }).then((response) => response.json() as Promise<Success<Endpoint<P, M>>>);
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
