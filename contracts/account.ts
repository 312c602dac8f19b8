import { z } from './zod';
import { ZInstant } from './common';
import { PasswordSchema } from './auth';

/** The MFA card's toasts and checks. */
export const MFA_TEXT = {
  invalidCode: { title: 'Invalid code', description: 'Please enter a 6-digit verification code.' },
  loadFailed: 'Failed to load MFA settings',
  enableAppFailed: 'Failed to enable authenticator app',
  enableEmailFailed: 'Failed to enable email verification',
  disableAppFailed: 'Failed to disable authenticator app',
  disableEmailFailed: 'Failed to disable email verification',
  appEnabled: {
    title: 'Authenticator app enabled',
    description: 'You will be asked for a code from the app each time you sign in.',
  },
  appDisabled: { title: 'Authenticator app disabled', description: 'Sign-ins no longer ask for a code from the app.' },
  emailEnabled: { title: 'Email verification enabled', description: 'You can sign in with a code we email you.' },
  emailDisabled: { title: 'Email verification disabled', description: 'We no longer email sign-in codes.' },
  emailCodesOff: 'Email codes are turned off for this account. Use your authenticator app.',
  codeRefused: 'That code is not right, or it has expired. Check it and try again.',
  codeExpired: { title: 'Code expired', description: 'Send another code and enter the new one.' },
  tooManyTries: { title: 'Too many tries', description: 'Please request a new code.' },
  signInExpired: {
    title: 'Sign-in expired',
    description: 'Too long has passed since you entered your password. Please sign in again.',
  },
} as const;

/** Exactly six digits, as the authenticator app shows it. */
export const ZMfaCode = z.string().regex(/^\d{6}$/, MFA_TEXT.invalidCode.description);

export const ZSecuritySettings = z.object({
  /** Whether sign-in asks for a second factor at all. */
  twoFactorEnabled: z.boolean(),
  authenticatorApp: z.boolean(),
  emailCode: z.boolean(),
});
export type TSecuritySettings = z.infer<typeof ZSecuritySettings>;

/** Sensitive changes are confirmed with the current password. */
export const ZPasswordConfirm = z.object({ password: z.string().min(1, 'Please enter your password').max(128) });
export const ZEmailCodeChange = ZPasswordConfirm.extend({ enabled: z.boolean() });

/** A change that would keep the same password is refused, by the form and by the server. */
export const PASSWORD_UNCHANGED = 'Choose a new password, different from your current one.';

export const ZChangePasswordForm = z
  .object({
    currentPassword: z.string().min(1, 'Please enter your current password'),
    newPassword: PasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] })
  .refine((v) => v.newPassword !== v.currentPassword, { message: PASSWORD_UNCHANGED, path: ['newPassword'] });
export type TChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

export const PASSWORD_TEXT = {
  changed: {
    title: 'Password updated',
    description: 'Your password has been changed. Other devices have been signed out.',
  },
  failed: 'Failed to change password',
} as const;

export const ZPrivacySettings = z.object({
  hideProfile: z.boolean(),
  verifiedOnlyMessages: z.boolean(),
  showDistance: z.boolean(),
});
export type TPrivacySettings = z.infer<typeof ZPrivacySettings>;

export const ZActiveSession = z.object({
  id: z.string(),
  current: z.boolean(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: ZInstant,
  lastActiveAt: ZInstant,
});
export type TActiveSession = z.infer<typeof ZActiveSession>;

export const ACCOUNT_EVENT_LABELS = {
  sign_in: 'Signed in',
  password_changed: 'Password changed',
  password_reset: 'Password reset by email link',
  mfa_app_enabled: 'Authenticator app turned on',
  mfa_app_disabled: 'Authenticator app turned off',
  mfa_email_enabled: 'Email codes turned on',
  mfa_email_disabled: 'Email codes turned off',
  sessions_revoked: 'Signed out of other devices',
  session_revoked: 'Signed out of one device',
} as const;
export type AccountEventKind = keyof typeof ACCOUNT_EVENT_LABELS;
/** The security log keeps this many entries per member. */
export const ACCOUNT_EVENTS_KEPT = 100;

export const ZAccountEvent = z.object({
  id: z.uuid(),
  kind: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: ZInstant,
});
export type TAccountEvent = z.infer<typeof ZAccountEvent>;

export const DELETE_TEXT = {
  title: 'Delete your account?',
  description:
    'This is permanent. Your profile, photos, matches, messages and verification go now, any subscription is cancelled, and we cannot bring them back. Ratings you gave stay only as anonymous numbers.',
  deleted: {
    title: 'Account deleted',
    description: 'Your account and data have been removed. We are sorry to see you go.',
  },
  wrongPassword: 'That password is not right.',
} as const;
