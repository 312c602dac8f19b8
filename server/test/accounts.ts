import { expect } from 'vitest';
import type { TestClient } from './test-client';

export const PASSWORD = 'Secret123';

export function uniqueEmail(prefix = 'member'): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

type OutboxMail = { to: string; subject: string; link: string | null; text: string };

/** The newest mail to this address whose subject contains the given words. */
export async function latestMail(client: TestClient, to: string, subject: string): Promise<OutboxMail> {
  const { body } = await client.json<{ mail: OutboxMail[] }>('GET', '/api/dev/mail');
  const mail = body.mail.find((m) => m.to === to && m.subject.includes(subject));
  expect(mail, `a mail to ${to} about "${subject}"`).toBeDefined();
  return mail!;
}

/** How many mails to this address (subject containing `subject`) the dev outbox holds. */
export async function mailCount(client: TestClient, to: string, subject: string): Promise<number> {
  const { body } = await client.json<{ mail: OutboxMail[] }>('GET', '/api/dev/mail');
  return body.mail.filter((m) => m.to === to && m.subject.includes(subject)).length;
}

/** Registers through the API and confirms the email by following the mailed link. */
export async function registerVerified(
  client: TestClient,
  email = uniqueEmail(),
  password = PASSWORD,
  extra: Record<string, unknown> = {},
) {
  const signUp = await client.json('POST', '/api/auth/sign-up/email', {
    email,
    password,
    name: 'Test Member',
    ...extra,
  });
  expect(signUp.status).toBe(200);
  const verify = await confirmEmail(client, email, { password });
  expect(verify.status).toBe(200);
  return { email, password };
}

/** The token of the newest confirmation link mailed to this address. */
export async function confirmationToken(client: TestClient, email: string): Promise<string> {
  const mail = await latestMail(client, email, 'Confirm your email');
  return new URL(mail.link!).searchParams.get('token')!;
}

/** What the page a confirmation link opens sends: the token, with the password or a new one. */
export async function confirmEmail(
  client: TestClient,
  email: string,
  proof: { password: string } | { newPassword: string },
  token?: string,
) {
  return client.json<{ email?: string; error?: { code: string; message: string } }>(
    'POST',
    '/api/account/confirm-email',
    {
      token: token ?? (await confirmationToken(client, email)),
      ...proof,
    },
  );
}

export async function signIn(client: TestClient, email: string, password = PASSWORD) {
  return client.json<{ error?: { code: string; message: string } }>('POST', '/api/auth/sign-in/email', {
    email,
    password,
  });
}

/** A fresh member, verified and signed in on the returned client. */
export async function signedInMember(client: TestClient, email = uniqueEmail()) {
  await registerVerified(client, email);
  const response = await signIn(client, email);
  expect(response.status).toBe(200);
  return { email };
}
