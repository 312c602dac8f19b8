import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { securityLogs } from '../../db/schema';

export type Severity = 'info' | 'warning' | 'high';
export type SecurityLogEntry = { eventType: string; severity: Severity; actorId: string | null; details: Record<string, unknown> };

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

export function entryHash(prevHash: string | null, entry: SecurityLogEntry & { createdAt: Date }): string {
  const content = stableJson([prevHash, entry.eventType, entry.severity, entry.actorId, entry.details, entry.createdAt.toISOString()]);
  return createHash('sha256').update(content).digest('hex');
}

/**
 * Appends to the security log, chained: the entry stores the previous entry's hash and its
 * own. A transaction-scoped lock keeps the chain a single line under concurrent writers.
 */
export async function appendSecurityLog(tx: Pick<Db, 'execute' | 'insert'>, entry: SecurityLogEntry): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('security_log_chain'))`);
  const { rows } = await tx.execute<{ hash: string | null }>(sql`select hash from security_logs order by seq desc limit 1`);
  const prevHash = rows[0]?.hash ?? null;
  // Milliseconds only, so the stored time reads back exactly as it was hashed.
  const createdAt = new Date();
  await tx.insert(securityLogs).values({ ...entry, createdAt, prevHash, hash: entryHash(prevHash, { ...entry, createdAt }) });
}

export type ChainCheck = { entries: number; legacy: number; intact: boolean; brokenAt: number | null };

/**
 * Walks the whole log in order and recomputes every hash. Entries written before the chain
 * existed (no hash) may only come first.
 */
export async function verifySecurityLogChain(db: Db): Promise<ChainCheck> {
  const rows = await db.select().from(securityLogs).orderBy(securityLogs.seq);
  let prev: string | null = null;
  let legacy = 0;
  for (const row of rows) {
    const broken = { entries: rows.length, legacy, intact: false, brokenAt: row.seq };
    if (!row.hash) {
      if (prev !== null) return broken;
      legacy++;
      continue;
    }
    const expected = entryHash(prev, { eventType: row.eventType, severity: row.severity as Severity, actorId: row.actorId, details: row.details, createdAt: row.createdAt });
    if (row.prevHash !== prev || row.hash !== expected) return broken;
    prev = row.hash;
  }
  return { entries: rows.length, legacy, intact: true, brokenAt: null };
}
