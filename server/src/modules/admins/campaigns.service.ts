import { countAdView, selectAdTarget } from './admins.queries';
import { onlyRow } from '../../db/rows';
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { AdPlacement, TCampaign, TPublicAd } from '../../../../contracts/admin';
import type { Db } from '../../db/client';
import { ads } from '../../db/schema';
import { processImage } from '../../images/process-image';
import type { Deps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { appendSecurityLog } from '../audit/security-log';

type AdRow = typeof ads.$inferSelect;
export const adImageUrl = (id: string) => `/api/ads/${id}/image`;
const toCampaign = (row: AdRow): TCampaign => ({
  id: row.id,
  name: row.name,
  imageUrl: adImageUrl(row.id),
  targetUrl: row.targetUrl,
  placement: row.placement as AdPlacement,
  active: row.active,
  impressions: row.impressions,
  clicks: row.clicks,
  createdAt: row.createdAt.toISOString(),
});

export async function listCampaigns(db: Db): Promise<TCampaign[]> {
  return (await db.select().from(ads).orderBy(desc(ads.createdAt))).map(toCampaign);
}

/** A new campaign: the image is checked and re-encoded like every upload, then stored. */
export async function createCampaign(
  deps: Pick<Deps, 'database' | 'storage'>,
  adminId: string,
  input: { name: string; targetUrl: string; placement: AdPlacement },
  upload: Buffer,
): Promise<TCampaign> {
  const image = await processImage(upload);
  const id = randomUUID();
  const imageKey = `ads/${id}.webp`;
  await deps.storage.put(imageKey, image.large);
  try {
    const row = await deps.database.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(ads)
        .values({ id, ...input, imageKey, createdBy: adminId })
        .returning();
      await appendSecurityLog(tx, {
        eventType: 'campaign_created',
        severity: 'info',
        actorId: adminId,
        details: { target: id, before: null, after: input },
      });
      return created!;
    });
    return toCampaign(row);
  } catch (error) {
    await deps.storage.delete(imageKey);
    throw error;
  }
}

export async function setCampaignActive(db: Db, adminId: string, id: string, active: boolean): Promise<TCampaign> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(ads).where(eq(ads.id, id));
    if (!before) throw new AppError('NOT_FOUND', 'No such campaign.');
    const row = onlyRow(await tx.update(ads).set({ active }).where(eq(ads.id, id)).returning());
    await appendSecurityLog(tx, {
      eventType: active ? 'campaign_resumed' : 'campaign_paused',
      severity: 'info',
      actorId: adminId,
      details: { target: id, before: { active: before.active }, after: { active } },
    });
    return toCampaign(row);
  });
}

export async function deleteCampaign(
  deps: Pick<Deps, 'database' | 'storage'>,
  adminId: string,
  id: string,
): Promise<void> {
  const removed = await deps.database.db.transaction(async (tx) => {
    const [row] = await tx.delete(ads).where(eq(ads.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND', 'No such campaign.');
    await appendSecurityLog(tx, {
      eventType: 'campaign_deleted',
      severity: 'info',
      actorId: adminId,
      details: { target: id, before: { name: row.name, placement: row.placement }, after: null },
    });
    return row;
  });
  await deps.storage.delete(removed.imageKey);
}

/** The active ads of a placement, for a visitor's slot (which rotates among them). */
export async function adsFor(db: Db, placement: AdPlacement): Promise<TPublicAd[]> {
  const rows = await db
    .select()
    .from(ads)
    .where(and(eq(ads.placement, placement), eq(ads.active, true)))
    .orderBy(desc(ads.createdAt))
    .limit(10);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    imageUrl: adImageUrl(row.id),
    clickUrl: `/api/ads/${row.id}/click`,
  }));
}

/**
 * Counts an impression or a click once per visitor, ad and UTC day: `visitor` is a member's id
 * or, for a visitor, their address (an IPv6 address by its /64). A script repeating the call
 * counts once; inflating the counters takes an address or an account per view.
 */
async function countOnce(
  db: Db,
  id: string,
  kind: 'impression' | 'click',
  visitor: string,
): Promise<{ target_url: string } | undefined> {
  return countAdView(db, { id, kind, visitor });
}

export async function countImpression(db: Db, id: string, visitor: string): Promise<void> {
  await countOnce(db, id, 'impression', visitor);
}

/**
 * Counts the click (once a day per visitor who saw the ad, and only when it came from our own
 * page), then hands back the target the visitor is sent to.
 */
export async function countClick(
  db: Db,
  id: string,
  { visitor, fromOwnPage }: { visitor: string; fromOwnPage: boolean },
): Promise<string> {
  const row = fromOwnPage ? await countOnce(db, id, 'click', visitor) : await selectAdTarget(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such ad.');
  return row.target_url;
}

export async function readAdImage(deps: Pick<Deps, 'database' | 'storage'>, id: string): Promise<Buffer> {
  const [row] = await deps.database.db.select({ imageKey: ads.imageKey }).from(ads).where(eq(ads.id, id));
  const bytes = row ? await deps.storage.get(row.imageKey) : null;
  if (!bytes) throw new AppError('NOT_FOUND', 'No such ad.');
  return bytes;
}
