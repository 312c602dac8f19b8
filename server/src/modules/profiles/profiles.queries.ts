import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { selectRow, selectRows } from '../../db/rows';
import { bannedNow } from '../../db/standing';
import { blockedBetween } from '../safety/blocks';

/** The profiles module's hand-written SQL, each statement's rows checked against their declared shape (db/rows.ts). */

type Execute = Pick<Db, 'execute'>;

/** Serialises one member's photo changes, so two uploads at once cannot pass the limit together. */
export async function lockMemberPhotos(tx: Execute, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`photos:${userId}`}))`);
}

/**
 * Lifts the member's "Selfie verified" and puts their last approved selfie back in review,
 * marked "photos changed"; false when they were not verified (nothing changes then).
 */
export async function liftVerification(tx: Execute, userId: string): Promise<boolean> {
  const lifted = await selectRows(
    tx,
    z.object({ verified: z.boolean() }),
    sql`
    update profiles set selfie_verified = false, updated_at = now() where user_id = ${userId} and selfie_verified
    returning true as verified`,
  );
  if (!lifted[0]) return false;
  await tx.execute(sql`
    insert into selfie_submissions (user_id, challenge_id, pose, image_key, status, trigger)
    select user_id, challenge_id, pose, image_key, 'pending', 'photos_changed' from selfie_submissions
    where user_id = ${userId} and status = 'approved' order by reviewed_at desc nulls last, created_at desc limit 1
    on conflict do nothing`);
  return true;
}

/** Which of these storage keys a photo row still shows. */
export async function selectShownKeys(db: Execute, keys: string[]): Promise<Set<string>> {
  const list = sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  );
  const rows = await selectRows(
    db,
    z.object({ key: z.string() }),
    sql`
    select large_key as key from photos where large_key in (${list})
    union select thumb_key from photos where thumb_key in (${list})`,
  );
  return new Set(rows.map((row) => row.key));
}

const ZName = z.object({ name: z.string().nullable() });

/** One member's name (profile first, then the account), or null. */
export async function selectName(db: Execute, userId: string): Promise<string | null> {
  const row = await selectRow(
    db,
    ZName,
    sql`select coalesce(p.name, u.name) as name from "user" u left join profiles p on p.user_id = u.id where u.id = ${userId}`,
  );
  return row?.name ?? null;
}

/** A photo's stored keys, when the viewer may see it (photos.service.ts readPhoto says who may). */
export const selectPhotoKeysFor = (
  db: Execute,
  { photoId, id: viewerId, adminWindowOpen }: { photoId: string; id: string; adminWindowOpen: boolean },
) =>
  selectRow(
    db,
    z.object({ large_key: z.string(), thumb_key: z.string() }),
    sql`
    select p.large_key, p.thumb_key
    from photos p join "user" u on u.id = p.user_id left join profiles pr on pr.user_id = p.user_id
    where p.id = ${photoId} and (
      p.user_id = ${viewerId}
      or (${adminWindowOpen} and exists (select 1 from admin_users a where a.user_id = ${viewerId}))
      or (not ${blockedBetween(sql`p.user_id`, viewerId)}
          and not ${bannedNow('u')}
          and (not coalesce(pr.hidden, false)
               or exists (select 1 from matches m where (m.user_a = p.user_id and m.user_b = ${viewerId})
                                                     or (m.user_b = p.user_id and m.user_a = ${viewerId})))))`,
  );
