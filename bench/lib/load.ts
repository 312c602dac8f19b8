// Load generators. Closed loop (N workers, each waits for its answer) measures the most a
// route can do; open loop (requests sent on a fixed schedule, latency counted from the moment
// each was due) measures latency at a given rate without hiding queueing (no coordinated
// omission). autocannon's own rate mode sends each connection's quota in a burst at the top of
// every second, which is why the open loop is ours; autocannon drives the hello-world runs.
import http from 'node:http';
import autocannon from 'autocannon';

export type Figures = {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  statuses: Record<string, number>;
};

export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export function summarise(
  latencies: number[],
  seconds: number,
  errors = 0,
  statuses: Record<string, number> = {},
): Figures {
  const sorted = latencies.toSorted((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    requests: latencies.length,
    seconds: round(seconds),
    rps: Math.round(latencies.length / seconds),
    p50: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    p99: round(percentile(sorted, 0.99)),
    errors,
    statuses,
  };
}

/** Runs `work` from `workers` loops at once until `seconds` pass or `max` calls were made. */
export async function closedLoop(
  workers: number,
  seconds: number,
  work: (k: number, worker: number) => Promise<boolean>,
  max = Infinity,
): Promise<Figures> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < deadline && next < max) {
        const k = next++;
        const t0 = performance.now();
        if (!(await work(k, worker))) errors++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return summarise(latencies, (performance.now() - started) / 1000, errors);
}

/** Starts `work` at a fixed rate for `seconds`; each latency counts from when the call was due. */
export async function openLoop(rate: number, seconds: number, work: (k: number) => Promise<boolean>): Promise<Figures> {
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  const inFlight: Promise<void>[] = [];
  let errors = 0;
  const started = performance.now();
  let sent = 0;
  while (sent < total) {
    const due = started + (sent * 1000) / rate;
    const wait = due - performance.now();
    // Always yield to I/O between batches: at 1,000/s and more the next send is due within a
    // millisecond, and a loop that only slept when it had more than that to wait never let the
    // answers in until the phase had sent everything (every latency became the phase's length).
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait - 0.5));
    else await new Promise((resolve) => setImmediate(resolve));
    // Send everything that is due now (the timer wakes up late under load).
    while (sent < total && started + (sent * 1000) / rate <= performance.now()) {
      const k = sent++;
      const dueAt = started + (k * 1000) / rate;
      inFlight.push(
        work(k).then(
          (ok) => {
            if (!ok) errors++;
            latencies.push(performance.now() - dueAt);
          },
          () => {
            errors++;
          },
        ),
      );
    }
  }
  await Promise.all(inFlight);
  return summarise(latencies, (performance.now() - started) / 1000, errors);
}

type RequestArgs = [method: string, path: string, headers: Record<string, string>, body?: unknown];
type Reply = { status: number; text: string; headers: http.IncomingHttpHeaders };

/** A small HTTP client on kept-alive sockets; counts status codes. */
export class HttpClient {
  readonly agent: http.Agent;
  readonly statuses: Record<string, number> = {};
  readonly host: string;
  readonly port: number;

  constructor(
    readonly baseUrl: string,
    maxSockets = 256,
  ) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port);
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  async request(...call: RequestArgs): Promise<Reply> {
    try {
      return await this.requestOnce(...call);
    } catch (error) {
      // The server closes a kept-alive connection after 5 idle seconds; a request written to it at
      // that moment is reset before the server reads it. Node's documented answer: send it again.
      if (
        (error as { reusedSocket?: boolean }).reusedSocket &&
        (error as NodeJS.ErrnoException).code === 'ECONNRESET'
      ) {
        return this.requestOnce(...call);
      }
      throw error;
    }
  }

  private requestOnce(...[method, path, headers, body]: RequestArgs): Promise<Reply> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.host,
          port: this.port,
          method,
          path,
          agent: this.agent,
          headers: {
            origin: this.baseUrl,
            ...headers,
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            this.statuses[status] = (this.statuses[status] ?? 0) + 1;
            resolve({ status, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers });
          });
          res.on('error', reject);
        },
      );
      req.on('error', (error) => reject(Object.assign(error, { reusedSocket: req.reusedSocket })));
      req.end(payload);
    });
  }

  /**
   * A request as a signed-in member, the way a browser sends it: with the member's cookies, and
   * keeping any cookie the server renews (the session cache cookie is renewed every minute).
   */
  async send(member: { cookie: string }, method: string, path: string, body?: unknown) {
    const response = await this.request(method, path, { cookie: member.cookie }, body);
    const renewed = ([] as string[]).concat(response.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]!);
    if (renewed.length > 0) {
      const jar = new Map(member.cookie.split('; ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair] as const));
      for (const pair of renewed) jar.set(pair.slice(0, pair.indexOf('=')), pair);
      member.cookie = [...jar.values()].join('; ');
    }
    return response;
  }

  /** A status counter for one scenario: the counts since the last call. */
  takeStatuses(): Record<string, number> {
    const copy = { ...this.statuses };
    for (const key of Object.keys(this.statuses)) delete this.statuses[key];
    return copy;
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The most requests per second a plain GET gets, with autocannon (closed loop, 100 connections). */
export async function autocannonMax(url: string, seconds: number): Promise<Figures> {
  const result = await autocannon({ url, connections: 100, duration: seconds });
  const statuses = { '2xx': result['2xx'], non2xx: result.non2xx };
  return {
    requests: result.requests.total,
    seconds,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    // autocannon reports p97.5, not p95.
    p95: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    statuses,
  };
}
