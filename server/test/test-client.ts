import { hc, type ClientResponse } from 'hono/client';
import type { ApiRoutes, SuccessBody } from '../src/api';

/** The development tools' key every test server is started with (DEV_TOOLS_KEY). */
export const TEST_DEV_KEY = 'test-dev-key-not-a-secret';

/**
 * An HTTP client for the API tests that behaves like a browser tab: it keeps cookies and
 * sends our Origin on writes. `origin: null` simulates a request from another site.
 *
 * `api` is the typed client the web app uses (paths, inputs and answers from the route
 * declarations); `request` and `json` stay for what a browser would never send: crafted
 * paths, bodies of the wrong shape, other encodings.
 */
export class TestClient {
  private cookies = new Map<string, string>();
  readonly api: ReturnType<typeof hc<ApiRoutes>>['api'];

  constructor(
    readonly baseUrl: string,
    private origin: string | null = baseUrl,
  ) {
    this.api = hc<ApiRoutes>(baseUrl, {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => this.send(input, init),
    }).api;
  }

  withOrigin(origin: string | null): TestClient {
    const copy = new TestClient(this.baseUrl, origin);
    copy.cookies = new Map(this.cookies);
    return copy;
  }

  request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const isForm = body instanceof FormData;
    return this.send(new URL(path, this.baseUrl), {
      method,
      headers: { ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  }

  /** fetch as this tab: its cookies, our Origin on writes (headers given win), and cookies kept from the answer. */
  private async send(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    if (this.origin && method !== 'GET' && !headers.has('origin')) headers.set('origin', this.origin);
    if (this.cookies.size && !headers.has('cookie')) headers.set('cookie', this.cookieHeader());
    // The development tools ask for the key the test servers are started with, as their owner would.
    if (
      new URL(input instanceof Request ? input.url : input).pathname.startsWith('/api/dev/') &&
      !headers.has('x-dev-key')
    )
      headers.set('x-dev-key', TEST_DEV_KEY);
    const response = await fetch(input, { ...init, method, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** A multipart upload of one file, as a browser's file input sends it. */
  upload(path: string, bytes: Buffer, filename: string, type: string) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
    return this.request('POST', path, form);
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body: unknown = {}, headers?: Record<string, string>) =>
    this.request('POST', path, body, headers);

  async json<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const response = await this.request(method, path, body);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
  }

  /** The Cookie header this client would send, for a WebSocket handshake. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  hasCookies(): boolean {
    return this.cookies.size > 0;
  }
}

/**
 * The body of a typed call's successful answer. Any other status fails the test with what the
 * server said, so a refusal is never read as a body of the wrong shape.
 */
export async function ok<R extends ClientResponse<unknown, number, 'json'>>(call: Promise<R>): Promise<SuccessBody<R>> {
  const response = await call;
  if (response.status < 200 || response.status > 299) {
    throw new Error(`${response.status} from ${response.url}: ${await response.text()}`);
  }
  return (await response.json()) as SuccessBody<R>;
}
