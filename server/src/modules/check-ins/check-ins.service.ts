import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import sharp from 'sharp';
import { z } from 'zod';
import {
  CHECK_IN_TEXT,
  CHECK_IN_WINDOW_HOURS,
  type TCheckIn,
  type ZCheckInInput,
} from '../../../../contracts/check-ins';
import type { Db } from '../../db/client';
import { cancelJob, enqueueJob } from '../../jobs/queue';
import type { Deps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { notify } from '../notifications/notifications.service';
import {
  byId,
  byPlan,
  lockPlanForCheckIn,
  moveCheckIns,
  selectCheckIn,
  selectCheckInStory,
  selectContact,
  selectMyCheckIns,
  upsertCheckIn,
  type CheckInRow,
} from './check-ins.queries';
import { allClearMail, checkInAlertMail, checkInAskMail, firstName, inZone } from './mails';

/**
 * Date check-ins. Setting one schedules two jobs: at the chosen time the member is asked "Are
 * you OK?" (a notification and an email with one button); when the grace period has passed
 * without an answer, their confirmed trusted contact gets one email. "I'm OK", turning it off,
 * cancelling the date and a block stop both. The jobs table keeps them through restarts and runs
 * each on one server (jobs/).
 */

export const ASK_JOB = 'check-in.ask';
export const ALERT_JOB = 'check-in.alert';
const jobKeys = (id: string) => [`${ASK_JOB}:${id}`, `${ALERT_JOB}:${id}`];
const ZJobPayload = z.object({ checkInId: z.string() });

type CheckInDeps = Pick<Deps, 'database' | 'mailer' | 'env' | 'clock' | 'storage' | 'logger'>;

const toCheckIn = (row: CheckInRow): TCheckIn => ({
  id: row.id,
  planId: row.plan_id,
  checkAt: row.check_at.toISOString(),
  graceMinutes: row.grace_minutes,
  note: row.note,
  status: row.status as TCheckIn['status'],
  askedAt: row.asked_at,
  answeredAt: row.answered_at,
  alertedAt: row.alerted_at,
});

/** The "I'm OK" link's token: the check-in's id and a keyed hash of it and its nonce. */
const okToken = (secret: string, row: Pick<CheckInRow, 'id' | 'ok_nonce'>) =>
  `${row.id}.${createHmac('sha256', secret).update(`check-in-ok:${row.id}:${row.ok_nonce}`).digest('base64url')}`;

export async function listCheckIns(db: Db, userId: string): Promise<TCheckIn[]> {
  return (await selectMyCheckIns(db, userId)).map(toCheckIn);
}

/** Sets (or moves) the member's check-in for one of their accepted dates. */
export async function setCheckIn(
  deps: Pick<Deps, 'database' | 'clock'>,
  viewerId: string,
  planId: string,
  input: z.output<typeof ZCheckInInput>,
): Promise<TCheckIn> {
  const { db } = deps.database;
  const checkAt = new Date(input.checkAt);
  const row = await db.transaction(async (tx) => {
    const plan = await lockPlanForCheckIn(tx, { viewerId, planId });
    if (!plan) throw new AppError('NOT_FOUND', 'That date does not exist.');
    const contact = await selectContact(tx, viewerId);
    if (!contact) throw new AppError('CONFLICT', CHECK_IN_TEXT.contactNeeded);
    if (!contact.confirmed_at) throw new AppError('CONFLICT', CHECK_IN_TEXT.contactNotConfirmed);
    if (plan.status !== 'accepted') throw new AppError('CONFLICT', CHECK_IN_TEXT.notAccepted);
    if (checkAt.getTime() <= deps.clock.now().getTime())
      throw new AppError('BAD_REQUEST', CHECK_IN_TEXT.timeInPast, { checkAt: CHECK_IN_TEXT.timeInPast });
    const start = plan.starts_at.getTime();
    if (checkAt.getTime() < start || checkAt.getTime() > start + CHECK_IN_WINDOW_HOURS * 3_600_000)
      throw new AppError('BAD_REQUEST', CHECK_IN_TEXT.timeOutsideDate, { checkAt: CHECK_IN_TEXT.timeOutsideDate });
    const saved = await upsertCheckIn(tx, {
      planId,
      userId: viewerId,
      checkAt,
      graceMinutes: input.graceMinutes,
      note: input.note,
      timeZone: input.timeZone,
      nonce: randomBytes(16).toString('base64url'),
    });
    if (!saved) throw new AppError('CONFLICT', 'This check-in has already begun: answer it, or turn it off.');
    for (const key of jobKeys(saved.id)) await cancelJob(tx, key);
    const [askKey, alertKey] = jobKeys(saved.id);
    const payload = { checkInId: saved.id };
    await enqueueJob(tx, { kind: ASK_JOB, key: askKey, runAt: checkAt, payload });
    const alertAt = new Date(checkAt.getTime() + input.graceMinutes * 60_000);
    await enqueueJob(tx, { kind: ALERT_JOB, key: alertKey, runAt: alertAt, payload });
    return saved;
  });
  return toCheckIn(row);
}

/** Stops check-ins that have not alerted anyone yet, with their jobs (a date cancelled, a block). */
export async function stopCheckIns(tx: Pick<Db, 'execute'>, where: Parameters<typeof moveCheckIns>[1]['where']) {
  const stopped = await moveCheckIns(tx, { where, from: ['scheduled', 'asked'], to: 'cancelled' });
  for (const row of stopped) for (const key of jobKeys(row.id)) await cancelJob(tx, key);
  return stopped;
}

export const stopPlanCheckIns = (tx: Pick<Db, 'execute'>, planId: string) => stopCheckIns(tx, byPlan(planId));

/** "Turn off": the member no longer wants to be asked. */
export async function turnOffCheckIn(db: Db, viewerId: string, id: string): Promise<TCheckIn> {
  const [stopped] = await db.transaction((tx) => stopCheckIns(tx, byId(id, viewerId)));
  if (stopped) return toCheckIn(stopped);
  const row = await selectCheckIn(db, id);
  if (!row || row.user_id !== viewerId) throw new AppError('NOT_FOUND', 'No such check-in.');
  return toCheckIn(row);
}

/**
 * "I'm OK", early or late, from the app or from the mailed link. It stops the jobs; when the
 * contact was already alerted, they are told the member is OK.
 */
async function answerOk(deps: CheckInDeps, row: CheckInRow): Promise<CheckInRow> {
  const { db } = deps.database;
  const [answered] = await db.transaction(async (tx) => {
    const moved = await moveCheckIns(tx, {
      where: byId(row.id, row.user_id),
      from: ['scheduled', 'asked', 'alerted'],
      to: 'ok',
    });
    for (const key of jobKeys(row.id)) await cancelJob(tx, key);
    return moved;
  });
  if (answered && row.status === 'alerted') await sendAllClear(deps, row.id);
  return answered ?? row;
}

export async function answerCheckIn(deps: CheckInDeps, viewerId: string, id: string): Promise<TCheckIn> {
  const row = await selectCheckIn(deps.database.db, id);
  if (!row || row.user_id !== viewerId) throw new AppError('NOT_FOUND', 'No such check-in.');
  return toCheckIn(await answerOk(deps, row));
}

/** The mailed "I'm OK" link, followed without signing in. */
export async function answerCheckInByToken(deps: CheckInDeps, token: string): Promise<{ firstName: string }> {
  const [id = ''] = token.split('.');
  const row = z.uuid().safeParse(id).success ? await selectCheckIn(deps.database.db, id) : undefined;
  const expected = row ? Buffer.from(okToken(deps.env.AUTH_SECRET, row)) : null;
  if (!row || !expected || expected.length !== token.length || !timingSafeEqual(expected, Buffer.from(token)))
    throw new AppError('NOT_FOUND', CHECK_IN_TEXT.linkInvalid);
  await answerOk(deps, row);
  const story = await selectCheckInStory(deps.database.db, row.id);
  return { firstName: firstName(story?.member_name ?? null) };
}

/**
 * The ask job, at the chosen time. The mail goes before the state moves: a server dying between
 * the two sends the question again on retry rather than never.
 */
export async function askCheckIn(deps: CheckInDeps, payload: unknown): Promise<void> {
  const { db } = deps.database;
  const row = await selectCheckIn(db, ZJobPayload.parse(payload).checkInId);
  if (!row || !['scheduled', 'asked'].includes(row.status)) return;
  const story = await selectCheckInStory(db, row.id);
  if (!story) return;
  const link = `${deps.env.BASE_URL}/check-in?token=${okToken(deps.env.AUTH_SECRET, row)}`;
  await deps.mailer.send(checkInAskMail(story.member_email, firstName(story.member_name), story.place, link));
  await db.transaction(async (tx) => {
    const [asked] = await moveCheckIns(tx, { where: byId(row.id, row.user_id), from: ['scheduled'], to: 'asked' });
    if (asked)
      await notify(tx, row.user_id, {
        type: 'check_in',
        title: 'Are you OK?',
        message: `Your date check-in: tap I'm OK, or we email your trusted contact in ${row.grace_minutes} minutes.`,
        link: '/calendar',
      });
  });
}

/**
 * The alert job, when the grace period is over without an answer: one email to the confirmed
 * contact, with the match's first name and photo, where and when, and the member's note. Sent
 * before the state moves (a server dying in between sends it again rather than never); if the
 * member answered meanwhile, the contact is told at once that they are OK.
 */
export async function alertContact(deps: CheckInDeps, payload: unknown): Promise<void> {
  const { db } = deps.database;
  const row = await selectCheckIn(db, ZJobPayload.parse(payload).checkInId);
  if (!row || !['scheduled', 'asked'].includes(row.status)) return;
  const story = await selectCheckInStory(db, row.id);
  if (!story?.contact_email || !story.contact_confirmed || !story.contact_name) {
    deps.logger.warn({ checkInId: row.id }, 'a missed check-in had no confirmed contact to alert');
    await moveCheckIns(db, { where: byId(row.id, row.user_id), from: ['scheduled', 'asked'], to: 'alerted' });
    return;
  }
  const stored = story.other_photo_key ? await deps.storage.get(story.other_photo_key) : null;
  const photo = stored
    ? {
        filename: 'match.jpg',
        cid: 'match-photo',
        contentType: 'image/jpeg',
        content: await sharp(stored).resize(320, 320, { fit: 'cover' }).jpeg({ quality: 80 }).toBuffer(),
      }
    : null;
  await deps.mailer.send(
    checkInAlertMail({
      to: story.contact_email,
      contactName: story.contact_name,
      memberName: firstName(story.member_name),
      otherName: firstName(story.other_name),
      photo,
      when: inZone(story.starts_at, row.time_zone),
      place: story.place,
      checkAt: inZone(row.check_at, row.time_zone),
      note: row.note,
    }),
  );
  const [alerted] = await moveCheckIns(db, {
    where: byId(row.id, row.user_id),
    from: ['scheduled', 'asked'],
    to: 'alerted',
  });
  if (!alerted) {
    const now = await selectCheckIn(db, row.id);
    if (now?.status === 'ok') await sendAllClear(deps, row.id);
  }
}

async function sendAllClear(deps: CheckInDeps, checkInId: string): Promise<void> {
  const story = await selectCheckInStory(deps.database.db, checkInId);
  if (story?.contact_email && story.contact_confirmed && story.contact_name)
    await deps.mailer.send(allClearMail(story.contact_email, story.contact_name, firstName(story.member_name)));
}
