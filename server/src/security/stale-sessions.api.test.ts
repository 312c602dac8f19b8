import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PASSWORD, latestMail, signIn } from '../../test/accounts';
import { factoryAdmin, factoryMember, type SignedInMember } from '../../test/members';
import { openSocket, type LiveSocket } from '../../test/sockets';
import { serverSuite } from '../../test/suite';
import { testDatabaseKind } from '../../test/test-server';
import { ADMIN_SESSION_HOURS } from '../lib/route';
import { SESSION_ENDED_CLOSE } from '../realtime/hub';
import type { TestClient } from '../../test/test-client';

/**
 * A copy of a session cookie (a stolen one, or a forgotten tab) holding an open WebSocket: every
 * way a session ends must close that socket within a second, and nothing may reach it after.
 */
const suite = serverSuite();

type Pair = { victim: SignedInMember & { email: string }; partner: SignedInMember; conversationId: string };

async function matchedPair(): Promise<Pair> {
  const email = `victim-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const victim = { ...(await factoryMember(suite.server, suite.passwordHash, { email })), email };
  const partner = await factoryMember(suite.server, suite.passwordHash);
  await victim.client.json('POST', '/api/likes', { targetId: partner.id });
  const match = await partner.client.json<{ conversationId: string }>('POST', '/api/likes', { targetId: victim.id });
  return { victim, partner, conversationId: match.body.conversationId };
}

/** Watches a socket from the moment it opens: `within(ms)` resolves with its close code, or rejects if it is still open. */
function watchClose(live: LiveSocket) {
  const closed = new Promise<number>((resolve) => live.socket.once('close', (code) => resolve(code)));
  return {
    within: (ms: number) =>
      Promise.race([
        closed,
        new Promise<number>((_resolve, reject) =>
          setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms),
        ),
      ]),
  };
}

/** Opens a socket on a copy of the victim's cookie, ends the session some way, and checks what the copy still gets. */
async function endsTheSocket(end: (pair: Pair, copy: TestClient) => Promise<void>) {
  const pair = await matchedPair();
  const copy = pair.victim.client.withOrigin(pair.victim.client.baseUrl);
  const live = await openSocket(copy);
  const partnerLive = await openSocket(pair.partner.client);
  const send = (content: string) =>
    pair.partner.client.json<{ id: string }>('POST', `/api/conversations/${pair.conversationId}/messages`, {
      content,
      clientKey: crypto.randomUUID(),
    });
  const about = (messageId: string) => (event: unknown) => (event as { messageId?: string }).messageId === messageId;
  // Until the session ends the copy gets each message's event (events carry ids, never text).
  await live.next(about((await send('before the end')).body.id));
  const close = watchClose(live);
  await end(pair, copy);
  // Within a second of the session's end (the check runs every 400 ms), with some slack for a busy machine.
  expect(await close.within(1500)).toBe(SESSION_ENDED_CLOSE);
  // The next message's events never reach the copy: the partner's own socket gets its event (the
  // events went out), the copy's has none. (A ban or a deletion ends the conversation itself.)
  const after = await send('after the end');
  if (after.status === 201) {
    await partnerLive.next(about(after.body.id));
    expect(live.events.filter(about(after.body.id))).toEqual([]);
  } else expect(after.status).toBe(404);
  partnerLive.socket.close();
  expect([401, 403]).toContain((await copy.json('GET', '/api/me')).status);
}

describe(`sockets end with their session on ${testDatabaseKind}`, () => {
  it('on sign-out', async () => {
    await endsTheSocket(async ({ victim }) => {
      expect((await victim.client.json('POST', '/api/auth/sign-out', {})).status).toBe(200);
    });
  });

  it('on "Sign out of other devices"', async () => {
    await endsTheSocket(async ({ victim }) => {
      const elsewhere = suite.server.client();
      expect((await signIn(elsewhere, victim.email)).status).toBe(200);
      expect((await elsewhere.json('POST', '/api/account/sessions/revoke-others', {})).status).toBe(200);
    });
  });

  it('on a password change that signs out other devices', async () => {
    await endsTheSocket(async ({ victim }) => {
      const elsewhere = suite.server.client();
      expect((await signIn(elsewhere, victim.email)).status).toBe(200);
      const changed = await elsewhere.json('POST', '/api/auth/change-password', {
        currentPassword: PASSWORD,
        newPassword: 'Changed123',
        revokeOtherSessions: true,
      });
      expect(changed.status).toBe(200);
    });
  });

  it('on a password reset', async () => {
    await endsTheSocket(async ({ victim }) => {
      const visitor = suite.server.client();
      expect(
        (
          await visitor.json('POST', '/api/auth/request-password-reset', {
            email: victim.email,
            redirectTo: '/auth/reset-password',
          })
        ).status,
      ).toBe(200);
      const mail = await latestMail(visitor, victim.email, 'Reset');
      const token = new URL(mail.link!).pathname.split('/').pop()!;
      expect(
        (await visitor.json('POST', '/api/auth/reset-password', { token, newPassword: 'ResetNew123' })).status,
      ).toBe(200);
    });
  });

  it('on a ban', async () => {
    const admin = await factoryAdmin(suite.server);
    await endsTheSocket(async ({ victim }) => {
      expect(
        (await admin.client.json('PUT', `/api/admin/users/${victim.id}/blocked`, { blocked: true, reason: 'Scam' }))
          .status,
      ).toBe(200);
    });
  });

  it('on a ban written straight to the database, as another instance or a script would', async () => {
    await endsTheSocket(async ({ victim }) => {
      await suite.server.deps.database.db.execute(sql`update "user" set banned = true where id = ${victim.id}`);
    });
  });

  it("on the account's deletion", async () => {
    await endsTheSocket(async ({ victim }) => {
      expect((await victim.client.json('POST', '/api/account/delete', { password: PASSWORD })).status).toBe(200);
    });
  });

  it('when the admin window ends', async () => {
    const admin = await factoryAdmin(suite.server);
    // The session is a second short of the window's end when the socket opens.
    await suite.server.deps.database.db.execute(
      sql`update session set created_at = now() - make_interval(hours => ${ADMIN_SESSION_HOURS}) + interval '1 second' where user_id = ${admin.id}`,
    );
    const live = await openSocket(admin.client.withOrigin(admin.client.baseUrl));
    expect(await watchClose(live).within(2500)).toBe(SESSION_ENDED_CLOSE);
    expect((await admin.client.json('GET', '/api/admin/stats')).status).toBe(403);
  });
});
