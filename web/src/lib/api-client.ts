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

type Options = { method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; body?: unknown; signal?: AbortSignal };

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

/** The untyped call, for what has not moved to the typed client (lib/api.ts) yet. */
export async function api<T>(path: string, { method = 'GET', body, signal }: Options = {}): Promise<T> {
  const response = await fetchOrThrow(path, {
    method,
    signal,
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (response.status === 204 ? null : await response.json().catch(() => null)) as T;
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
