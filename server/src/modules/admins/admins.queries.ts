import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { containing } from '../../db/like';
import { column, selectOne, selectRow, selectRows, ZCount } from '../../db/rows';
import { bannedNow } from '../../db/standing';

/**
 * The admins module's SQL (members, subscriptions, payments, the audit's checks, counters, ads).
 * Every statement's rows are checked against their declared shape (db/rows.ts).
 */

type Execute = Pick<Db, 'execute'>;

export const ZUserRow = z.object({
  user_id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  photo_id: z.string().nullable(),
  photo_count: z.number(),
  created_at: column.timestamp,
  selfie_verified: z.boolean().nullable(),
  avg_rating: z.number().nullable(),
  review_count: z.number().nullable(),
  age: z.number().nullable(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  interests: z.array(z.string()).nullable(),
  registration: z.object({ country: z.string().optional() }).loose().nullable(),
  banned: z.boolean().nullable(),
  ban_reason: z.string().nullable(),
  ban_expires: column.timestamp.nullable(),
  is_admin: z.boolean(),
});
export type UserRow = z.output<typeof ZUserRow>;

const userSelect = sql`
  select u.id as user_id, coalesce(p.name, u.name) as name, u.email, u.created_at, u.registration, u.banned, u.ban_reason, u.ban_expires,
         p.selfie_verified, p.avg_rating, p.review_count, p.age, p.location, p.bio, p.interests,
         (select ph.id from photos ph where ph.user_id = u.id order by ph.position limit 1) as photo_id,
         (select count(*)::int from photos ph where ph.user_id = u.id) as photo_count,
         exists (select 1 from admin_users a where a.user_id = u.id) as is_admin
  from "user" u left join profiles p on p.user_id = u.id`;

/** The newest 50 members, optionally those whose name contains the search (case-insensitive). */
export function selectUsers(db: Execute, search?: string) {
  const filter = search?.trim() ? sql`where coalesce(p.name, u.name) ilike ${containing(search.trim())}` : sql``;
  return selectRows(db, ZUserRow, sql`${userSelect} ${filter} order by u.created_at desc limit 50`);
}

export async function selectUser(db: Execute, userId: string): Promise<UserRow | undefined> {
  return selectRow(db, ZUserRow, sql`${userSelect} where u.id = ${userId}`);
}

/** Lifts suspensions whose end has passed; the members lifted. */
export const liftSuspensions = (db: Execute) =>
  selectRows(
    db,
    z.object({ user_id: z.string() }),
    sql`
    with lifted as (
      update "user" set banned = false, ban_reason = null, ban_expires = null
      where coalesce(banned, false) and not ${bannedNow('user')} returning id)
    update profiles set hidden = profiles.hidden_by_member from lifted where profiles.user_id = lifted.id returning profiles.user_id`,
  );

export async function selectStats(db: Execute) {
  const row = await selectOne(
    db,
    z.object({
      total: z.number(),
      today: z.number(),
      premium: z.number(),
      messages: z.number(),
      matches: z.number(),
      verified: z.number(),
      ratings: z.number(),
    }),
    sql`
    select (select count(*)::int from "user") as total,
           (select count(*)::int from "user" where created_at >= date_trunc('day', now())) as today,
           (select count(*)::int from subscriptions where active and tier = 'premium' and (expires_at is null or expires_at > now())) as premium,
           (select count(*)::int from messages) as messages,
           (select count(*)::int from matches) as matches,
           (select count(*)::int from profiles where selfie_verified) as verified,
           (select count(*)::int from reviews) as ratings`,
  );
  return row;
}

export const ZSubscriptionRow = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  tier: z.string(),
  active: z.boolean(),
  expires_at: column.timestamp.nullable(),
  cancelled_at: column.timestamp.nullable(),
  created_at: column.timestamp,
});
export type SubscriptionRow = z.output<typeof ZSubscriptionRow>;

const subscriptionSelect = sql`
  select s.id, s.user_id, coalesce(p.name, u.name) as name, u.email, s.tier, s.active, s.expires_at, s.cancelled_at, s.created_at
  from subscriptions s join "user" u on u.id = s.user_id left join profiles p on p.user_id = s.user_id`;

/** A page of subscriptions, newest first, optionally those whose user id contains the search; and how many there are. */
export async function selectSubscriptions(
  db: Execute,
  { search, page, pageSize }: { search: string; page: number; pageSize: number },
) {
  const filter = search.trim() ? sql`where s.user_id ilike ${containing(search.trim())}` : sql``;
  const rows = await selectRows(
    db,
    ZSubscriptionRow,
    sql`${subscriptionSelect} ${filter} order by s.created_at desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const count = await selectRow(db, ZCount, sql`select count(*)::int as n from subscriptions s ${filter}`);
  return { rows, total: count?.n ?? 0 };
}

export async function selectSubscription(db: Execute, id: string): Promise<SubscriptionRow | undefined> {
  return selectRow(db, ZSubscriptionRow, sql`${subscriptionSelect} where s.id = ${id}`);
}

/** Members who pressed Go Premium in the last 30 days and have no paid Premium running since. */
export const selectPendingPayments = (db: Execute) =>
  selectRows(
    db,
    z.object({
      user_id: z.string(),
      name: z.string().nullable(),
      email: z.string(),
      amount: column.number.nullable(),
      attempted_at: column.timestamp,
    }),
    sql`
    select distinct on (l.user_id) l.user_id, coalesce(p.name, u.name) as name, u.email,
           (l.metadata->>'amount')::float8 as amount, l.created_at as attempted_at
    from system_logs l
    join "user" u on u.id = l.user_id
    left join profiles p on p.user_id = l.user_id
    where l.event_type = 'premium_upgrade_attempt' and l.created_at > now() - interval '30 days'
      and not exists (
        select 1 from subscriptions s where s.user_id = l.user_id and s.active and s.tier = 'premium'
          and (s.expires_at is null or s.expires_at > now()) and s.updated_at > l.created_at)
    order by l.user_id, l.created_at desc`,
  );

/** A count for the audit (a statement selecting `count(*)::int as n`). */
export async function countOf(db: Execute, query: ReturnType<typeof sql>): Promise<number> {
  const row = await selectRow(db, ZCount, query);
  return row?.n ?? 0;
}

/** Every storage key a row refers to. */
export async function selectReferencedFiles(db: Execute): Promise<Set<string>> {
  const rows = await selectRows(
    db,
    z.object({ key: z.string() }),
    sql`
        select large_key as key from photos union all select thumb_key from photos
        union all select image_key from selfie_submissions union all select photo_key from date_verifications
        union all select image_key from ads`,
  );
  return new Set(rows.map((row) => row.key));
}

/** Members' shown names (a profile name first), by id. */
export const selectNames = (db: Execute, ids: string[]) =>
  selectRows(
    db,
    z.object({ id: z.string(), name: z.string().nullable() }),
    sql`
      select u.id, coalesce(nullif(p.name, ''), u.name) as name from "user" u left join profiles p on p.user_id = u.id
      where u.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );

/** Open reports, open flags, open cases of the given reasons, and cases resolved. */
export async function selectCaseCounters(db: Execute, highPriorityReasons: string[]) {
  const row = await selectOne(
    db,
    z.object({ reports: z.number(), flags: z.number(), high: z.number(), resolved: z.number() }),
    sql`
    select (select count(*)::int from moderation_cases where kind = 'report' and status = 'open') as reports,
           (select count(*)::int from moderation_cases where kind <> 'report' and status = 'open') as flags,
           (select count(*)::int from moderation_cases where status = 'open' and reason in (${sql.join(
             highPriorityReasons.map((r) => sql`${r}`),
             sql`, `,
           )})) as high,
           (select count(*)::int from moderation_cases where status <> 'open') as resolved`,
  );
  return row;
}

/**
 * Counts an impression or a click once per visitor, ad and UTC day, and reads the ad's target;
 * undefined when there is no such ad. Only a running ad counts either. A click counts only from
 * a visitor whose impression of the ad was counted today: a click from nowhere (a script, a link
 * on another site) is a click nobody saw an ad for.
 */
export async function countAdView(
  db: Execute,
  { id, kind, visitor }: { id: string; kind: 'impression' | 'click'; visitor: string },
) {
  const counter = kind === 'impression' ? sql`impressions = impressions + 1` : sql`clicks = clicks + 1`;
  const shown =
    kind === 'impression'
      ? sql`and active`
      : sql`and active and exists (select 1 from ad_views v where v.ad_id = ads.id and v.kind = 'impression'
              and v.visitor = ${visitor} and v.day = (now() at time zone 'utc')::date)`;
  return selectRow(
    db,
    z.object({ target_url: z.string() }),
    sql`
    with seen as (
      insert into ad_views (ad_id, kind, visitor) select id, ${kind}, ${visitor} from ads where id = ${id} ${shown}
      on conflict do nothing returning ad_id),
    counted as (update ads set ${counter} where id = ${id} and exists (select 1 from seen) returning id)
    select target_url from ads where id = ${id}`,
  );
}

/** An ad's target, without counting anything (a click that does not count is still sent on). */
export const selectAdTarget = (db: Execute, id: string) =>
  selectRow(db, z.object({ target_url: z.string() }), sql`select target_url from ads where id = ${id}`);

/** Who was counted before today is no longer needed. */
export async function deleteOldAdViews(db: Execute): Promise<void> {
  await db.execute(sql`delete from ad_views where day < (now() at time zone 'utc')::date`);
}
