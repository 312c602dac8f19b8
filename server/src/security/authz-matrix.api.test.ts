import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { dateVerifications, moderationCases, photos, profiles, reviews, selfieSubmissions } from '../db/schema';
import { pngImage } from '../../test/images';
import { factoryAdmin, factoryMember, type SignedInMember } from '../../test/members';
import { serverSuite } from '../../test/suite';
import { testDatabaseKind } from '../../test/test-server';
import type { TestClient } from '../../test/test-client';

/**
 * Every route of the OpenAPI document × five principals (visitor, the owner of the data,
 * another member, a banned member, an administrator). The owner's private data carries unique
 * canary strings; no response to anyone but the owner (and, where the back office needs it,
 * an administrator) may contain one.
 */
const suite = serverSuite();

type Operation = { path: string; method: string; access: string };
type Principal = 'visitor' | 'owner' | 'other' | 'banned' | 'admin';
const ZERO = '00000000-0000-0000-0000-000000000000';
const token = () => `CANARY${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;

/** The owner's private data, each piece with its canary. */
async function plantOwner() {
  const db = suite.server.deps.database.db;
  const canary = {
    email: token().toLowerCase(),
    message: token(),
    report: token(),
    comment: token(),
    selfieKey: token(),
    datePhotoKey: token(),
  };
  const ownerEmail = `${canary.email}@example.com`;
  const owner = await factoryMember(suite.server, suite.passwordHash, {
    email: ownerEmail,
    profile: { name: 'Olive', location: 'Porto' },
  });
  const partner = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Pat' } });
  // Exact coordinates (stored snapped); both the given and the stored values are canaries.
  await owner.client.json('PUT', '/api/profile/location', { latitude: 41.1579438, longitude: -8.6291053 });
  const [stored] = await db
    .select({ lat: profiles.latitude, lng: profiles.longitude })
    .from(profiles)
    .where(eq(profiles.userId, owner.id));
  const coordinates = ['41.1579438', '-8.6291053', String(stored!.lat), String(stored!.lng)];

  await owner.client.upload('/api/profile/photos', await pngImage(), 'me.png', 'image/png');
  const [photo] = await db.select().from(photos).where(eq(photos.userId, owner.id));
  await owner.client.json('POST', '/api/likes', { targetId: partner.id });
  const match = await partner.client.json<{ matchId: string; conversationId: string }>('POST', '/api/likes', {
    targetId: owner.id,
  });
  const { conversationId, matchId } = match.body;
  await owner.client.json('POST', `/api/conversations/${conversationId}/messages`, {
    content: `hello ${canary.message}`,
    clientKey: crypto.randomUUID(),
  });
  await owner.client.json('POST', '/api/reports', {
    subjectId: partner.id,
    reason: 'other',
    details: `details ${canary.report}`,
    conversationId,
    source: 'chat',
    clientKey: crypto.randomUUID(),
  });
  const [report] = await db
    .select({ id: moderationCases.id })
    .from(moderationCases)
    .where(eq(moderationCases.openedBy, owner.id));
  const [selfie] = await db
    .insert(selfieSubmissions)
    .values({
      userId: owner.id,
      challengeId: crypto.randomUUID(),
      pose: 'thumbs_up',
      imageKey: `selfies/${canary.selfieKey}.jpg`,
    })
    .returning({ id: selfieSubmissions.id });
  const [verification] = await db
    .insert(dateVerifications)
    .values({ conversationId, uploadedBy: owner.id, photoKey: `dates/${canary.datePhotoKey}.jpg` })
    .returning({ id: dateVerifications.id });
  await db.insert(reviews).values({
    conversationId,
    reviewerId: partner.id,
    revieweeId: owner.id,
    overall: 5,
    safety: 5,
    respect: 5,
    communication: 5,
    comment: `comment ${canary.comment}`,
    revealedAt: new Date(),
  });

  const secrets = [
    ownerEmail,
    canary.message,
    canary.report,
    canary.comment,
    canary.selfieKey,
    canary.datePhotoKey,
    ...coordinates,
  ];
  // The back office shows an administrator the email, reports with their sealed messages, and
  // rating comments; never coordinates or storage keys.
  const adminMaySee = new Set([ownerEmail, canary.message, canary.report, canary.comment]);
  const ids: Record<string, string> = {
    userId: owner.id,
    conversationId,
    matchId,
    photoId: photo!.id,
    submissionId: selfie!.id,
    verificationId: verification!.id,
    caseId: report!.id,
  };
  return { owner, secrets, adminMaySee, ids };
}

describe(`authorisation matrix on ${testDatabaseKind}`, () => {
  it('gives every principal the status its role allows on every route, and leaks no canary', async () => {
    const { owner, secrets, adminMaySee, ids } = await plantOwner();
    const other = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Otto' } });
    const banned: SignedInMember = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Bart' } });
    await suite.server.deps.database.db.execute(sql`update "user" set banned = true where id = ${banned.id}`);
    const admin = await factoryAdmin(suite.server);
    const outsiders: [Principal, TestClient][] = [
      ['visitor', suite.server.client()],
      ['other', other.client],
      ['banned', banned.client],
    ];
    // Then the administrator (whose routes may change the owner's things on purpose) and last the
    // owner, whose own writes (an unmatch, say) must not change what the others were shown.
    const insiders: [Principal, TestClient][] = [
      ['admin', admin.client],
      ['owner', owner.client],
    ];

    const doc = (
      await suite.server
        .client()
        .json<{ paths: Record<string, Record<string, { 'x-access'?: string }>> }>('GET', '/api/openapi.json')
    ).body;
    const operations: Operation[] = Object.entries(doc.paths)
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => ({
          path,
          method: method.toUpperCase(),
          access: op['x-access'] ?? '',
        })),
      )
      // better-auth's account routes (x-access auth) have a matrix of their own: auth-surface.api.test.ts.
      .filter(
        (op) =>
          op.access !== 'control' &&
          op.access !== 'dev' &&
          op.access !== 'auth' &&
          !op.path.startsWith('/api/account/delete'),
      );
    const url = (template: string) => template.replace(/\{([^}]+)\}/g, (_m, name: string) => ids[name] ?? ZERO);

    const failures: string[] = [];
    let cells = 0;
    const run = async (principals: [Principal, TestClient][]) => {
      for (const [principal, client] of principals) {
        for (const op of operations) {
          cells++;
          const response = await client.request(op.method, url(op.path), op.method === 'GET' ? undefined : {});
          const body = await response.text();
          const where = `${op.method} ${op.path} as ${principal}: ${response.status}`;
          if (response.status >= 500) failures.push(`${where} (suite.server error)`);
          const expected = expectedStatus(op.access, principal);
          if (expected && response.status !== expected) failures.push(`${where}, expected ${expected}`);
          if (principal !== 'owner') {
            const allowed = principal === 'admin' ? adminMaySee : new Set<string>();
            for (const secret of secrets)
              if (!allowed.has(secret) && body.includes(secret)) failures.push(`${where} leaked ${secret}`);
          }
        }
      }
    };

    await run(outsiders);
    // No outsider could change the owner's things.
    const db = suite.server.deps.database.db;
    expect(await db.select().from(photos).where(eq(photos.userId, owner.id))).toHaveLength(1);
    const [{ n }] = (
      await db.execute<{ n: number }>(sql`select count(*)::int as n from messages where sender_id = ${owner.id}`)
    ).rows as [{ n: number }];
    expect(n).toBe(1);
    await run(insiders);

    expect(failures).toEqual([]);
    expect(operations.length).toBeGreaterThan(70);
    expect(cells).toBe(operations.length * 5);
    console.info(
      `authorisation matrix: ${operations.length} routes × 5 principals = ${cells} requests, ${failures.length} failures`,
    );
  });
});

/** What the guard must answer before any rule of the route itself; null where the route decides. */
function expectedStatus(access: string, principal: Principal): number | null {
  if (access === 'public') return null;
  if (principal === 'visitor') return 401;
  if (principal === 'banned') return 403;
  if (access === 'admin' && principal !== 'admin') return 403;
  return null;
}
