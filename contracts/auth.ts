import { z } from './zod';
import { ZInstant } from './common';
import { AUTH_TEXT } from './messages';
import { EMAIL_PATTERN, loginFormErrors, type TLoginForm } from './login-form';

/**
 * An address as accounts store and compare it: without surrounding spaces, in lower case (as
 * better-auth stores it). What counts as the same mailbox for bans is stricter (canonicalEmail).
 */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const EmailSchema = z
  .string()
  .trim()
  .min(1, AUTH_TEXT.emailRequired)
  .regex(EMAIL_PATTERN, AUTH_TEXT.invalidEmail);

/** Forms that ask for the password twice refine with these two. */
const passwordsMatch = (form: { password: string; confirmPassword: string }) => form.password === form.confirmPassword;
const confirmMismatch = { path: ['confirmPassword'], message: AUTH_TEXT.passwordsDontMatch };

/** The one password rule, used at registration, reset and on the server. */
export const PasswordSchema = z
  .string()
  .min(8, AUTH_TEXT.passwordTooShort)
  .max(128, 'Password must be at most 128 characters long')
  .regex(/[A-Z]/, AUTH_TEXT.passwordNeedsUppercase)
  .regex(/[0-9]/, AUTH_TEXT.passwordNeedsNumber);

export const COUNTRIES = [
  { value: 'us', label: 'United States' },
  { value: 'ca', label: 'Canada' },
  { value: 'uk', label: 'United Kingdom' },
  { value: 'au', label: 'Australia' },
  { value: 'de', label: 'Germany' },
  { value: 'fr', label: 'France' },
  { value: 'jp', label: 'Japan' },
  { value: 'other', label: 'Other' },
] as const;
export const COUNTRY_CODES = COUNTRIES.map((c) => c.value) as [string, ...string[]];

/** Comma-separated interests, trimmed, empty entries dropped. */
export function parseInterests(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

export const AgeSchema = z
  .number({ error: AUTH_TEXT.ageWholeYears })
  .int(AUTH_TEXT.ageWholeYears)
  .min(18, AUTH_TEXT.ageTooYoung)
  .max(120, AUTH_TEXT.ageRange);

/** Registration metadata kept for the profile. */
export const ZRegistrationDetails = z.object({
  name: z.string().trim().max(80).optional(),
  age: AgeSchema.optional(),
  country: z.enum(COUNTRY_CODES).optional(),
  bio: z.string().trim().max(1000).optional(),
  interests: z.array(z.string().trim().min(1).max(40)).max(30).optional(),
});
export type TRegistrationDetails = z.infer<typeof ZRegistrationDetails>;

/** What the server accepts at sign-up: credentials plus the optional details. */
export const ZSignUpRequest = ZRegistrationDetails.extend({
  email: EmailSchema,
  password: PasswordSchema,
});

/** The registration form: text inputs as typed, refined into the request. */
export const ZRegisterForm = z
  .object({
    email: EmailSchema,
    password: PasswordSchema,
    confirmPassword: z.string(),
    name: z.string().max(80).optional(),
    age: z
      .string()
      .optional()
      .refine((v) => !v || /^\d+$/.test(v.trim()), AUTH_TEXT.ageWholeYears)
      .refine((v) => !v || !/^\d+$/.test(v.trim()) || Number(v) >= 18, AUTH_TEXT.ageTooYoung)
      .refine((v) => !v || Number(v) <= 120, AUTH_TEXT.ageRange),
    country: z.string().optional(),
    bio: z.string().max(1000).optional(),
    interests: z.string().max(600).optional(),
  })
  .refine(passwordsMatch, confirmMismatch);
export type TRegisterForm = z.infer<typeof ZRegisterForm>;

/** The sign-in form for forms that use a resolver (the /auth page); the checks are loginFormErrors'. */
export const ZLoginForm = z
  .object({ email: z.string(), password: z.string() })
  .superRefine((form, context) => {
    for (const [field, message] of Object.entries(loginFormErrors(form)))
      context.addIssue({ code: 'custom', path: [field], message });
  })
  .transform((form): TLoginForm => ({ ...form, email: form.email.trim() }));
export type { TLoginForm };

export const ZResetPasswordForm = z
  .object({ password: PasswordSchema, confirmPassword: z.string() })
  .refine(passwordsMatch, confirmMismatch);
export type TResetPasswordForm = z.infer<typeof ZResetPasswordForm>;

/** The signed-in member as the web app sees it (GET /api/me). No private columns. */
export const ZMeResponse = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    createdAt: ZInstant,
  }),
  isAdmin: z.boolean(),
  subscription: z.object({
    isActive: z.boolean(),
    tier: z.enum(['free', 'premium']),
    expiresAt: ZInstant.nullable(),
    trialEndsAt: ZInstant,
  }),
  registration: ZRegistrationDetails.nullable(),
});
export type TMeResponse = z.infer<typeof ZMeResponse>;

export const TRIAL_DAYS = 30;

/** The combined card's short registration: credentials only. */
export const ZQuickRegisterForm = z
  .object({ email: EmailSchema, password: PasswordSchema, confirmPassword: z.string() })
  .refine(passwordsMatch, confirmMismatch);
export type TQuickRegisterForm = z.infer<typeof ZQuickRegisterForm>;

/**
 * The page a confirmation link opens. The link proves the mailbox; the account's password says
 * who chose it. So the address is confirmed with that password, or with a new one that ends
 * every password, session and second factor set before (someone may have signed up with this
 * address first).
 */
export const CONFIRM_EMAIL_TEXT = {
  linkInvalid: 'This confirmation link does not work. Sign in to have a new one sent.',
  linkExpired: 'This confirmation link has expired. Sign in to have a new one sent.',
  alreadyConfirmed: 'This email is already confirmed. Sign in.',
  wrongPassword:
    'That is not the password of this account. If you did not choose it, or do not remember it, choose a new one below.',
} as const;

export const ZConfirmEmailInput = z.union([
  z.object({ token: z.string().min(20).max(2000), password: z.string().min(1, 'Please enter your password').max(128) }),
  z.object({ token: z.string().min(20).max(2000), newPassword: PasswordSchema }),
]);
export type TConfirmEmailInput = z.infer<typeof ZConfirmEmailInput>;
