import { sql, type SQL } from 'drizzle-orm';
import { TOO_MANY_SOCKETS_CLOSE, type RealtimeEvent } from '../../../contracts/messages-api';
import type { Database } from '../db/client';
import { selectRows, ZId } from '../db/rows';
import { bannedNow } from '../db/standing';
import type { Logger } from '../lib/logger';

export const REALTIME_CHANNEL = 'vouch_realtime';
/** The address of every administrator's open sockets (live statistics). */
export const ADMIN_AUDIENCE = 'role:admin';

type Socket = { send(data: string): void; close(code?: number, reason?: string): void };
type Envelope = { to: string[]; event: RealtimeEvent };

/**
 * pg_notify refuses a payload of 8,000 bytes or more. Events name what changed by id, so an
 * envelope is a few hundred bytes; publishing refuses a larger one before anything is sent.
 */
export const NOTIFY_MAX_BYTES = 7000;
/** Whose socket it is: the session it was opened with, and until when it may hear admin events. */
export type SocketOwner = { userId: string; sessionId: string; adminUntil: number | null };

/**
 * Sockets one member may hold on an instance: tabs and devices. One more closes the oldest, so a
 * tab just opened always works, and one member cannot hold the server's memory and file handles.
 */
export const MAX_SOCKETS_PER_MEMBER = 8;

/** How often open sockets are checked against their sessions. */
export const SESSION_CHECK_INTERVAL_MS = 400;
/** How often open sockets stamp their members active. */
const PRESENCE_STAMP_MS = 60_000;
/** The close code a socket gets when its session has ended (sign-out, revocation, ban, deletion). */
export const SESSION_ENDED_CLOSE = 4001;

/**
 * Live sockets by member. Events are published with pg_notify and every server instance
 * listens, so a socket held by any instance gets the event (so the app can run as several instances).
 *
 * A socket lives no longer than its session. Every SESSION_CHECK_INTERVAL_MS the instance asks
 * the database which of its sockets' sessions are still valid, and closes the others: whatever
 * ended the session (a sign-out, signing out other devices, a password change or reset, a ban,
 * the account's deletion) and on whichever instance it happened. An administrator's socket is
 * closed when the 24-hour admin window ends; a new one is a member's socket.
 */
export class RealtimeHub {
  private sockets = new Map<string, Set<Socket>>();
  private owners = new Map<Socket, SocketOwner>();
  private unlisten: (() => Promise<void>) | null = null;
  private sessionCheck: ReturnType<typeof setInterval> | null = null;
  private presenceStampedAt = 0;
  private checking = false;

  constructor(
    private database: Database,
    private logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(REALTIME_CHANNEL, (payload) => this.receive(payload));
    this.sessionCheck = setInterval(() => void this.closeEndedSessions(), SESSION_CHECK_INTERVAL_MS);
    this.sessionCheck.unref();
  }

  private receive(payload: string): void {
    try {
      const envelope = JSON.parse(payload) as Envelope;
      for (const userId of envelope.to) this.deliverLocally(userId, envelope.event);
    } catch (error) {
      this.logger.warn({ err: error }, 'dropped a malformed realtime payload');
    }
  }

  /** Registers a socket under its member (and the admin audience while the admin window lasts). */
  add(socket: Socket, owner: SocketOwner): void {
    this.owners.set(socket, owner);
    this.join(owner.userId, socket);
    if (owner.adminUntil !== null) this.join(ADMIN_AUDIENCE, socket);
    const mine = this.sockets.get(owner.userId)!;
    // A Set keeps the order sockets joined in: the first is the oldest.
    if (mine.size > MAX_SOCKETS_PER_MEMBER) this.end(mine.values().next().value!, TOO_MANY_SOCKETS_CLOSE);
  }

  /** Forgets a socket that has closed. */
  remove(socket: Socket): void {
    const owner = this.owners.get(socket);
    if (!owner) return;
    this.owners.delete(socket);
    this.leave(owner.userId, socket);
    this.leave(ADMIN_AUDIENCE, socket);
  }

  /** Whether the member has a socket open on this instance (a tab of Vouch open). */
  isConnected(userId: string): boolean {
    return (this.sockets.get(userId)?.size ?? 0) > 0;
  }

  /** Closes a member's sockets at once on this instance (the session check does it everywhere). */
  disconnect(userId: string): void {
    // Deleting from a Set while iterating it is safe: each socket is visited once.
    for (const socket of this.sockets.get(userId) ?? []) this.end(socket);
  }

  /** Closes the sockets whose session is no longer valid, or whose admin window has ended. */
  async closeEndedSessions(): Promise<void> {
    if (this.checking || this.owners.size === 0) return;
    this.checking = true;
    try {
      const now = Date.now();
      for (const [socket, owner] of this.owners)
        if (owner.adminUntil !== null && owner.adminUntil <= now) this.end(socket);
      const ids = [...new Set([...this.owners.values()].map((owner) => owner.sessionId))];
      if (ids.length === 0) return;
      // Session ids are better-auth's alphanumeric ids: one text-array literal carries them all.
      const rows = await selectRows(
        this.database.db,
        ZId,
        sql`
        select s.id from session s join "user" u on u.id = s.user_id
        where s.id = any(${sql.param(ids)}::text[]) and s.expires_at > now()
          and not ${bannedNow('u')}`,
      );
      const live = new Set(rows.map((row) => row.id));
      for (const [socket, owner] of this.owners) if (!live.has(owner.sessionId)) this.end(socket);
      await this.stampPresence(now);
    } catch (error) {
      this.logger.warn({ err: error }, 'open sockets could not be checked against their sessions');
    } finally {
      this.checking = false;
    }
  }

  /**
   * Once a minute, the members with a socket open here are stamped active, so every instance
   * knows they are online (reminder mail is not sent to a member with Vouch open).
   */
  private async stampPresence(now: number): Promise<void> {
    if (now - this.presenceStampedAt < PRESENCE_STAMP_MS) return;
    this.presenceStampedAt = now;
    const members = [...new Set([...this.owners.values()].map((owner) => owner.userId))];
    if (members.length)
      await this.database.db.execute(
        sql`update profiles set last_active_at = now() where user_id = any(${sql.param(members)}::text[])`,
      );
  }

  private end(socket: Socket, code = SESSION_ENDED_CLOSE): void {
    this.remove(socket);
    try {
      socket.close(code, code === SESSION_ENDED_CLOSE ? 'session ended' : 'too many open tabs');
    } catch {
      // already closing
    }
  }

  private join(audience: string, socket: Socket): void {
    const set = this.sockets.get(audience) ?? new Set();
    set.add(socket);
    this.sockets.set(audience, set);
  }

  private leave(audience: string, socket: Socket): void {
    const set = this.sockets.get(audience);
    set?.delete(socket);
    if (set?.size === 0) this.sockets.delete(audience);
  }

  get connectionCount(): number {
    return this.owners.size;
  }

  private deliverLocally(userId: string, event: RealtimeEvent): void {
    const frame = JSON.stringify(event);
    for (const socket of this.sockets.get(userId) ?? []) {
      try {
        socket.send(frame);
      } catch {
        this.remove(socket);
      }
    }
  }

  /** Says goodbye (1001, going away) to every open socket: the first step of a shutdown. */
  closeSockets(): void {
    for (const socket of this.owners.keys()) socket.close(1001, 'server shutting down');
    this.sockets.clear();
    this.owners.clear();
  }

  async stop(): Promise<void> {
    if (this.sessionCheck) clearInterval(this.sessionCheck);
    this.closeSockets();
    await this.unlisten?.();
  }
}

/** Sends an event to members through PostgreSQL, so it reaches them on any instance. */
export async function publish(db: Pick<Database['db'], 'execute'>, to: string[], event: RealtimeEvent): Promise<void> {
  await publishEach(db, [[to, event]]);
}

/** The statement that sends several events, delivered in this order. */
export function notifyStatement(events: [to: string[], event: RealtimeEvent][]) {
  const notifications = events.map(([to, event]) => {
    const envelope = JSON.stringify({ to, event } satisfies Envelope);
    if (Buffer.byteLength(envelope) > NOTIFY_MAX_BYTES) throw new Error(`a ${event.type} event too large to notify`);
    return sql`pg_notify(${REALTIME_CHANNEL}, ${envelope})`;
  });
  return sql`select ${sql.join(notifications, sql`, `)}`;
}

/** An event some of whose values (ids) are made by the statement that sends it: those are SQL. */
export type StatementEvent = RealtimeEvent extends infer E
  ? E extends RealtimeEvent
    ? { [K in keyof E]: E[K] | SQL }
    : never
  : never;

/**
 * The pg_notify calls that send events from inside a statement which makes their ids (a select
 * list's expressions): they go out when it commits, and not at all when it writes nothing.
 * The envelope is built by PostgreSQL; ids and a type keep it far below NOTIFY_MAX_BYTES.
 */
export function notifyInStatement(events: [to: string[], event: StatementEvent][]): SQL {
  const notifications = events.map(([to, event]) => {
    const fields = Object.entries(event).map(([key, value]) => sql`${key}::text, (${value})::text`);
    return sql`pg_notify(${REALTIME_CHANNEL}, json_build_object('to', ${JSON.stringify(to)}::json, 'event', json_build_object(${sql.join(fields, sql`, `)}))::text)`;
  });
  return sql.join(notifications, sql`, `);
}

/** Several events in one round trip, delivered in this order. */
export async function publishEach(
  db: Pick<Database['db'], 'execute'>,
  events: [to: string[], event: RealtimeEvent][],
): Promise<void> {
  await db.execute(notifyStatement(events));
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
