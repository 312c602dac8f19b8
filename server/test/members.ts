import { expect } from 'vitest';
import { insertMember, type MemberInput } from '../src/modules/seed/factories';
import { signIn, uniqueEmail } from './accounts';
import type { TestClient } from './test-client';
import type { TestServer } from './test-server';

export type SignedInMember = { id: string; client: TestClient };

/** A member made by the factory (fast: no mail round trip) and signed in over HTTP. */
export async function factoryMember(server: TestServer, passwordHash: string, overrides: Partial<MemberInput> = {}): Promise<SignedInMember> {
  const email = uniqueEmail('m');
  const id = await insertMember(server.deps.database.db, { email, passwordHash, ...overrides });
  const client = server.client();
  expect((await signIn(client, email)).status).toBe(200);
  return { id, client };
}
