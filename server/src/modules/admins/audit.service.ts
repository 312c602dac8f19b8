import { desc, eq, sql } from 'drizzle-orm';
import type { TAuditResult, TSecurityEvent } from '../../../../contracts/admin';
import { DEV_SECRET } from '../../env';
import { securityLogs } from '../../db/schema';
import type { Deps } from '../../lib/context';
import { displayName } from '../profiles/names';
import { countOf, selectCaseCounters, selectNames, selectReferencedFiles } from './admins.queries';
import {
  appendSecurityLog,
  checkpointSecurityLog,
  headCopyFile,
  readHeadCopy,
  verifySecurityLogChain,
  type Severity,
} from '../audit/security-log';

type Finding = TAuditResult['issues'][number];
const count = (deps: Pick<Deps, 'database'>, query: ReturnType<typeof sql>) => countOf(deps.database.db, query);

/**
 * The security audit: real checks of the running installation, each finding with a severity,
 * a description and a recommendation. The result is stored as a security_audit log entry.
 */
export async function runSecurityAudit(
  deps: Pick<Deps, 'database' | 'storage' | 'env' | 'logger'>,
  adminId: string,
): Promise<TAuditResult> {
  const { env } = deps;
  const issues: Finding[] = [];
  const add = (check: string, severity: Severity, description: string, recommendation: string) =>
    issues.push({ check, severity, description, recommendation });

  const adminsWithout2fa = await count(
    deps,
    sql`select count(*)::int as n from admin_users a join "user" u on u.id = a.user_id where not coalesce(u.two_factor_enabled, false)`,
  );
  if (adminsWithout2fa)
    add(
      'admin-2fa',
      'high',
      `${adminsWithout2fa} administrator(s) have no second factor.`,
      'Turn on the authenticator app for every administrator account.',
    );

  if (env.isProduction && env.AUTH_SECRET === DEV_SECRET)
    add('default-secret', 'high', 'The development AUTH_SECRET is in use.', 'Set a long random AUTH_SECRET.');
  if (env.isProduction && !env.BASE_URL.startsWith('https://'))
    add(
      'insecure-cookies',
      'high',
      'BASE_URL is not https, so session cookies are not marked Secure.',
      'Serve the site over HTTPS and set BASE_URL accordingly.',
    );
  if (env.isProduction && !env.DATABASE_URL)
    add(
      'embedded-database',
      'warning',
      'Production runs on the embedded database (PGlite).',
      'Set DATABASE_URL to a managed PostgreSQL with backups.',
    );

  const staleReports = await count(
    deps,
    sql`select count(*)::int as n from moderation_cases where kind = 'report' and status = 'open' and created_at < now() - interval '24 hours'`,
  );
  if (staleReports)
    add(
      'stale-reports',
      'warning',
      `${staleReports} report(s) have been open for more than 24 hours.`,
      'Decide them in the Moderation tab; members are promised an answer within 24 hours.',
    );

  const staleSelfies = await count(
    deps,
    sql`select count(*)::int as n from selfie_submissions where status = 'pending' and created_at < now() - interval '48 hours'`,
  );
  if (staleSelfies)
    add(
      'stale-selfies',
      'warning',
      `${staleSelfies} selfie(s) have waited more than 48 hours for review.`,
      'Review them in the Moderation tab.',
    );

  const failing = await count(
    deps,
    sql`select count(*)::int as n from (select metadata->>'email' from system_logs where event_type = 'sign_in_failed' and created_at > now() - interval '24 hours' group by 1 having count(*) >= 10) f`,
  );
  if (failing)
    add(
      'failed-sign-ins',
      'warning',
      `${failing} account(s) had 10 or more failed sign-ins in the last 24 hours.`,
      'Look for password guessing; the per-account rate limit is holding it back.',
    );

  const unverifiedRatings = await count(
    deps,
    sql`select count(*)::int as n from reviews r join conversations c on c.id = r.conversation_id where not c.date_verified`,
  );
  if (unverifiedRatings)
    add(
      'ratings-without-date',
      'high',
      `${unverifiedRatings} rating(s) belong to a date that is not verified.`,
      'This must never happen: investigate how they were written.',
    );

  const referenced = await selectReferencedFiles(deps.database.db);
  const orphans = (await deps.storage.list()).filter((key) => !referenced.has(key));
  if (orphans.length)
    add(
      'orphan-files',
      'info',
      `${orphans.length} stored file(s) are referenced by nothing.`,
      'Remove them from the storage.',
    );

  const chain = await verifySecurityLogChain(deps.database.db as never, readHeadCopy(headCopyFile(env.DATA_DIR)));
  if (!chain.intact) {
    const what = chain.copyMismatch
      ? chain.brokenAt === null
        ? 'cannot be checked against the copy of its head kept outside the database: the copy was forged'
        : `no longer holds entry ${chain.brokenAt} as the copy of its head kept outside the database names it: the log was rewritten or taken back`
      : chain.truncated
        ? `ends before its signed head (entry ${chain.brokenAt}): the newest entries were removed or the head was forged`
        : `is broken at entry ${chain.brokenAt}: a row was edited, removed or re-hashed without the key`;
    add(
      'log-chain',
      'high',
      `The security log chain ${what}.`,
      'Treat the log as tampered with; compare with backups.',
    );
  }

  const result: TAuditResult = { ranAt: new Date().toISOString(), issues, checks: 10 };
  const worst: Severity = issues.some((i) => i.severity === 'high') ? 'high' : issues.length ? 'warning' : 'info';
  await deps.database.db.transaction((tx) =>
    appendSecurityLog(tx, { eventType: 'security_audit', severity: worst, actorId: adminId, details: result }),
  );
  await checkpointSecurityLog(deps.database.db as never, env.DATA_DIR, deps.logger);
  return result;
}

/** The newest stored audit, or null when none has run. */
export async function lastSecurityAudit(deps: Pick<Deps, 'database'>): Promise<TAuditResult | null> {
  const [row] = await deps.database.db
    .select({ details: securityLogs.details })
    .from(securityLogs)
    .where(eq(securityLogs.eventType, 'security_audit'))
    .orderBy(desc(securityLogs.seq))
    .limit(1);
  return (row?.details as TAuditResult | undefined) ?? null;
}

/** The detail fields that name the member an event is about, in the order they are looked for. */
const SUBJECT_FIELDS = ['target', 'subjectId', 'userId', 'memberId'] as const;

const subjectIdOf = (details: Record<string, unknown>) =>
  SUBJECT_FIELDS.map((field) => details[field]).find(
    (value): value is string => typeof value === 'string' && value.length > 0 && value.length <= 64,
  ) ?? null;

/** The newest 50 entries of the security log, with the acting and the concerned member named. */
export async function securityEvents(deps: Pick<Deps, 'database'>): Promise<TSecurityEvent[]> {
  const { db } = deps.database;
  const rows = await db.select().from(securityLogs).orderBy(desc(securityLogs.seq)).limit(50);
  const ids = [
    ...new Set(
      rows
        .flatMap((row) => [row.actorId, subjectIdOf(row.details as Record<string, unknown>)])
        .filter((id): id is string => !!id),
    ),
  ];
  const names = new Map<string, string>();
  if (ids.length) {
    const found = await selectNames(db, ids);
    for (const row of found) names.set(row.id, displayName(row.name));
  }
  const named = (id: string | null) => (id && names.has(id) ? { userId: id, name: names.get(id)! } : null);
  return rows.map((row) => {
    const details = row.details as Record<string, unknown>;
    return {
      id: row.id,
      eventType: row.eventType,
      severity: row.severity as Severity,
      actorId: row.actorId,
      actor: named(row.actorId),
      subject: named(subjectIdOf(details)),
      details,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** Open cases that come first: a possible minor, a safety concern, a date rated unsafe. */
const HIGH_PRIORITY_REASONS = ['underage', 'safety', 'low_safety_rating'];

/**
 * The Reports tab's counters, from the state of things rather than from log lines (which only
 * grow): open reports and flags, high-priority issues open now (such cases, and the high
 * findings of the latest audit), and cases resolved.
 */
export async function reportCounters(deps: Pick<Deps, 'database'>) {
  const r = await selectCaseCounters(deps.database.db, HIGH_PRIORITY_REASONS);
  const audit = await lastSecurityAudit(deps);
  const highFindings = audit?.issues.filter((issue) => issue.severity === 'high').length ?? 0;
  return {
    userReports: r.reports,
    contentFlags: r.flags,
    highPriorityIssues: r.high + highFindings,
    resolvedIssues: r.resolved,
  };
}
