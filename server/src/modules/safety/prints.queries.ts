import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { column, selectOne, selectRow, selectRows, ZId } from '../../db/rows';
import { bannedNow } from '../../db/standing';
import { SAME_PICTURE, searchedHashes } from '../../images/compare-prints';
import type { PhotoPrint } from '../../images/photo-print';

/** The SQL of picture prints and "reused photo" cases (safety/reused-photos.ts). */

type Execute = Pick<Db, 'execute'>;

/** A list of hashes as one array parameter (drizzle would spread a JS array into a list). */
const bitArray = (hashes: string[]) => sql`${`{${hashes.join(',')}}`}::bit(64)[]`;

/** An account's display name: its profile's, its account's, or the one a case kept of it once deleted. */
const accountName = (userId: SQL) => sql`coalesce(
  (select pr.name from profiles pr where pr.user_id = ${userId}),
  (select u.name from "user" u where u.id = ${userId}),
  (select mc.subject_tombstone->>'name' from moderation_cases mc where mc.subject_tombstone->>'userId' = ${userId} limit 1))`;

export async function insertPrint(
  tx: Execute,
  p: { userId: string; photoId?: string; selfieId?: string; print: PhotoPrint },
): Promise<string> {
  const row = await selectOne(
    tx,
    ZId,
    sql`
    insert into image_prints (user_id, uploaded_by, photo_id, selfie_id, hash, crops, colours)
    values (${p.userId}, ${p.userId}, ${p.photoId ?? null}, ${p.selfieId ?? null}, ${p.print.hash}::bit(64),
            ${bitArray(p.print.crops)}, ${p.print.colours})
    returning id`,
  );
  return row.id;
}

/** A print as stored, for the check that runs after its upload. */
export const selectPrint = (db: Execute, printId: string) =>
  selectRow(
    db,
    z.object({
      hash: z.string(),
      crops: z.array(z.string()),
      colours: z.instanceof(Uint8Array).transform((bytes) => Buffer.from(bytes)),
      uploaded_by: z.string(),
    }),
    sql`select hash::text as hash, crops::text[] as crops, colours, uploaded_by from image_prints where id = ${printId}`,
  );

const ZStoredPrint = z.object({
  id: z.string(),
  created_at: column.date,
  user_id: z.string().nullable(),
  uploaded_by: z.string(),
  kept_because: z.string().nullable(),
  banned: z.boolean(),
  hash: z.string(),
  crops: z.array(z.string()),
  colours: z.instanceof(Uint8Array).transform((bytes) => Buffer.from(bytes)),
});
export type StoredPrint = z.output<typeof ZStoredPrint>;

/**
 * Older prints whose hashes come close to this print's (searchedHashes: its whole picture, also
 * mirrored, against their views, its views against their whole picture, and the turned views
 * against each other), nearest first. The grey patterns and colours decide afterwards
 * (comparePrints): portraits of one composition come close in bits, so there can be many, and a
 * copy is among the nearest. A print of a deleted account counts only when it was kept on
 * purpose. Only older ones: the newer upload of a picture is the one a case is about. The
 * uploader's own come too: they tell whether she had the picture before the other accounts did.
 */
export function selectCandidatePrints(db: Execute, { printId, print }: { printId: string; print: PhotoPrint }) {
  const searched = searchedHashes(print);
  const index = (value: number) => sql.raw(String(Math.trunc(value)));
  const pairs = [
    { theirs: sql`p.hash`, mine: searched.againstWhole, from: sql`` },
    {
      theirs: sql`theirs.h`,
      mine: searched.againstEveryView,
      from: sql`, unnest(p.crops[1:${index(searched.views - 1)}]) as theirs(h)`,
    },
    ...searched.againstView.map(({ view, hashes }) => ({
      theirs: sql`p.crops[${index(view)}]`,
      mine: hashes,
      from: sql``,
    })),
  ];
  const from = (pair: (typeof pairs)[number]) => sql`from unnest(${bitArray(pair.mine)}) as mine(h) ${pair.from}`;
  // Filtering by exists stops at the first near pair; the nearest is counted only for the rows kept.
  const near = pairs.map(
    (pair) => sql`exists (select 1 ${from(pair)} where bit_count(${pair.theirs} # mine.h) <= ${SAME_PICTURE.maxBits})`,
  );
  const nearest = pairs.map((pair) => sql`(select min(bit_count(${pair.theirs} # mine.h)) ${from(pair)})`);
  return selectRows(
    db,
    ZStoredPrint,
    sql`
    select p.id, p.created_at, p.user_id, p.uploaded_by, p.kept_because, ${bannedNow('u')} as banned,
           p.hash::text as hash, p.crops::text[] as crops, p.colours
    from image_prints p left join "user" u on u.id = p.user_id
    where (p.created_at, p.id) < (select created_at, id from image_prints where id = ${printId})
      and (p.user_id is not null or p.kept_because is not null)
      and (${sql.join(near, sql` or `)})
    order by least(${sql.join(nearest, sql`, `)}), p.created_at, p.id
    limit 100`,
  );
}

/**
 * Opens a "reused photo" case about the uploader, with the two prints it compares, unless one is
 * already open about these two accounts; the case's id, or undefined.
 */
export async function insertReusedPhotoCase(
  tx: Execute,
  c: {
    subjectId: string;
    printId: string;
    matched: StoredPrint;
    bits: number;
    colour: number;
    details: string;
    seal: string;
  },
) {
  // Uploads racing each other would each find no open case: the pair of accounts is taken in turn.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`reused_photo:${c.subjectId}:${c.matched.uploaded_by}`}))`,
  );
  const opened = await selectRow(
    tx,
    ZId,
    sql`
    insert into moderation_cases (kind, subject_id, opened_by, reason, details, source, evidence, evidence_sha256)
    select 'reused_photo', ${c.subjectId}, null, 'reused_photo', ${c.details}, 'system', '[]'::jsonb, ${c.seal}
    where not exists (
      select 1 from moderation_cases mc join reused_photo_matches m on m.case_id = mc.id
      where mc.kind = 'reused_photo' and mc.status = 'open' and mc.subject_id = ${c.subjectId}
        and m.matched_user_id = ${c.matched.uploaded_by})
    returning id`,
  );
  if (opened)
    await tx.execute(sql`
      insert into reused_photo_matches (case_id, print_id, matched_print_id, matched_user_id, bits, colour_distance)
      values (${opened.id}, ${c.printId}, ${c.matched.id}, ${c.matched.uploaded_by}, ${c.bits}, ${c.colour})`);
  return opened;
}

/**
 * A member's own photo went: its print goes too (a print outlives its photo only on purpose),
 * unless a "reused photo" case compares it. Then it stays, without the picture, as that case's
 * evidence of who had the picture first.
 */
export async function deletePhotoPrint(tx: Execute, { userId, photoId }: { userId: string; photoId: string }) {
  await tx.execute(sql`
    delete from image_prints p
    where p.photo_id = ${photoId} and p.user_id = ${userId} and p.kept_because is null
      and not exists (select 1 from reused_photo_matches m where p.id in (m.print_id, m.matched_print_id))`);
}

/** An administrator is removing a member's photos: their prints stay, to find them coming back. */
export async function keepRemovedPhotoPrints(tx: Execute, userId: string): Promise<void> {
  await tx.execute(sql`
    update image_prints set kept_because = coalesce(kept_because, 'removed')
    where user_id = ${userId} and photo_id is not null`);
}

/**
 * At an account's deletion: a banned member's or one under a case keep their prints (why, in
 * kept_because); anyone else's go with the account.
 */
export async function settleLeaverPrints(tx: Execute, { userId, keep }: { userId: string; keep: string | null }) {
  await tx.execute(
    keep
      ? sql`update image_prints set kept_because = coalesce(kept_because, ${keep}) where uploaded_by = ${userId}`
      : sql`delete from image_prints where uploaded_by = ${userId}`,
  );
}

/** A deleted member banned afterwards: their mailbox's watch and their prints now say banned. */
export async function markLeaverBanned(tx: Execute, formerUserId: string): Promise<void> {
  await tx.execute(sql`update returning_watch set reason = 'banned' where former_user_id = ${formerUserId}`);
  await tx.execute(
    sql`update image_prints set kept_because = 'banned' where uploaded_by = ${formerUserId} and user_id is null`,
  );
}

/** The two pictures each "reused photo" case compares, and the other account as it stands now. */
export const selectPhotoMatches = (db: Execute, caseIds: string[]) =>
  selectRows(
    db,
    z.object({
      case_id: z.string(),
      bits: z.number(),
      colour_distance: z.number(),
      photo_id: z.string().nullable(),
      selfie_id: z.string().nullable(),
      matched_photo_id: z.string().nullable(),
      matched_selfie_id: z.string().nullable(),
      matched_user_id: z.string(),
      matched_print_id: z.string().nullable(),
      matched_name: z.string().nullable(),
      matched_exists: z.boolean(),
      matched_banned: z.boolean(),
      matched_kept_because: z.string().nullable(),
    }),
    sql`
    select m.case_id, m.bits, m.colour_distance, sp.photo_id, sp.selfie_id,
           mp.photo_id as matched_photo_id, mp.selfie_id as matched_selfie_id, m.matched_user_id,
           m.matched_print_id, ${accountName(sql`m.matched_user_id`)} as matched_name,
           u.id is not null as matched_exists, ${bannedNow('u')} as matched_banned,
           mp.kept_because as matched_kept_because
    from reused_photo_matches m
    left join image_prints sp on sp.id = m.print_id
    left join image_prints mp on mp.id = m.matched_print_id
    left join "user" u on u.id = m.matched_user_id
    where m.case_id = any(${sql.param(caseIds)}::uuid[])`,
  );

export type PictureOrigin = { userId: string; name: string | null; uploadedAt: string | null };

/**
 * Who had each of these pictures first: a print's own account, unless a "reused photo" case
 * found it copying an older print, and so on back (each step is older, so the walk ends). The
 * first print's time is null where only its account's id is left.
 */
export async function selectPictureOrigins(db: Execute, printIds: string[]) {
  if (!printIds.length) return new Map<string, PictureOrigin>();
  const rows = await selectRows(
    db,
    z.object({
      start_id: z.string(),
      user_id: z.string(),
      uploaded_at: column.timestamp.nullable(),
      name: z.string().nullable(),
    }),
    sql`
    with recursive chain (start_id, print_id, user_id, depth) as (
      select id, id, uploaded_by, 0 from image_prints where id = any(${sql.param(printIds)}::uuid[])
      union all
      select chain.start_id, m.matched_print_id, m.matched_user_id, chain.depth + 1
      from chain join reused_photo_matches m on m.print_id = chain.print_id
      where chain.depth < 32
    )
    select distinct on (chain.start_id) chain.start_id, chain.user_id, p.created_at as uploaded_at,
           ${accountName(sql`chain.user_id`)} as name
    from chain left join image_prints p on p.id = chain.print_id
    order by chain.start_id, chain.depth desc`,
  );
  return new Map(
    rows.map((row) => [row.start_id, { userId: row.user_id, name: row.name, uploadedAt: row.uploaded_at }]),
  );
}
