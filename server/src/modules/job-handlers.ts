import type { JobHandlers } from '../jobs/runner';
import type { Deps } from '../lib/context';
import { ALERT_JOB, alertContact, ASK_JOB, askCheckIn } from './check-ins/check-ins.service';
import {
  DATE_TO_VERIFY_JOB,
  NEW_MATCH_JOB,
  remindDateToVerify,
  remindNewMatch,
  remindReportOutcome,
  REPORT_OUTCOME_JOB,
  SWEEP_JOB,
  sweepReminders,
} from './reminders/reminders.service';
import { checkReusedPicture, REUSED_PICTURE_JOB } from './safety/reused-photos';

/** What each kind of job does (jobs/runner.ts); wired in server.ts. */
export function jobHandlers(deps: Deps): JobHandlers {
  return {
    [REUSED_PICTURE_JOB]: async (job) => void (await checkReusedPicture(deps, job.payload)),
    [ASK_JOB]: (job) => askCheckIn(deps, job.payload),
    [ALERT_JOB]: (job) => alertContact(deps, job.payload),
    [NEW_MATCH_JOB]: (job) => remindNewMatch(deps, job.payload),
    [DATE_TO_VERIFY_JOB]: (job) => remindDateToVerify(deps, job.payload),
    [REPORT_OUTCOME_JOB]: (job) => remindReportOutcome(deps, job.payload),
    [SWEEP_JOB]: () => sweepReminders(deps),
  };
}
