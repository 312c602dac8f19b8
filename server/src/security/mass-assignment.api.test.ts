import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { factoryMember } from '../../test/members';
import { PASSWORD, uniqueEmail } from '../../test/accounts';
import { serverSuite } from '../../test/suite';
import { testDatabaseKind } from '../../test/test-server';

const suite = serverSuite();
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

/** Keys a member must never set through a body: ownership, roles, verification, reputation, plan, timestamps. */
const PROTECTED_KEYS = [
  'id',
  'userId',
  'user_id',
  'ownerId',
  'senderId',
  'role',
  'isAdmin',
  'is_admin',
  'admin',
  'banned',
  'emailVerified',
  'email_verified',
  'verified',
  'selfieVerified',
  'selfie_verified',
  'avgRating',
  'avg_rating',
  'reviewCount',
  'score',
  'hidden',
  'boostedUntil',
  'tier',
  'premium',
  'createdAt',
  'created_at',
  'safeForFamilyBadge',
  'dateAgainBadge',
  '__proto__',
  'constructor',
];
const extras = fc.dictionary(
  fc.constantFrom(...PROTECTED_KEYS),
  fc.oneof(fc.constant(true), fc.constant('admin'), fc.constant(5), fc.constant('2000-01-01T00:00:00Z'), fc.string()),
  { minKeys: 1 },
);

/** What the member's own rows say about the protected facts, as one comparable string. */
async function protectedFacts(userId: string): Promise<string> {
  const { rows } = await suite.server.deps.database.db.execute(sql`
    select u.email_verified, u.banned, u.created_at, p.selfie_verified, p.avg_rating, p.review_count, p.score, p.hidden,
           p.boosted_until, p.safe_for_family_badge, p.date_again_badge, p.created_at as profile_created,
           (select count(*) from admin_users a where a.user_id = u.id) as admin_rows,
           (select count(*) from subscriptions s where s.user_id = u.id) as subscriptions
    from "user" u left join profiles p on p.user_id = u.id where u.id = ${userId}`);
  return JSON.stringify(rows);
}

describe(`mass assignment on ${testDatabaseKind}`, () => {
  it(
    'ignores protected fields added to valid writes: roles, verification, reputation, plan and ownership stay as they were',
    { timeout: 300_000 },
    async () => {
      const member = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Mia' } });
      const other = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Noa' } });
      const before = { member: await protectedFacts(member.id), other: await protectedFacts(other.id) };
      const writes: { method: string; path: string; body: Record<string, unknown> }[] = [
        {
          method: 'PUT',
          path: '/api/profile',
          body: { name: 'Mia', age: 30, location: 'Lisbon', bio: 'Hi', interests: ['jazz'] },
        },
        {
          method: 'PUT',
          path: '/api/account/privacy',
          body: { hideProfile: false, verifiedOnlyMessages: false, showDistance: true },
        },
        { method: 'POST', path: '/api/passes', body: { targetId: other.id } },
        { method: 'POST', path: '/api/likes', body: { targetId: other.id } },
      ];
      let requests = 0;
      for (const write of writes) {
        await fc.assert(
          fc.asyncProperty(extras, async (extra) => {
            const response = await member.client.request(write.method, write.path, { ...extra, ...write.body });
            requests++;
            expect(response.status, `${write.method} ${write.path} with ${JSON.stringify(extra)}`).toBeLessThan(300);
          }),
          { numRuns: RUNS },
        );
      }
      // A message, once they match: the sender is the session's member whatever the body says.
      await other.client.json('POST', '/api/likes', { targetId: member.id });
      const { body } = await member.client.json<{ conversations: { id: string }[] }>('GET', '/api/conversations');
      const conversationId = body.conversations[0]!.id;
      await fc.assert(
        fc.asyncProperty(extras, async (extra) => {
          const response = await member.client.request('POST', `/api/conversations/${conversationId}/messages`, {
            ...extra,
            senderId: other.id,
            content: 'hello',
            clientKey: crypto.randomUUID(),
          });
          requests++;
          expect(response.status).toBeLessThan(300);
        }),
        { numRuns: RUNS },
      );
      const forged = await suite.server.deps.database.db.execute(
        sql`select count(*)::int as n from messages where conversation_id = ${conversationId} and sender_id <> ${member.id}`,
      );
      expect(forged.rows[0]).toEqual({ n: 0 });

      // Registration: a new account is never born an admin, verified or banned. Each field is tried
      // alone; better-auth refuses some outright (400), and what it accepts must not take effect.
      for (const [key, value] of [
        ['role', 'admin'],
        ['emailVerified', true],
        ['banned', true],
        ['isAdmin', true],
      ] as const) {
        const email = uniqueEmail('ma');
        const signUp = await suite.server
          .client()
          .request('POST', '/api/auth/sign-up/email', { email, password: PASSWORD, name: 'New', [key]: value });
        requests++;
        expect(signUp.status, `sign-up with ${key}`).toBeLessThan(500);
        const { rows } = await suite.server.deps.database.db.execute<{
          email_verified: boolean;
          banned: boolean | null;
          admins: number;
        }>(
          sql`select email_verified, banned, (select count(*)::int from admin_users a where a.user_id = u.id) as admins from "user" u where email = ${email}`,
        );
        if (signUp.status >= 400) expect(rows).toEqual([]);
        else {
          expect(rows[0]).toMatchObject({ email_verified: false, admins: 0 });
          expect(rows[0]!.banned ?? false).toBe(false);
        }
      }

      expect(await protectedFacts(member.id)).toBe(before.member);
      expect(await protectedFacts(other.id)).toBe(before.other);
      console.log(`mass assignment: ${requests} writes carrying protected fields, 0 taken`);
    },
  );
});
