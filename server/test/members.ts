import { expect } from 'vitest';
import { insertMember, type MemberInput } from '../src/modules/seed/factories';
import { PASSWORD, signIn, uniqueEmail } from './accounts';
import { ok, type TestClient } from './test-client';
import type { TestServer } from './test-server';

export type SignedInMember = { id: string; client: TestClient };

/** A member made by the factory (fast: no mail round trip) and signed in over HTTP. */
export async function factoryMember(
  server: TestServer,
  passwordHash: string,
  overrides: Partial<MemberInput> = {},
): Promise<SignedInMember> {
  const email = overrides.email ?? uniqueEmail('m');
  const id = await insertMember(server.deps.database.db, { ...overrides, email, passwordHash });
  const client = server.client();
  expect((await signIn(client, email)).status).toBe(200);
  return { id, client };
}

/** An administrator made the documented way (as `npm run admin:create` does), signed in at /api/admin/sign-in. */
export async function factoryAdmin(server: TestServer): Promise<SignedInMember & { email: string }> {
  const { createOrPromoteAdmin } = await import('../src/modules/admins/service');
  const email = `admin-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const { userId } = await createOrPromoteAdmin(server.deps, email, PASSWORD);
  const client = server.client();
  const signedIn = await ok(client.api.admin['sign-in'].$post({ json: { email, password: PASSWORD } }));
  expect(signedIn.twoFactorRequired).toBe(false);
  return { client, id: userId, email };
}
