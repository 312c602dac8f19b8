import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EmailSchema, parseInterests, PasswordSchema, ZLoginForm, ZRegisterForm } from './auth';
import { emailError, loginFormErrors } from './login-form';
import { loginHintFor, LOGIN_HINTS } from './messages';

const baseForm = { email: 'amy@example.com', password: 'Secret123', confirmPassword: 'Secret123' };
const firstError = (input: object) => {
  const result = ZRegisterForm.safeParse({ ...baseForm, ...input });
  return result.success ? null : result.error.issues[0]!.message;
};

describe('account rules', () => {
  it('uses one password rule: 8+ characters, an uppercase letter and a number', () => {
    expect(PasswordSchema.safeParse('Secret123').success).toBe(true);
    expect(PasswordSchema.safeParse('Sec1').error?.issues[0]?.message).toBe(
      'Password must be at least 8 characters long',
    );
    expect(PasswordSchema.safeParse('secret123').error?.issues[0]?.message).toBe(
      'Password should contain at least one uppercase letter',
    );
    expect(PasswordSchema.safeParse('SecretPass').error?.issues[0]?.message).toBe(
      'Password should contain at least one number',
    );
  });

  it('validates the registration form with the messages members are shown', () => {
    expect(firstError({})).toBeNull();
    expect(firstError({ email: 'amy@example' })).toBe('Please enter a valid email address.');
    expect(firstError({ confirmPassword: 'Other123' })).toBe("Passwords don't match");
    expect(firstError({ age: '17' })).toBe('You must be at least 18 years old.');
    expect(firstError({ age: '20.5' })).toBe('Please enter your age in whole years, like 25.');
    expect(firstError({ age: 'twenty' })).toBe('Please enter your age in whole years, like 25.');
    expect(firstError({ age: '18' })).toBeNull();
    expect(firstError({ age: '121' })).not.toBeNull();
  });

  it('checks a sign-in address in plain code exactly as the server schema does', () => {
    const addresses = fc.oneof(
      fc.string(),
      fc.emailAddress(),
      fc
        .tuple(fc.constantFrom('', ' ', '  '), fc.emailAddress(), fc.constantFrom('', ' ', '\t'))
        .map((parts) => parts.join('')),
      fc.constantFrom(
        '',
        '   ',
        'amy@example',
        'amy@@example.com',
        'a b@example.com',
        '@example.com',
        'amy@.com',
        'amy@example.',
      ),
    );
    fc.assert(
      fc.property(addresses, (email) => {
        const parsed = EmailSchema.safeParse(email);
        expect(emailError(email)).toBe(parsed.success ? undefined : parsed.error.issues[0]!.message);
      }),
      { numRuns: 500 },
    );
  });

  it('gives the sign-in form its messages, and a trimmed address', () => {
    expect(loginFormErrors({ email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(loginFormErrors({ email: 'amy@example', password: 'x' })).toEqual({
      email: 'Please enter a valid email address.',
    });
    expect(loginFormErrors({ email: ' amy@example.com ', password: 'x' })).toEqual({});
    expect(ZLoginForm.parse({ email: ' amy@example.com ', password: 'x' })).toEqual({
      email: 'amy@example.com',
      password: 'x',
    });
    expect(
      ZLoginForm.safeParse({ email: '', password: 'x' }).error?.issues.map((issue) => [
        issue.path.join('.'),
        issue.message,
      ]),
    ).toEqual([['email', 'Email is required']]);
  });

  it('trims interests and drops empty entries', () => {
    expect(parseInterests(' hiking , ,jazz,, cooking ')).toEqual(['hiking', 'jazz', 'cooking']);
    expect(parseInterests('')).toEqual([]);
  });

  it('picks the login hint from the code of the failure, not its words', () => {
    expect(loginHintFor('INVALID_EMAIL_OR_PASSWORD')).toBe(LOGIN_HINTS.invalidCredentials);
    expect(loginHintFor('EMAIL_NOT_VERIFIED')).toBe(LOGIN_HINTS.emailNotConfirmed);
    expect(loginHintFor('RATE_LIMITED')).toBe(LOGIN_HINTS.rateLimit);
    expect(loginHintFor('INTERNAL')).toBe(LOGIN_HINTS.other);
    expect(loginHintFor('NETWORK')).toBe(LOGIN_HINTS.other);
  });
});
