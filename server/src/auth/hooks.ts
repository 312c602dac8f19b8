import type { AccountEventKind } from '../../../contracts/account';
import type { Db } from '../db/client';

export type RequestMeta = { ip: string | null; userAgent: string | null };

/** An entry of the tamper-evident security log, as sign-in writes it. */
export type SecurityLogEntry = {
  eventType: string;
  severity: 'info' | 'warning' | 'high';
  actorId: string | null;
  details: Record<string, unknown>;
};

/**
 * What sign-in and sign-up ask of the product's modules. The modules sit above this layer (they
 * call the auth instance), so this layer may not import them: server.ts and app.ts pass these in.
 */
export type AuthHooks = {
  /** A member can turn sign-in codes by email off; then none are mailed or offered. */
  emailCodesAllowed: (db: Pick<Db, 'select'>, userId: string) => Promise<boolean>;
  /** One entry in the member's own security activity (Settings). */
  recordAccountEvent: (db: Db, userId: string, kind: AccountEventKind, meta: RequestMeta) => Promise<void>;
  /** Whose banned mailbox this is, in any spelling: such a sign-up is refused. */
  bannedMailboxOwner: (db: Db, secret: string, email: string) => Promise<string | null>;
  /** Flags a sign-up from the mailbox of a reported member who left. */
  flagReturningEmail: (db: Db, secret: string, userId: string, email: string) => Promise<void>;
  appendSecurityLog: (tx: Pick<Db, 'execute' | 'insert'>, entry: SecurityLogEntry) => Promise<void>;
};

/**
 * Which better-auth calls are security activity. `hadSession`: the call was made while signed
 * in (verifying an authenticator code then turns the app on; without a session it signs in).
 */
export function accountEventFor(path: string, hadSession: boolean): AccountEventKind | null {
  switch (path) {
    case '/sign-in/email':
    case '/magic-link/verify':
    case '/two-factor/verify-otp':
    case '/two-factor/verify-backup-code':
      return hadSession ? null : 'sign_in';
    case '/two-factor/verify-totp':
      return hadSession ? 'mfa_app_enabled' : 'sign_in';
    case '/change-password':
      return 'password_changed';
    default:
      return null;
  }
}
