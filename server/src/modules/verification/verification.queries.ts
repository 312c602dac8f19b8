import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { column, selectRow, selectRows } from '../../db/rows';

/** The verification module's hand-written SQL, each statement's rows checked against their declared shape (db/rows.ts). */

type Execute = Pick<Db, 'execute'>;
type Challenge = { userId: string; challengeId: string };

/** Whether the challenge is the member's own, unexpired and unused, and whether a selfie of theirs already waits. */
export async function selectSelfieReadiness(db: Execute, { userId, challengeId }: Challenge) {
  const ready = await selectRow(
    db,
    z.object({ challenge: z.boolean(), pending: z.boolean() }),
    sql`
    select exists (select 1 from selfie_challenges where id = ${challengeId} and user_id = ${userId} and used_at is null and expires_at > now()) as challenge,
           exists (select 1 from selfie_submissions where user_id = ${userId} and status = 'pending') as pending`,
  );
  return ready!;
}

/** Uses the challenge up, once; its pose, or undefined when it was not usable. */
export async function useChallenge(tx: Execute, { userId, challengeId }: Challenge) {
  const used = await selectRow(
    tx,
    z.object({ pose: z.string() }),
    sql`
        update selfie_challenges set used_at = now()
        where id = ${challengeId} and user_id = ${userId} and used_at is null and expires_at > now()
        returning pose`,
  );
  return used?.pose;
}

/** The review queue of one status, oldest first, with each member's profile photo ids. */
export const selectSelfieQueue = (db: Execute, status: string) =>
  selectRows(
    db,
    z.object({
      id: z.string(),
      user_id: z.string(),
      name: z.string().nullable(),
      pose: z.string(),
      status: z.string(),
      reason: z.string().nullable(),
      trigger: z.string(),
      created_at: column.timestamp,
      photo_ids: z.array(z.string()).nullable(),
    }),
    sql`
    select s.id, s.user_id, coalesce(p.name, u.name) as name, s.pose, s.status, s.reason, s.trigger, s.created_at,
           (select array_agg(ph.id::text order by ph.position) from photos ph where ph.user_id = s.user_id) as photo_ids
    from selfie_submissions s join "user" u on u.id = s.user_id left join profiles p on p.user_id = s.user_id
    where s.status = ${status} order by s.created_at limit 200`,
  );
