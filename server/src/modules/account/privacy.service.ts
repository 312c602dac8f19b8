import { eq, sql } from 'drizzle-orm';
import type { TPrivacySettings } from '../../../../contracts/account';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { bannedNow } from '../../db/standing';
import { AppError } from '../../lib/errors';

export async function privacySettings(db: Pick<Db, 'select'>, userId: string): Promise<TPrivacySettings> {
  const [row] = await db
    .select({
      hideProfile: profiles.hiddenByMember,
      verifiedOnlyMessages: profiles.verifiedOnlyMessages,
      showDistance: profiles.showDistance,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!row) throw new AppError('NOT_FOUND', 'Create your profile first.');
  return row;
}

/**
 * Saves the privacy choices. Hiding the profile takes it out of discovery at once; showing
 * it again does not undo a ban (the effective flag stays on while the member is banned).
 */
export async function savePrivacySettings(
  db: Db,
  userId: string,
  settings: TPrivacySettings,
): Promise<TPrivacySettings> {
  const updated = await db
    .update(profiles)
    .set({
      hiddenByMember: settings.hideProfile,
      hidden: sql`${settings.hideProfile} or exists (select 1 from "user" u where u.id = ${userId} and ${bannedNow('u')})`,
      verifiedOnlyMessages: settings.verifiedOnlyMessages,
      showDistance: settings.showDistance,
      updatedAt: new Date(),
    })
    .where(eq(profiles.userId, userId))
    .returning({ userId: profiles.userId });
  if (!updated.length) throw new AppError('NOT_FOUND', 'Create your profile first.');
  return privacySettings(db, userId);
}
