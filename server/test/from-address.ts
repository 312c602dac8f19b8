import http from 'node:http';

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; json<T = any>(): T };

/**
 * One HTTP request sent from a chosen loopback address (any of 127.0.0.0/8 is this machine), so
 * one test can play many clients that per-address limits must tell apart.
 */
export function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, localAddress },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, json: () => JSON.parse(body) });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}

/** The cookies a response sets, as name → value. */
export function cookiesOf(answer: Answer): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const line of answer.headers['set-cookie'] ?? []) {
    const [pair] = line.split(';');
    const index = pair!.indexOf('=');
    jar[pair!.slice(0, index)] = pair!.slice(index + 1);
  }
  return jar;
}
