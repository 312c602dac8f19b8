import { describe, expect, it } from 'vitest';
import { ZRegisterForm } from './auth';
import { ZContactMessage } from './admin';

const messageFor = (
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) => result.error?.issues.find((issue) => issue.path[0] === field)?.message;

describe('plain validation messages', () => {
  it("says a limit in words where a schema gives no message of its own, and keeps the schema's where it does", () => {
    const long = 'x'.repeat(81);
    const register = ZRegisterForm.safeParse({
      email: 'a@example.com',
      password: 'Secret123',
      confirmPassword: 'Secret123',
      name: long,
    });
    expect(messageFor(register, 'name')).toBe('Please keep this to 80 characters or fewer.');
    const contact = ZContactMessage.safeParse({ name: '', email: 'nope', subject: 'Hi', message: 'Hello there' });
    expect(messageFor(contact, 'name')).toBe('Please enter your name');
    expect(messageFor(contact, 'email')).toBe('Please enter a valid email address.');
  });
});
