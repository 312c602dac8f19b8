import type { TAccountExport } from '../../../../contracts/responses';
import type { Deps } from '../../lib/context';
import { byOthersOf } from '../check-ins/check-ins.queries';
import { keepCheckInsOfEndedDates } from '../check-ins/check-ins.service';
import { AppError } from '../../lib/errors';
import { announceStatsChange } from '../../realtime/hub';
import { rememberLeavingSubject } from '../safety/returning';
import { appendSecurityLog } from '../audit/security-log';
import { requirePassword } from './security.service';
import { deleteUnusedFiles } from '../profiles/photos.service';
import {
  deleteAccountRows,
  exportQueries,
  exportRows,
  lockAccountForDeletion,
  selectAccountFiles,
} from './account.queries';

/** A stored image as a data URL, so the export is one self-contained file. */
async function embed(deps: Pick<Deps, 'storage'>, key: unknown): Promise<string | null> {
  if (typeof key !== 'string') return null;
  const data = await deps.storage.get(key).catch(() => null);
  if (!data) return null;
  const type = key.endsWith('.png') ? 'image/png' : key.endsWith('.webp') ? 'image/webp' : 'image/jpeg';
  return `data:${type};base64,${data.toString('base64')}`;
}

/**
 * Everything we hold about the member, as JSON, with their photos and selfies inlined.
 * What others wrote stays out unless it is part of the member's own conversations or a
 * rating of them that has been revealed; the reporter of a case about them stays out.
 */
export async function exportAccountData(
  deps: Pick<Deps, 'database' | 'storage'>,
  userId: string,
): Promise<TAccountExport> {
  const { db } = deps.database;
  const queries = exportQueries(userId);
  const part = (name: keyof typeof queries) => exportRows(db, queries[name]);
  const [account] = await part('account');
  if (!account) throw new AppError('NOT_FOUND', 'No such account.');
  const [profile] = await part('profile');
  const [subscription] = await part('subscription');
  return {
    exportedAt: new Date().toISOString(),
    account,
    profile: profile ?? null,
    photos: await Promise.all(
      (await part('photos')).map(async ({ large_key, ...photo }) => ({
        ...photo,
        image: await embed(deps, large_key),
      })),
    ),
    selfieVerifications: await Promise.all(
      (await part('selfies')).map(async ({ image_key, ...selfie }) => ({
        ...selfie,
        image: await embed(deps, image_key),
      })),
    ),
    subscription: subscription ?? null,
    likesGiven: await part('likesGiven'),
    passes: await part('passes'),
    blocks: await part('blocks'),
    matches: await part('matches'),
    messages: await part('messages'),
    dateVerifications: await part('dateVerifications'),
    datePlans: await part('datePlans'),
    ratingsGiven: await part('ratingsGiven'),
    ratingsReceived: await part('ratingsReceived'),
    reportsFiled: await part('reportsFiled'),
    notifications: await part('notifications'),
    contactMessages: await part('contactMessages'),
    securityActivity: await part('securityActivity'),
  };
}

/**
 * Deletes the account for good, in one transaction: the member's rows go (by cascade), any
 * subscription with them, their contact messages and logs naming them; ratings they gave stay
 * as anonymous numbers (no reviewer, no comment). Reports and cases about the member stay, with
 * a tombstone, and a banned or reported member is watched for (safety/returning.ts). Stored
 * files go after the commit.
 */
export async function deleteAccount(
  deps: Pick<Deps, 'database' | 'storage' | 'hub' | 'env'>,
  userId: string,
  password: string,
): Promise<void> {
  const { db } = deps.database;
  await requirePassword(db, userId, password);
  const files = await db.transaction(async (tx) => {
    const member = await lockAccountForDeletion(tx, userId);
    if (!member) throw new AppError('NOT_FOUND', 'No such account.');
    const files = await selectAccountFiles(tx, userId);
    // Cases about the member outlive the account, and a banned or reported member is watched for.
    const watched = await rememberLeavingSubject(tx, deps.env.AUTH_SECRET, userId);
    // Dates with the member go with the account; others' check-ins on them stay on, and they are told.
    await keepCheckInsOfEndedDates(tx, { where: byOthersOf(userId), why: 'ended', by: userId });
    await deleteAccountRows(tx, { userId, email: member.email });
    // The log keeps that it happened, not who it was.
    await appendSecurityLog(tx, {
      eventType: 'account_deleted',
      severity: watched ? 'warning' : 'info',
      actorId: null,
      details: {
        subscriptionCancelled: member.subscribed,
        ...(watched ? { formerUserId: userId, watched: true } : {}),
      },
    });
    return files;
  });
  deps.hub.disconnect(userId);
  await deleteUnusedFiles(deps, files);
  announceStatsChange(db);
}
