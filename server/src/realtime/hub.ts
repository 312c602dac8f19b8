import { sql } from 'drizzle-orm';
import type { RealtimeEvent } from '../../../contracts/messages-api';
import type { Database } from '../db/client';
import type { Logger } from '../lib/logger';

export const REALTIME_CHANNEL = 'vouch_realtime';
/** The address of every administrator's open sockets (live statistics). */
export const ADMIN_AUDIENCE = 'role:admin';

type Socket = { send(data: string): void; close(code?: number, reason?: string): void };
type Envelope = { to: string[]; event: RealtimeEvent };

/**
 * Live sockets by member. Events are published with pg_notify and every server instance
 * listens, so a socket held by any instance gets the event (DESIGN §1, scale-out).
 */
export class RealtimeHub {
  private sockets = new Map<string, Set<Socket>>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private database: Database,
    private logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(REALTIME_CHANNEL, (payload) => {
      try {
        const { to, event } = JSON.parse(payload) as Envelope;
        for (const userId of to) this.deliverLocally(userId, event);
      } catch (error) {
        this.logger.warn({ err: error }, 'dropped a malformed realtime payload');
      }
    });
  }

  add(userId: string, socket: Socket): void {
    const set = this.sockets.get(userId) ?? new Set();
    set.add(socket);
    this.sockets.set(userId, set);
  }

  remove(userId: string, socket: Socket): void {
    const set = this.sockets.get(userId);
    set?.delete(socket);
    if (set?.size === 0) this.sockets.delete(userId);
  }

  /** Closes a member's sockets, e.g. after a ban or sign-out everywhere. */
  disconnect(userId: string): void {
    for (const socket of this.sockets.get(userId) ?? []) socket.close(4001, 'session ended');
    this.sockets.delete(userId);
  }

  get connectionCount(): number {
    let total = 0;
    for (const set of this.sockets.values()) total += set.size;
    return total;
  }

  private deliverLocally(userId: string, event: RealtimeEvent): void {
    const frame = JSON.stringify(event);
    for (const socket of this.sockets.get(userId) ?? []) {
      try {
        socket.send(frame);
      } catch {
        this.remove(userId, socket);
      }
    }
  }

  /** Says goodbye (1001, going away) to every open socket: the first step of a shutdown. */
  closeSockets(): void {
    for (const set of this.sockets.values()) for (const socket of set) socket.close(1001, 'server shutting down');
    this.sockets.clear();
  }

  async stop(): Promise<void> {
    this.closeSockets();
    await this.unlisten?.();
  }
}

/** Sends an event to members through PostgreSQL, so it reaches them on any instance. */
export async function publish(db: Pick<Database['db'], 'execute'>, to: string[], event: RealtimeEvent): Promise<void> {
  await publishEach(db, [[to, event]]);
}

/** Several events in one round trip, delivered in this order. */
export async function publishEach(db: Pick<Database['db'], 'execute'>, events: [to: string[], event: RealtimeEvent][]): Promise<void> {
  const notifications = events.map(([to, event]) => sql`pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify({ to, event } satisfies Envelope)})`);
  await db.execute(sql`select ${sql.join(notifications, sql`, `)}`);
}

const pendingStatsChange = new WeakMap<object, ReturnType<typeof setTimeout>>();
const STATS_CHANGE_DELAY_MS = 1000;

/**
 * Tells administrators' open dashboards that the statistics changed. Off the request's path
 * and at most once a second per database: a burst of messages is one refetch, not one each.
 */
export function announceStatsChange(db: Pick<Database['db'], 'execute'>): void {
  if (pendingStatsChange.has(db)) return;
  const timer = setTimeout(() => {
    pendingStatsChange.delete(db);
    // The dashboards also refetch every 30 s, so a lost announcement only delays them.
    publish(db, [ADMIN_AUDIENCE], { type: 'stats-changed' }).catch(() => {});
  }, STATS_CHANGE_DELAY_MS);
  timer.unref();
  pendingStatsChange.set(db, timer);
}
