import { AUTH_TEXT } from './messages';

/** An address: text, at sign, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type TLoginForm = { email: string; password: string };
export type TLoginFormErrors = Partial<Record<keyof TLoginForm, string>>;

/**
 * The sign-in form's checks, written without a schema library: the login page must stay within
 * its share of first-load JavaScript (110 KB gzipped), and zod alone weighs a quarter of it. The
 * server checks the same address with EmailSchema (contracts/auth.ts); a test keeps the two alike.
 */
export function emailError(email: string): string | undefined {
  const trimmed = email.trim();
  if (!trimmed) return AUTH_TEXT.emailRequired;
  if (!EMAIL_PATTERN.test(trimmed)) return AUTH_TEXT.invalidEmail;
  return undefined;
}

export function loginFormErrors({ email, password }: TLoginForm): TLoginFormErrors {
  const errors: TLoginFormErrors = {};
  const emailProblem = emailError(email);
  if (emailProblem) errors.email = emailProblem;
  if (!password) errors.password = AUTH_TEXT.passwordRequired;
  return errors;
}
