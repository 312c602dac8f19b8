import { describe, expect, it } from 'vitest';
import { parseInterests, PasswordSchema, ZRegisterForm } from './auth';
import { loginHintFor, LOGIN_HINTS } from './messages';

const baseForm = { email: 'amy@example.com', password: 'Secret123', confirmPassword: 'Secret123' };
const firstError = (input: object) => {
  const result = ZRegisterForm.safeParse({ ...baseForm, ...input });
  return result.success ? null : result.error.issues[0]!.message;
};

describe('account rules', () => {
  it('uses one password rule: 8+ characters, an uppercase letter and a number', () => {
    expect(PasswordSchema.safeParse('Secret123').success).toBe(true);
    expect(PasswordSchema.safeParse('Sec1').error?.issues[0]?.message).toBe('Password must be at least 8 characters long');
    expect(PasswordSchema.safeParse('secret123').error?.issues[0]?.message).toBe('Password should contain at least one uppercase letter');
    expect(PasswordSchema.safeParse('SecretPass').error?.issues[0]?.message).toBe('Password should contain at least one number');
  });

  it('validates the registration form with the spec messages', () => {
    expect(firstError({})).toBeNull();
    expect(firstError({ email: 'amy@example' })).toBe('Please enter a valid email address.');
    expect(firstError({ confirmPassword: 'Other123' })).toBe("Passwords don't match");
    expect(firstError({ age: '17' })).toBe('You must be at least 18 years old.');
    expect(firstError({ age: '18' })).toBeNull();
    expect(firstError({ age: '121' })).not.toBeNull();
  });

  it('trims interests and drops empty entries', () => {
    expect(parseInterests(' hiking , ,jazz,, cooking ')).toEqual(['hiking', 'jazz', 'cooking']);
    expect(parseInterests('')).toEqual([]);
  });

  it('picks the login hint from the words of the failure', () => {
    expect(loginHintFor('Invalid login credentials')).toBe(LOGIN_HINTS.invalidCredentials);
    expect(loginHintFor('Email not confirmed')).toBe(LOGIN_HINTS.emailNotConfirmed);
    expect(loginHintFor('Too many attempts: rate limit reached.')).toBe(LOGIN_HINTS.rateLimit);
    expect(loginHintFor('Server exploded')).toBe(LOGIN_HINTS.other);
  });
});
