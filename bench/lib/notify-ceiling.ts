// The ceiling of realtime fan-out through PostgreSQL's LISTEN/NOTIFY: how many events a second
// reach a listening connection (as each server instance holds one) before delivery slows down.
// Events are sent open loop, each as its own statement and commit (as the endpoints send them),
// with an envelope of the size ours have, at doubling rates; the ceiling is the last rate at
// which every event arrived with a p99 within CEILING_P99_MS of when it was due. Run once the
// server has stopped, so PostgreSQL and this process have the machine to themselves.
import pg from 'pg';
import { REALTIME_CHANNEL } from '../../server/src/realtime/hub';
import { openLoop, type Figures } from './load';
import { withCpu, type CpuCost, type CpuSample } from './processes';

/** Delivery slower than this at the 99th percentile is where the ceiling lies. */
export const CEILING_P99_MS = 50;
const RATES = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000];
/** A message event as the server sends it: two members, a conversation and a message named by id. */
const envelope = (k: number) =>
  JSON.stringify({
    to: [`member-${k % 997}`, `member-${(k * 7) % 997}`],
    event: { type: 'message', conversationId: crypto.randomUUID(), messageId: `${k}` },
  });

export type NotifyStep = Figures & { rate: number; delivered: number; cpu: CpuCost };
export type NotifyCeiling = { steps: NotifyStep[]; ceiling: number | null; p99LimitMs: number };

export async function notifyCeiling(
  url: string,
  { seconds, cpu }: { seconds: number; cpu: () => CpuSample },
): Promise<NotifyCeiling> {
  const publishers = new pg.Pool({ connectionString: url, max: 10 });
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  const waiting = new Map<string, () => void>();
  let delivered = 0;
  listener.on('notification', ({ payload }) => {
    const id = (JSON.parse(payload ?? '{}') as { event?: { messageId?: string } }).event?.messageId;
    const resolve = id === undefined ? undefined : waiting.get(id);
    if (!resolve) return;
    delivered++;
    waiting.delete(id!);
    resolve();
  });
  await listener.query(`listen ${REALTIME_CHANNEL}`);
  let next = 0;
  const publish = async () => {
    const k = next++;
    const heard = new Promise<void>((resolve) => waiting.set(`${k}`, resolve));
    await publishers.query({
      name: 'notify',
      text: 'select pg_notify($1, $2)',
      values: [REALTIME_CHANNEL, envelope(k)],
    });
    // An event not heard within a second counts as lost for this step.
    return Promise.race([heard.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 1000))]);
  };
  const steps: NotifyStep[] = [];
  try {
    await openLoop(500, 1, publish); // warm-up
    for (const rate of RATES) {
      delivered = 0;
      const figures = await withCpu(cpu, () => openLoop(rate, seconds, publish));
      waiting.clear();
      steps.push({ ...figures, rate, delivered });
      if (figures.errors > 0 || figures.p99 > CEILING_P99_MS) break;
    }
  } finally {
    await publishers.end();
    await listener.end();
  }
  const within = steps.filter((step) => step.errors === 0 && step.p99 <= CEILING_P99_MS);
  return { steps, ceiling: within.at(-1)?.rate ?? null, p99LimitMs: CEILING_P99_MS };
}
