import type { AuthHooks } from '../auth/hooks';
import { emailCodesAllowed } from './account/security.service';
import { recordAccountEvent } from './account/events';
import { appendSecurityLog } from './audit/security-log';
import { bannedMailboxOwner, flagReturningEmail } from './safety/returning';

/** The modules' answers to what sign-in and sign-up ask (auth/hooks.ts); wired in server.ts and app.ts. */
export const authHooks: AuthHooks = {
  emailCodesAllowed,
  recordAccountEvent,
  bannedMailboxOwner,
  flagReturningEmail,
  appendSecurityLog,
};
