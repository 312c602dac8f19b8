/**
 * User-facing texts. Both the server (error bodies)
 * and the web app (toasts, inline errors) read them from here, so a wording lives once.
 */
import type { ApiErrorCode } from './errors';

export const AUTH_TEXT = {
  invalidEmail: 'Please enter a valid email address.',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordNeedsUppercase: 'Password should contain at least one uppercase letter',
  passwordNeedsNumber: 'Password should contain at least one number',
  passwordsDontMatch: "Passwords don't match",
  passwordsDontMatchDetail: 'Please make sure both passwords match.',
  passwordRuleHint: 'Password must be at least 8 characters long, with an uppercase letter and a number',
  ageTooYoung: 'You must be at least 18 years old.',
  ageRange: 'Please enter an age between 18 and 120.',
  ageWholeYears: 'Please enter your age in whole years, like 25.',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
} as const;

export const TOASTS = {
  welcomeBack: { title: 'Welcome back!', description: 'You have successfully signed in.' },
  signInError: { title: 'Authentication error', fallback: 'Failed to sign in. Please try again.' },
  invalidLoginCredentials: 'Invalid login credentials',
  emailNotConfirmed: 'Email not confirmed',
  registrationSuccessful: {
    title: 'Registration successful',
    description: 'Please check your email to verify your account.',
  },
  registrationFailed: { title: 'Registration failed', fallback: 'Failed to register. Please try again.' },
  signUpError: { title: 'Error', fallback: 'Something went wrong during sign up' },
  signedOut: { title: 'Signed out', description: 'You have been successfully signed out.' },
  signOutError: { title: 'Sign out error', fallback: 'Failed to sign out. Please try again.' },
  magicLinkSent: { title: 'Magic link sent', description: 'Check your email for a login link.' },
  magicLinkFailed: { title: 'Failed to send magic link' },
  magicLinkInvalidEmail: { title: 'Invalid email', description: 'Please enter a valid email address.' },
  resetEmailSent: { title: 'Email sent', description: 'Check your inbox for password reset instructions.' },
  resetEmailFailed: { title: 'Error', description: 'Failed to send password reset email. Please try again.' },
  passwordUpdated: { title: 'Password updated', description: 'Your password has been reset successfully.' },
  passwordResetFailed: { title: 'Error', description: 'Failed to reset password. The link may have expired.' },
  passwordTooShort: { title: 'Password too short', description: 'Password must be at least 8 characters long' },
  passwordsDontMatch: { title: "Passwords don't match", description: 'Please make sure both passwords match.' },
  bioSuggestionFailed: {
    title: "Couldn't generate a bio suggestion",
    description: 'Please try again or write your own bio.',
  },
  emailVerified: { title: 'Email verified', description: 'Your email is confirmed. You can sign in now.' },
  somethingWentWrong: 'Something went wrong',
} as const;

/** The hint under the 'Login failed' box, chosen by the error's code. */
export const LOGIN_HINTS = {
  invalidCredentials:
    'Your email or password might be incorrect. Double check your credentials or try resetting your password.',
  emailNotConfirmed: "It looks like you haven't confirmed your email yet. Check your inbox for a verification email.",
  rateLimit: "You've made too many login attempts. Please wait a few minutes before trying again.",
  deviceCheck:
    'Someone has been guessing at this account from other devices. If it is yours and the password was right, we emailed you a link: open it on this device, then sign in.',
  other: 'There seems to be an issue with your login. Try using the magic link option for a passwordless login.',
} as const;

export function loginHintFor(code: ApiErrorCode): string {
  switch (code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      return LOGIN_HINTS.invalidCredentials;
    case 'EMAIL_NOT_VERIFIED':
      return LOGIN_HINTS.emailNotConfirmed;
    case 'RATE_LIMITED':
      return LOGIN_HINTS.rateLimit;
    case 'DEVICE_CHECK':
      return LOGIN_HINTS.deviceCheck;
    default:
      return LOGIN_HINTS.other;
  }
}

/** Fixed delays on the account screens, in milliseconds. */
export const AUTH_DELAYS = {
  loginHintMs: 1000,
  resetRedirectMs: 2000,
  bioSuggestionMs: 1500,
} as const;

/** A new-message toast shows the first 50 characters, with '...' when there is more. */
export function messagePreview(content: string): string {
  return content.length > 50 ? `${content.slice(0, 50)}...` : content;
}
