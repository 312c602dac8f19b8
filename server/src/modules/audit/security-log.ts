import { z } from 'zod';
import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { column, onlyRow, selectRows } from '../../db/rows';
import { securityLogs } from '../../db/schema';
import type { Logger } from '../../lib/logger';

export type Severity = 'info' | 'warning' | 'high';
export type SecurityLogEntry = {
  eventType: string;
  severity: Severity;
  actorId: string | null;
  details: Record<string, unknown>;
};

/** JSON with object keys sorted at every depth: jsonb does not keep the order keys were written in. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The key that signs the chain, derived from the server's secret (never stored in the database),
 * so someone who can write to the database but does not hold the secret cannot recompute a chain
 * that verifies. Set once at start-up by openServices.
 */
let chainKey: Buffer | null = null;
export function configureSecurityLogKey(secret: string): void {
  chainKey = createHmac('sha256', secret).update('vouch security log chain').digest();
}
function key(): Buffer {
  if (!chainKey) throw new Error('The security log key is not configured (configureSecurityLogKey).');
  return chainKey;
}

/** Keyed hashes carry this prefix; an entry without it is from before the key, plain SHA-256. */
const KEYED = 'k1:';

function content(prevHash: string | null, entry: SecurityLogEntry & { createdAt: Date }): string {
  return stableJson([
    prevHash,
    entry.eventType,
    entry.severity,
    entry.actorId,
    entry.details,
    entry.createdAt.toISOString(),
  ]);
}

/** The hash an entry stores: HMAC-SHA256 with the chain key over its content and the previous hash. */
export function entryHash(prevHash: string | null, entry: SecurityLogEntry & { createdAt: Date }): string {
  return KEYED + createHmac('sha256', key()).update(content(prevHash, entry)).digest('hex');
}

/** How entries were hashed before the key: kept so an older log still verifies up to its first keyed entry. */
function legacyHash(prevHash: string | null, entry: SecurityLogEntry & { createdAt: Date }): string {
  return createHash('sha256').update(content(prevHash, entry)).digest('hex');
}

const headMac = (seq: number, hash: string) => createHmac('sha256', key()).update(`head:${seq}:${hash}`).digest('hex');

const ZHead = z.object({ seq: column.number, hash: z.string(), mac: z.string() });
const ZEnd = z.object({ seq: column.number, hash: z.string().nullable() });
type Head = z.output<typeof ZHead>;
type End = z.output<typeof ZEnd>;
const selectHead = sql`select seq, hash, mac from security_log_head where id = 1`;

/**
 * Whether the signed head names the chain's last entry. A log without a head is right only while
 * it has no keyed entry (it was written before the key, or is empty).
 */
function headNamesEnd(head: Head | undefined, last: End | undefined): boolean {
  if (!head) return !last?.hash?.startsWith(KEYED);
  return (
    head.mac === headMac(Number(head.seq), head.hash) &&
    last !== undefined &&
    Number(head.seq) === Number(last.seq) &&
    head.hash === last.hash
  );
}

/**
 * Appends to the security log, chained: the entry stores the previous entry's hash and its
 * own, and the signed head moves to it. A transaction-scoped lock keeps the chain a single line
 * under concurrent writers. The head moves only from the end it names: after entries were removed
 * from the end or the head was forged or deleted, it stays as it is, so the next entry (an
 * administrator signing in to run the audit writes one) does not hide what was done.
 */
export async function appendSecurityLog(tx: Pick<Db, 'execute' | 'insert'>, entry: SecurityLogEntry): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('security_log_chain'))`);
  const rows = await selectRows(tx, ZEnd, sql`select seq, hash from security_logs order by seq desc limit 1`);
  const heads = await selectRows(tx, ZHead, selectHead);
  const prevHash = rows[0]?.hash ?? null;
  // Milliseconds only, so the stored time reads back exactly as it was hashed.
  const createdAt = new Date();
  const hash = entryHash(prevHash, { ...entry, createdAt });
  const inserted = onlyRow(
    await tx
      .insert(securityLogs)
      .values({ ...entry, createdAt, prevHash, hash })
      .returning({ seq: securityLogs.seq }),
  );
  if (!headNamesEnd(heads[0], rows[0])) return;
  await tx.execute(sql`
    insert into security_log_head (id, seq, hash, mac) values (1, ${inserted.seq}, ${hash}, ${headMac(inserted.seq, hash)})
    on conflict (id) do update set seq = excluded.seq, hash = excluded.hash, mac = excluded.mac`);
}

export type ChainCheck = {
  entries: number;
  legacy: number;
  intact: boolean;
  brokenAt: number | null;
  truncated: boolean;
  /** The copy of the head kept outside the database names an entry the log no longer has as it was. */
  copyMismatch: boolean;
};

/**
 * The signed head as it was last seen intact, kept outside the database: an owner-only file in
 * DATA_DIR (and each one in the log output). Someone who can write to the database can remove
 * every keyed entry and the head, and leave a log that looks as if it was never keyed; the copy
 * says it was, and which entry it had reached.
 */
export type HeadCopy = { seq: number; hash: string; mac: string };
const ZHeadCopy = z.object({ seq: z.number().int(), hash: z.string(), mac: z.string() });

export const headCopyFile = (dataDir: string) => path.join(dataDir, 'security-log-head.json');

/** The copy, when there is one; 'forged' when its signature is wrong. */
export function readHeadCopy(file: string): HeadCopy | 'forged' | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const parsed = ZHeadCopy.safeParse(
    (() => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return null;
      }
    })(),
  );
  if (!parsed.success || parsed.data.mac !== headMac(parsed.data.seq, parsed.data.hash)) return 'forged';
  return parsed.data;
}

/**
 * Walks the whole log in order and recomputes every hash with the key. Entries written before the
 * chain existed (no hash) or before it was keyed (plain SHA-256) may only come first. The last
 * entry must be the one the signed head names: entries removed from the end are caught there.
 * With the copy of the head kept outside the database, the log must still hold the entry it
 * names, as it was: a log taken back to before its first keyed entry (every keyed entry and the
 * head removed, or re-hashed the old unkeyed way) is caught there.
 */
export async function verifySecurityLogChain(
  db: Db,
  copy: HeadCopy | 'forged' | null = null,
  options: { sinceCopy?: boolean } = {},
): Promise<ChainCheck> {
  // From the copy on, when asked (the minute's checkpoint): the copy vouches for what came before.
  const since = options.sinceCopy && copy && copy !== 'forged' ? copy : null;
  const rows = await db
    .select()
    .from(securityLogs)
    .where(since ? gte(securityLogs.seq, since.seq) : undefined)
    .orderBy(securityLogs.seq);
  const heads = await selectRows(db, ZHead, selectHead);
  let legacy = 0;
  if (since && (Number(rows[0]?.seq) !== since.seq || rows[0]?.hash !== since.hash))
    return { entries: rows.length, legacy, intact: false, brokenAt: since.seq, truncated: false, copyMismatch: true };
  let prev: string | null = since ? (rows.shift()?.hash ?? null) : null;
  let keyed = !!since?.hash.startsWith(KEYED);
  const result = (check: Partial<ChainCheck>): ChainCheck => ({
    entries: rows.length,
    legacy,
    intact: false,
    brokenAt: null,
    truncated: false,
    copyMismatch: false,
    ...check,
  });
  if (copy === 'forged') return result({ copyMismatch: true });
  for (const row of rows) {
    const broken = result({ brokenAt: row.seq });
    if (!row.hash) {
      if (prev !== null) return broken;
      legacy++;
      continue;
    }
    const facts = {
      eventType: row.eventType,
      severity: row.severity as Severity,
      actorId: row.actorId,
      details: row.details,
      createdAt: row.createdAt,
    };
    const isKeyed = row.hash.startsWith(KEYED);
    // Once an entry is keyed, every later one must be: a forger cannot fall back to plain hashes.
    if (!isKeyed && keyed) return broken;
    keyed ||= isKeyed;
    const expected: string = isKeyed ? entryHash(prev, facts) : legacyHash(prev, facts);
    if (row.prevHash !== prev || row.hash !== expected) return broken;
    prev = row.hash;
  }
  if (copy && !since) {
    const named = rows.find((row) => Number(row.seq) === copy.seq);
    if (named?.hash !== copy.hash) return result({ brokenAt: copy.seq, copyMismatch: true });
  }
  const last = rows.at(-1);
  if (!headNamesEnd(heads[0], last)) return result({ brokenAt: last?.seq ?? null, truncated: true });
  return result({ intact: true });
}

/**
 * Moves the copy of the head on to the head in the database, when the log up to it is intact
 * (a tampered log keeps the copy where it was, as evidence), and writes the head to the log
 * output. Run at start, every minute and after each audit; nothing to do while no entry came.
 */
export async function checkpointSecurityLog(db: Db, dataDir: string, logger: Logger): Promise<void> {
  const file = headCopyFile(dataDir);
  const copy = readHeadCopy(file);
  const [head] = await selectRows(db, ZHead, selectHead);
  if (!head || head.mac !== headMac(Number(head.seq), head.hash)) return;
  if (copy && copy !== 'forged' && copy.seq === Number(head.seq)) return;
  const check = await verifySecurityLogChain(db, copy, { sinceCopy: true });
  if (!check.intact) {
    logger.warn({ securityLog: check }, 'the security log does not verify: its head copy stays where it was');
    return;
  }
  const next: HeadCopy = { seq: Number(head.seq), hash: head.hash, mac: head.mac };
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(next), { mode: 0o600 });
  fs.renameSync(temporary, file);
  logger.info({ securityLogHead: next }, 'security log head');
}
