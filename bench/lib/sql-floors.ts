// The floors of like/pass and chat: the statements the endpoints run, built by the same
// functions (likes.queries.ts, messages.queries.ts, realtime/hub.ts) and sent by a bare pg pool
// as named prepared statements, with no HTTP, session, validation or ORM in between. Measured
// on the same database, the same pool size and at the same concurrency as the endpoints, after
// the server has stopped (so nothing else runs beside them). An endpoint's figure over its
// floor's is what our server adds to its own SQL.
import pg from 'pg';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  likeStatement,
  passUpsertStatement,
  startOfUtcDay,
  type LikePair,
} from '../../server/src/modules/discovery/likes.queries';
import { messageInsertStatement, sendFactsStatement } from '../../server/src/modules/messages/messages.queries';
import { REALTIME_CHANNEL } from '../../server/src/realtime/hub';
import { planColumns, planFromColumns, type PlanColumns } from '../../server/src/modules/plans/service';
import { closedLoop, openLoop, type Figures } from './load';
import { withCpu, type CpuCost, type CpuSample } from './processes';

const dialect = new PgDialect();
type Queryable = pg.Pool | pg.PoolClient;

/** One of the endpoint's statements, prepared once per connection under its name. */
async function run<Row extends pg.QueryResultRow>(on: Queryable, name: string, statement: SQL): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return (await on.query<Row>({ name, text, values: params })).rows;
}

/** The server's pool: ten connections, JIT off (db/client.ts). */
export const openFloorPool = (url: string) => new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off' });

/** The swiping members' plans, read once before the floor runs (the endpoint reads them with the session). */
async function premiumMembers(pool: pg.Pool, viewerIds: string[]): Promise<Set<string>> {
  const rows = await run<PlanColumns & { id: string }>(
    pool,
    'swiper-plans',
    sql`select u.id, ${planColumns} from "user" u left join subscriptions s on s.user_id = u.id where u.id in ${viewerIds}`,
  );
  return new Set(rows.filter((row) => planFromColumns(row).tier === 'premium').map((row) => row.id));
}

export type Swipe = LikePair & { like: boolean };

/** A floor's most, closed loop, with its CPU; and its latency open loop at the endpoint's rate. */
export type SqlFloor = { max: Figures & { cpu: CpuCost }; atRate: Figures & { rate: number } };
/** Seconds per phase, the open loop's rate, and the CPU counters (PostgreSQL and this process). */
type FloorPace = { seconds: number; rate: number; cpu: () => CpuSample };

/** Like/pass's floor: the same mix of swipes, closed loop at `concurrency`, then open loop at `rate`. */
export async function swipeFloor(
  url: string,
  next: () => Swipe,
  { concurrency, seconds, rate, cpu, viewerIds }: FloorPace & { concurrency: number; viewerIds: string[] },
): Promise<SqlFloor> {
  const pool = openFloorPool(url);
  const premium = await premiumMembers(pool, viewerIds);
  const swipe = async () => {
    const { like: isLike, ...pair } = next();
    const input = { ...pair, superLike: false, premium: premium.has(pair.viewerId), dayStart: startOfUtcDay() };
    const statement = isLike ? run(pool, 'like', likeStatement(input)) : run(pool, 'pass', passUpsertStatement(pair));
    return statement.then((rows) => rows.length > 0).catch(() => false);
  };
  try {
    await closedLoop(16, 2, swipe); // each connection prepares its statements
    const max = await withCpu(cpu, () => closedLoop(concurrency, seconds, swipe));
    return { max, atRate: { ...(await openLoop(rate, seconds, swipe)), rate } };
  } finally {
    await pool.end();
  }
}

export type ChatPair = { fromId: string; toId: string; conversationId: string };

/**
 * Chat's floor: the endpoint's two statements (who may write; the message with its
 * conversation, notification and the two events), closed loop with one message in flight per
 * conversation, then open loop at `rate`. A message counts once a connection listening on the
 * realtime channel, as the server's does, has heard of it: PostgreSQL's delivery is part of the work.
 */
export async function chatFloor(
  url: string,
  pairs: ChatPair[],
  { workers, seconds, rate, cpu }: FloorPace & { workers: number },
): Promise<SqlFloor> {
  const pool = openFloorPool(url);
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  // The message events heard, and the sends waiting for theirs (an event may come before the insert's answer).
  const heard = new Set<string>();
  const waiting = new Map<string, () => void>();
  listener.on('notification', ({ payload }) => {
    const { event } = JSON.parse(payload ?? '{}') as { event?: { type: string; messageId?: string } };
    if (event?.type !== 'message' || !event.messageId) return;
    const resolve = waiting.get(event.messageId);
    if (!resolve) return void heard.add(event.messageId);
    waiting.delete(event.messageId);
    resolve();
  });
  await listener.query(`listen ${REALTIME_CHANNEL}`);
  const delivered = (messageId: string) =>
    heard.delete(messageId) ? Promise.resolve() : new Promise<void>((resolve) => waiting.set(messageId, resolve));
  let seq = 0;
  const send = async (pair: ChatPair) => {
    const ids = { viewerId: pair.fromId, conversationId: pair.conversationId };
    const [facts] = await run<{ other_id: string; sender_name: string | null }>(
      pool,
      'send-facts',
      sendFactsStatement(ids),
    );
    if (!facts) return false;
    const content = `floor:${seq++}`;
    const [stored] = await run<{ id: string; notification_id: string }>(
      pool,
      'message-insert',
      messageInsertStatement({
        ...ids,
        recipientId: facts.other_id,
        content,
        clientKey: crypto.randomUUID(),
        hidden: false,
        note: {
          type: 'message',
          title: `New message from ${facts.sender_name ?? ''}`,
          message: content,
          link: `/messages?conversation=${pair.conversationId}`,
          groupKey: `conversation:${pair.conversationId}`,
        },
      }),
    );
    if (!stored) return false;
    await delivered(stored.id);
    return true;
  };
  const byWorker = Array.from({ length: workers }, (_, w) => pairs.filter((_, p) => p % workers === w));
  const counters = Array(workers).fill(0) as number[];
  try {
    await closedLoop(workers, 2, (k) => send(pairs[k % pairs.length]!));
    const max = await withCpu(cpu, () =>
      closedLoop(workers, seconds, (_, w) => {
        const mine = byWorker[w]!;
        return send(mine[counters[w]!++ % mine.length]!);
      }),
    );
    return { max, atRate: { ...(await openLoop(rate, seconds, (k) => send(pairs[k % pairs.length]!))), rate } };
  } finally {
    await pool.end();
    await listener.end();
  }
}
