import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { REMINDER_LABELS, type ReminderKind, type TReminderSettings } from '../../../../contracts/reminders';
import type { Db } from '../../db/client';
import { enqueueJob } from '../../jobs/queue';
import type { Deps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Mail } from '../../mail/mailer';
import { firstName } from '../../../../contracts/profile';
import { inZone } from '../check-ins/mails';
import {
  dateTomorrowMail,
  dateToVerifyMail,
  newMatchMail,
  readUnsubscribeToken,
  reportOutcomeMail,
  unreadMessageMail,
  type ReminderAddress,
} from './mails';
import {
  claimReminder,
  releaseReminder,
  selectDatesTomorrow,
  selectDateToVerify,
  selectMatchForReminder,
  selectMatchMembers,
  selectRecipient,
  selectSettings,
  selectUnreadConversations,
  updateSettings,
} from './reminders.queries';

/**
 * Mail to members who are away. A reminder goes only to a member who wants that kind, is not
 * banned, and is not online (a socket open on this server, or active in the last five minutes);
 * each is claimed in reminder_mail before it is sent, so it is sent once. The sweep (a job every
 * five minutes, run by one server) finds unread messages and dates tomorrow; a new match, a date
 * to verify and a report's outcome each enqueue their own job.
 */

type ReminderDeps = Pick<Deps, 'database' | 'mailer' | 'env' | 'clock' | 'hub'>;
export const ONLINE_WINDOW_MS = 5 * 60_000;
const SWEEP_EVERY_MS = 5 * 60_000;

export const NEW_MATCH_JOB = 'reminder.new-match';
export const DATE_TO_VERIFY_JOB = 'reminder.date-to-verify';
export const REPORT_OUTCOME_JOB = 'reminder.report-outcome';
export const SWEEP_JOB = 'reminder.sweep';

export async function getSettings(db: Db, userId: string): Promise<TReminderSettings> {
  const row = await selectSettings(db, userId);
  return {
    new_match: row.new_match,
    unread_message: row.unread_message,
    date_tomorrow: row.date_tomorrow,
    date_to_verify: row.date_to_verify,
    report_outcome: row.report_outcome,
  };
}

export async function changeSettings(
  db: Db,
  userId: string,
  changes: Partial<TReminderSettings>,
): Promise<TReminderSettings> {
  await updateSettings(db, userId, changes);
  return getSettings(db, userId);
}

/**
 * The stop link of mail an address did not ask for (mail/unrequested.ts): its token is the
 * address's keyed hash, so it names the address without our keeping it. Stopping twice, or
 * allowing what was never stopped, is the same as once.
 */
export async function setMailStopped(db: Db, token: string, stopped: boolean): Promise<{ stopped: boolean }> {
  if (stopped) await db.execute(sql`insert into mail_refusals (address_key) values (${token}) on conflict do nothing`);
  else await db.execute(sql`delete from mail_refusals where address_key = ${token}`);
  return { stopped };
}

/** The one-click unsubscribe (a mail client's POST, or the page behind the mail's link). */
export async function unsubscribe(db: Db, secret: string, token: string) {
  const found = readUnsubscribeToken(secret, token);
  if (!found) throw new AppError('NOT_FOUND', 'This link has expired or does not exist.');
  await updateSettings(db, found.userId, { [found.kind]: false });
  return { kind: found.kind, label: REMINDER_LABELS[found.kind].label };
}

type Outcome = 'sent' | 'online' | 'unwanted' | 'already-sent' | 'gone';

/**
 * Sends one reminder, unless the member does not want it, is online, or had it already.
 * `write` builds the mail (null when what it was about is gone).
 */
async function remind(
  deps: ReminderDeps,
  reminder: { userId: string; kind: ReminderKind; key: string },
  write: (address: ReminderAddress, timeZone: string | null) => Promise<Mail | null>,
): Promise<Outcome> {
  const { db } = deps.database;
  const member = await selectRecipient(db, reminder.userId, reminder.kind);
  if (!member || member.banned) return 'gone';
  if (!member.wanted) return 'unwanted';
  const lastSeen = member.last_active_at?.getTime() ?? 0;
  if (deps.hub.isConnected(reminder.userId) || lastSeen > deps.clock.now().getTime() - ONLINE_WINDOW_MS)
    return 'online';
  const address = {
    to: member.email,
    userId: reminder.userId,
    baseUrl: deps.env.BASE_URL,
    secret: deps.env.AUTH_SECRET,
  };
  const mail = await write(address, member.time_zone);
  if (!mail) return 'gone';
  if (!(await claimReminder(db, { ...reminder, now: deps.clock.now() }))) return 'already-sent';
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    await releaseReminder(db, reminder);
    throw error;
  }
  return 'sent';
}

const ZMatchPayload = z.object({ matchId: z.string() });
/** A new match, a few minutes on: each of the two who is away hears of it. */
export async function remindNewMatch(deps: ReminderDeps, payload: unknown): Promise<void> {
  const { matchId } = ZMatchPayload.parse(payload);
  const members = await selectMatchMembers(deps.database.db, matchId);
  if (!members) return;
  for (const userId of [members.user_a, members.user_b])
    await remind(deps, { userId, kind: 'new_match', key: matchId }, async (address) => {
      const match = await selectMatchForReminder(deps.database.db, { matchId, userId });
      if (!match) return null;
      const link = `${deps.env.BASE_URL}/messages${match.conversation_id ? `?conversation=${match.conversation_id}` : ''}`;
      return newMatchMail(address, firstName(match.other_name), link);
    });
}

/** Called when a like completes a match: its reminder, a few minutes later (skipped for whoever is on Vouch by then). */
export const enqueueNewMatchReminder = (db: Pick<Db, 'execute'>, now: Date, matchId: string) =>
  enqueueJob(db, {
    kind: NEW_MATCH_JOB,
    key: `${NEW_MATCH_JOB}:${matchId}`,
    runAt: new Date(now.getTime() + 2 * 60_000),
    payload: { matchId },
  });

const ZPlanPayload = z.object({ planId: z.string(), userIds: z.array(z.string()) });
export async function remindDateToVerify(deps: ReminderDeps, payload: unknown): Promise<void> {
  const { planId, userIds } = ZPlanPayload.parse(payload);
  for (const userId of userIds)
    await remind(deps, { userId, kind: 'date_to_verify', key: planId }, async (address) => {
      const plan = await selectDateToVerify(deps.database.db, { planId, userId });
      if (!plan) return null;
      const link = `${deps.env.BASE_URL}/messages?conversation=${plan.conversation_id}&verify=1`;
      return dateToVerifyMail(address, firstName(plan.other_name), link);
    });
}

export const enqueueDateToVerifyReminder = (db: Pick<Db, 'execute'>, planId: string, userIds: string[]) =>
  enqueueJob(db, {
    kind: DATE_TO_VERIFY_JOB,
    key: `${DATE_TO_VERIFY_JOB}:${planId}`,
    runAt: new Date(0),
    payload: { planId, userIds },
  });

const ZCasePayload = z.object({ caseId: z.string(), userId: z.string() });
export async function remindReportOutcome(deps: ReminderDeps, payload: unknown): Promise<void> {
  const { caseId, userId } = ZCasePayload.parse(payload);
  await remind(deps, { userId, kind: 'report_outcome', key: caseId }, async (address) =>
    reportOutcomeMail(address, `${deps.env.BASE_URL}/settings`),
  );
}

export const enqueueReportOutcomeReminder = (db: Pick<Db, 'execute'>, now: Date, caseId: string, userId: string) =>
  enqueueJob(db, {
    kind: REPORT_OUTCOME_JOB,
    key: `${REPORT_OUTCOME_JOB}:${caseId}`,
    runAt: new Date(now.getTime() + 2 * 60_000),
    payload: { caseId, userId },
  });

/** The sweep after `at`: one job per five-minute slot, whichever server enqueues it. */
const sweepJob = (at: Date) => {
  const slot = (Math.floor(at.getTime() / SWEEP_EVERY_MS) + 1) * SWEEP_EVERY_MS;
  return { kind: SWEEP_JOB, key: `${SWEEP_JOB}:${slot}`, runAt: new Date(slot) };
};
export const scheduleSweep = (db: Pick<Db, 'execute'>, now: Date) => enqueueJob(db, sweepJob(now));

/**
 * Every five minutes: a message unread for an hour (one mail per conversation in 24 hours)
 * and a date starting in 12 to 24 hours. A member online now is tried again at the
 * next sweep, while the reminder still makes sense.
 */
export async function sweepReminders(deps: ReminderDeps): Promise<void> {
  const { db } = deps.database;
  const now = deps.clock.now();
  for (const unread of await selectUnreadConversations(db, now))
    await remind(
      deps,
      { userId: unread.user_id, kind: 'unread_message', key: unread.conversation_id },
      async (address) =>
        unreadMessageMail(
          address,
          firstName(unread.sender_name),
          `${deps.env.BASE_URL}/messages?conversation=${unread.conversation_id}`,
        ),
    );
  for (const date of await selectDatesTomorrow(db, now))
    await remind(deps, { userId: date.user_id, kind: 'date_tomorrow', key: date.plan_id }, async (address, zone) =>
      dateTomorrowMail(
        address,
        firstName(date.other_name),
        zone ? inZone(date.starts_at, zone) : `${inZone(date.starts_at, 'UTC')}`,
        `${deps.env.BASE_URL}/calendar`,
      ),
    );
  await enqueueJob(db, sweepJob(now));
}
