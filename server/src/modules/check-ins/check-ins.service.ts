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
import { timeToken } from '../../../../contracts/times';
import { notify } from '../notifications/notifications.service';
import {
  byId,
  lockPlanForCheckIn,
  markDatesEnded,
  moveCheckIns,
  selectCheckIn,
  selectCheckInPeople,
  selectContact,
  selectDateToKeep,
  selectKeptPhoto,
  selectMyCheckIns,
  upsertCheckIn,
  type CheckInRow,
  type DateAsSet,
} from './check-ins.queries';
import { firstName } from '../../../../contracts/profile';
import { allClearMail, checkInAlertMail, checkInAskMail, inZone } from './mails';

/**
 * Date check-ins. Setting one schedules two jobs: at the chosen time the member is asked "Are
 * you OK?" (a notification and an email with one button); when the grace period has passed
 * without an answer, the trusted contact confirmed at that moment gets one email. Only its owner
 * stops it: "I'm OK" or turning it off. What the other member does (cancel the date, unmatch,
 * block, delete the account, get banned) leaves it on, and she is told so. The jobs table keeps
 * them through restarts and runs each on one server (jobs/).
 */

export const ASK_JOB = 'check-in.ask';
export const ALERT_JOB = 'check-in.alert';
const jobKeys = (id: string) => [`${ASK_JOB}:${id}`, `${ALERT_JOB}:${id}`];
const ZJobPayload = z.object({ checkInId: z.string() });

type CheckInDeps = Pick<Deps, 'database' | 'mailer' | 'env' | 'clock' | 'storage' | 'logger'>;

const toCheckIn = (row: CheckInRow): TCheckIn => ({
  id: row.id,
  planId: row.plan_id,
  otherName: row.other_name,
  place: row.place,
  startsAt: row.starts_at?.toISOString() ?? null,
  dateEnded: row.date_ended === 'cancelled' || row.date_ended === 'ended' ? row.date_ended : null,
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

/** The other member's main photo as the alert attaches it: a small JPEG, kept with the check-in. */
async function keptPhoto(storage: Deps['storage'], key: string | null): Promise<Buffer | null> {
  const stored = key ? await storage.get(key) : null;
  return stored ? sharp(stored).resize(320, 320, { fit: 'cover' }).jpeg({ quality: 80 }).toBuffer() : null;
}

/** Sets (or moves) the member's check-in for one of their accepted dates. */
export async function setCheckIn(
  deps: Pick<Deps, 'database' | 'clock' | 'storage'>,
  viewerId: string,
  planId: string,
  input: z.output<typeof ZCheckInInput>,
): Promise<TCheckIn> {
  const { db } = deps.database;
  const checkAt = new Date(input.checkAt);
  // What the alert will say of the date is kept now: it must not depend on the other account later.
  const known = await selectDateToKeep(db, { viewerId, planId });
  const photo = await keptPhoto(deps.storage, known?.other_photo_key ?? null);
  const row = await db.transaction(async (tx) => {
    const plan = await lockPlanForCheckIn(tx, { viewerId, planId });
    if (!plan || !known) throw new AppError('NOT_FOUND', 'That date does not exist.');
    const contact = await selectContact(tx, viewerId);
    if (!contact) throw new AppError('CONFLICT', CHECK_IN_TEXT.contactNeeded);
    if (!contact.confirmed_at) throw new AppError('CONFLICT', CHECK_IN_TEXT.contactNotConfirmed);
    if (plan.status !== 'accepted') throw new AppError('CONFLICT', CHECK_IN_TEXT.notAccepted);
    if (checkAt.getTime() <= deps.clock.now().getTime())
      throw new AppError('BAD_REQUEST', CHECK_IN_TEXT.timeInPast, { checkAt: CHECK_IN_TEXT.timeInPast });
    const start = plan.starts_at.getTime();
    if (checkAt.getTime() < start || checkAt.getTime() > start + CHECK_IN_WINDOW_HOURS * 3_600_000)
      throw new AppError('BAD_REQUEST', CHECK_IN_TEXT.timeOutsideDate, { checkAt: CHECK_IN_TEXT.timeOutsideDate });
    const date: DateAsSet = {
      otherName: firstName(known.other_name),
      otherPhoto: photo,
      place: known.place,
      startsAt: plan.starts_at,
    };
    const saved = await upsertCheckIn(tx, {
      planId,
      userId: viewerId,
      checkAt,
      graceMinutes: input.graceMinutes,
      note: input.note,
      timeZone: input.timeZone,
      nonce: randomBytes(16).toString('base64url'),
      date,
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

/**
 * A date is off (cancelled, or the match ended by an unmatch, a block, a departure or a ban) while
 * check-ins wait on it. They stay on, each owner is told so, and the alert still says what was
 * set. Runs in the transaction that ends the date, before its plan goes.
 */
export async function keepCheckInsOfEndedDates(
  tx: Pick<Db, 'execute'>,
  { where, why, by }: { where: Parameters<typeof markDatesEnded>[1]['where']; why: 'cancelled' | 'ended'; by: string },
): Promise<void> {
  for (const row of await markDatesEnded(tx, { where, why })) {
    const other = row.other_name || 'your match';
    const what =
      why === 'ended'
        ? `Your match with ${other} has ended.`
        : row.user_id === by
          ? `You cancelled your date with ${other}.`
          : `${other} cancelled your date.`;
    await notify(tx, row.user_id, {
      type: 'check_in',
      title: 'Your check-in stays on',
      message: `${what} Your check-in stays on: we still ask you at ${timeToken(row.check_at)} if you are OK. Turn it off in your calendar if you no longer need it.`,
      link: '/calendar',
    });
  }
}

/** "Turn off": the member no longer wants to be asked. Only its owner can. */
async function stopCheckIn(tx: Pick<Db, 'execute'>, id: string, viewerId: string) {
  const stopped = await moveCheckIns(tx, { where: byId(id, viewerId), from: ['scheduled', 'asked'], to: 'cancelled' });
  for (const row of stopped) for (const key of jobKeys(row.id)) await cancelJob(tx, key);
  return stopped;
}

export async function turnOffCheckIn(db: Db, viewerId: string, id: string): Promise<TCheckIn> {
  const [stopped] = await db.transaction((tx) => stopCheckIn(tx, id, viewerId));
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
      from: ['scheduled', 'asked', 'alerted', 'unsent'],
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
  const given = Buffer.from(token);
  // Lengths in bytes: a token of the right length in characters, some of them not ASCII, is longer.
  if (!row || !expected || expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new AppError('NOT_FOUND', CHECK_IN_TEXT.linkInvalid);
  await answerOk(deps, row);
  const people = await selectCheckInPeople(deps.database.db, row.id);
  return { firstName: firstName(people?.member_name ?? null) };
}

/**
 * The ask job, at the chosen time. The mail goes before the state moves: a server dying between
 * the two sends the question again on retry rather than never.
 */
export async function askCheckIn(deps: CheckInDeps, payload: unknown): Promise<void> {
  const { db } = deps.database;
  const row = await selectCheckIn(db, ZJobPayload.parse(payload).checkInId);
  if (!row || !['scheduled', 'asked'].includes(row.status)) return;
  const people = await selectCheckInPeople(db, row.id);
  if (!people) return;
  const link = `${deps.env.BASE_URL}/check-in?token=${okToken(deps.env.AUTH_SECRET, row)}`;
  await deps.mailer.send(checkInAskMail(people.member_email, firstName(people.member_name), row.place, link));
  await db.transaction(async (tx) => {
    const [asked] = await moveCheckIns(tx, { where: byId(row.id, row.user_id), from: ['scheduled'], to: 'asked' });
    if (asked)
      await notify(tx, row.user_id, {
        type: 'check_in',
        title: 'Are you OK?',
        message: people.contact_email
          ? `Your date check-in: tap I'm OK, or we email your trusted contact in ${row.grace_minutes} minutes.`
          : `Your date check-in: tap I'm OK. You have no confirmed trusted contact, so nobody can be alerted.`,
        link: '/calendar',
      });
  });
}

/**
 * The alert job, when the grace period is over without an answer: one email to the contact
 * confirmed now, with what the check-in kept of the date (the other member's first name and
 * photo, where and when) and the member's note. Sent before the state moves (a server dying in
 * between sends it again rather than never); if the member answered meanwhile, the contact is
 * told at once that they are OK. With no confirmed contact, nobody is mailed and the member is
 * told so: the check-in never reads "alerted" when no one was.
 */
export async function alertContact(deps: CheckInDeps, payload: unknown): Promise<void> {
  const { db } = deps.database;
  const row = await selectCheckIn(db, ZJobPayload.parse(payload).checkInId);
  if (!row || !['scheduled', 'asked'].includes(row.status)) return;
  const people = await selectCheckInPeople(db, row.id);
  if (!people?.contact_email || !people.contact_name) {
    await db.transaction(async (tx) => {
      const [unsent] = await moveCheckIns(tx, {
        where: byId(row.id, row.user_id),
        from: ['scheduled', 'asked'],
        to: 'unsent',
      });
      if (unsent)
        await notify(tx, row.user_id, {
          type: 'check_in',
          title: CHECK_IN_TEXT.nobodyAlerted,
          message: `You missed your check-in, and you have no confirmed trusted contact, so we could not email anyone. If you need help, call your local emergency number.`,
          link: '/calendar',
        });
    });
    return;
  }
  const kept = await selectKeptPhoto(db, row.id);
  const photo = kept ? { filename: 'match.jpg', cid: 'match-photo', contentType: 'image/jpeg', content: kept } : null;
  await deps.mailer.send(
    checkInAlertMail({
      to: people.contact_email,
      contactName: people.contact_name,
      memberName: firstName(people.member_name),
      otherName: row.other_name || 'someone they met on Vouch',
      photo,
      when: row.starts_at ? inZone(row.starts_at, row.time_zone) : 'not given',
      place: row.place,
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
  const people = await selectCheckInPeople(deps.database.db, checkInId);
  if (people?.contact_email && people.contact_name)
    await deps.mailer.send(allClearMail(people.contact_email, people.contact_name, firstName(people.member_name)));
}
