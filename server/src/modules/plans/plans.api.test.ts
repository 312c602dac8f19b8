import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { TDiscoverQuery } from '../../../../contracts/discovery';
import type { TErrorBody } from '../../../../contracts/errors';
import { boosts, systemLogs } from '../../db/schema';
import { factoryAdmin, factoryMember } from '../../../test/members';
import { openSocket } from '../../../test/sockets';
import { serverSuite } from '../../../test/suite';
import { ok, type TestClient } from '../../../test/test-client';
import { testDatabaseKind } from '../../../test/test-server';
import { type MemberInput } from '../seed/factories';

const suite = serverSuite({ PAYMENT_URL: 'https://pay.example/vouch' });

const db = () => suite.server.deps.database.db;
const TRIAL_OVER = new Date(Date.now() - 40 * 86_400_000);
/** Every new account has the 30-day trial (Premium); a free member's account is older. */
type Profile = NonNullable<MemberInput['profile']>;
const freeMember = (profile: Profile = {}) =>
  factoryMember(suite.server, suite.passwordHash, { createdAt: TRIAL_OVER, profile });
const trialMember = (profile: Profile = {}) => factoryMember(suite.server, suite.passwordHash, { profile });
const errorOf = async (response: { json(): Promise<unknown> }) => ((await response.json()) as TErrorBody).error;
const like = (client: TestClient, targetId: string, superLike?: boolean) =>
  client.api.likes.$post({ json: { targetId, superLike } });

describe(`Go Premium and its confirmation on ${testDatabaseKind}`, () => {
  it('logs the attempt, sends the member to the payment page, and Premium starts when an admin confirms', async () => {
    const member = await freeMember({ name: 'Payer' });
    const upgrade = await ok(member.client.api.plans.upgrade.$post());
    const url = new URL(upgrade.paymentUrl);
    expect(url.origin + url.pathname).toBe('https://pay.example/vouch');
    expect(url.searchParams.get('txn')).toBe('pay');
    expect(url.searchParams.get('amount')).toBe('10.99');
    expect(url.searchParams.get('note')).toContain(upgrade.reference);
    expect(url.searchParams.get('return_url')).toBe(`${suite.server.url}/subscription-success`);
    const [logged] = await db()
      .select()
      .from(systemLogs)
      .where(and(eq(systemLogs.eventType, 'premium_upgrade_attempt'), eq(systemLogs.userId, member.id)));
    expect(logged!.metadata).toMatchObject({ amount: 10.99, method: 'venmo' });

    // Nothing changes before an admin has seen the money.
    expect((await ok(member.client.api.me.$get())).subscription).toMatchObject({
      tier: 'free',
      isActive: false,
    });
    const boss = await factoryAdmin(suite.server);
    const pending = await ok(boss.client.api.admin.subscriptions.pending.$get());
    const mine = pending.pending.find((p) => p.userId === member.id);
    expect(mine).toMatchObject({ name: 'Payer', reference: upgrade.reference, amount: 10.99 });
    expect((await member.client.api.admin.subscriptions.pending.$get()).status).toBe(403);

    const activated = await ok(boss.client.api.admin.subscriptions.activate.$post({ json: { userId: member.id } }));
    expect(activated).toMatchObject({ tier: 'premium', active: true });
    const days = (new Date(activated.expiresAt!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect((await ok(member.client.api.me.$get())).subscription).toMatchObject({
      tier: 'premium',
      isActive: true,
    });
    // The member is told at once, with the date it runs until.
    const inbox = await ok(member.client.api.notifications.$get());
    const told = inbox.notifications.find((n) => n.type === 'premium');
    expect(told?.title).toBe('Premium is on');
    expect(told?.message).toContain(new Date(activated.expiresAt!).getUTCFullYear().toString());
    const after = await ok(boss.client.api.admin.subscriptions.pending.$get());
    expect(after.pending.some((p) => p.userId === member.id)).toBe(false);

    // Expiry is enforced the moment it passes.
    await db().execute(
      sql`update subscriptions set expires_at = now() - interval '1 second' where user_id = ${member.id}`,
    );
    expect((await ok(member.client.api.me.$get())).subscription).toMatchObject({
      tier: 'free',
      isActive: false,
    });
    expect((await ok(member.client.api.likes.status.$get())).tier).toBe('free');
  });

  it('refuses the upgrade call to visitors', async () => {
    expect((await suite.server.client().api.plans.upgrade.$post()).status).toBe(401);
  });
});

describe(`Premium features, enforced by the suite.server, on ${testDatabaseKind}`, () => {
  it('keeps advanced filters, super likes and boosts from the free plan, and leaves safety filters free', async () => {
    const free = await freeMember();
    const premiumOnly: TDiscoverQuery[] = [
      { minRating: '4' },
      { verifiedDates: 'true' },
      { recentlyActive: 'true' },
      { mode: 'nearby', radiusKm: '100' },
    ];
    for (const query of premiumOnly) {
      const response = await free.client.api.discover.$get({ query });
      expect(response.status, JSON.stringify(query)).toBe(403);
      expect((await errorOf(response)).code).toBe('PREMIUM_REQUIRED');
    }
    expect((await free.client.api.discover.$get({ query: { verifiedOnly: 'true' } })).status).toBe(200);
    const target = await trialMember();
    const superLike = await like(free.client, target.id, true);
    expect(superLike.status).toBe(403);
    expect((await errorOf(superLike)).code).toBe('PREMIUM_REQUIRED');
    expect((await errorOf(await free.client.api.boost.$post())).code).toBe('PREMIUM_REQUIRED');
    expect(await db().select().from(boosts).where(eq(boosts.userId, free.id))).toHaveLength(0);
  });

  it('applies the advanced filters for Premium members', async () => {
    const zone = `zone-${crypto.randomUUID().slice(0, 6)}`;
    const viewer = await trialMember();
    const rated = await trialMember({ location: zone, avgRating: 4.6, reviewCount: 3 });
    const low = await trialMember({ location: zone, avgRating: 2.5, reviewCount: 2 });
    const unrated = await trialMember({ location: zone });
    // Any signed-in request stamps activity (off the request path, so wait for it).
    for (const m of [rated, low, unrated]) await ok(m.client.api.likes.status.$get());
    await expect
      .poll(
        async () =>
          (
            await db().execute<{ n: number }>(
              sql`select count(*)::int as n from profiles where user_id in (${rated.id}, ${low.id}, ${unrated.id}) and last_active_at is not null`,
            )
          ).rows[0]!.n,
      )
      .toBe(3);
    await db().execute(sql`update profiles set last_active_at = now() - interval '30 days' where user_id = ${low.id}`);
    const ids = async (query: TDiscoverQuery) =>
      (await ok(viewer.client.api.discover.$get({ query: { location: zone, ...query } }))).profiles
        .map((p) => p.userId)
        .sort();
    expect(await ids({ minRating: '4' })).toEqual([rated.id]);
    expect(await ids({ verifiedDates: 'true' })).toEqual([rated.id, low.id].sort());
    // The one last seen a month ago is not recently active.
    expect(await ids({ recentlyActive: 'true' })).toEqual([rated.id, unrated.id].sort());
  });

  it('shows free members a count of who liked them, and Premium members the list with super likes first and highlighted', async () => {
    const free = await freeMember();
    const plain = await trialMember({ name: 'Plain' });
    const eager = await trialMember({ name: 'Eager' });
    await ok(like(plain.client, free.id));
    expect((await like(eager.client, free.id, true)).status).toBe(200);
    const blurred = await ok(free.client.api.likes.received.$get());
    expect(blurred).toEqual({ count: 2, likes: null });

    const premium = await trialMember();
    await ok(like(plain.client, premium.id));
    await ok(like(eager.client, premium.id, true));
    const list = await ok(premium.client.api.likes.received.$get());
    expect(list.count).toBe(2);
    expect(list.likes!.map((l) => [l.profile.name, l.superLike, l.profile.superLikedYou])).toEqual([
      ['Eager', true, true],
      ['Plain', false, false],
    ]);
    // Once answered (a like back makes a match), they leave the list.
    await ok(like(premium.client, plain.id));
    expect((await ok(premium.client.api.likes.received.$get())).count).toBe(1);
  });

  it('boosts a Premium member to the top of discovery for 30 minutes, once a day', async () => {
    const zone = `boost-${crypto.randomUUID().slice(0, 6)}`;
    const viewer = await trialMember();
    const star = await trialMember({ location: zone, avgRating: 5, reviewCount: 9, selfieVerified: true });
    const quiet = await trialMember({ location: zone });
    const order = async () =>
      (await ok(viewer.client.api.discover.$get({ query: { location: zone } }))).profiles.map((p) => [
        p.userId,
        p.boosted,
      ]);
    expect(await order()).toEqual([
      [star.id, false],
      [quiet.id, false],
    ]);
    const started = await ok(quiet.client.api.boost.$post());
    expect(started).toMatchObject({ active: true, availableToday: false });
    const minutes = (new Date(started.endsAt!).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(await order()).toEqual([
      [quiet.id, true],
      [star.id, false],
    ]);
    // A retry while it runs is harmless; once it is over, today's boost is spent.
    expect((await quiet.client.api.boost.$post()).status).toBe(200);
    await db().execute(
      sql`update profiles set boosted_until = now() - interval '1 second' where user_id = ${quiet.id}`,
    );
    await db().execute(sql`update boosts set ends_at = now() - interval '1 second' where user_id = ${quiet.id}`);
    expect(await order()).toEqual([
      [star.id, false],
      [quiet.id, false],
    ]);
    const again = await quiet.client.api.boost.$post();
    expect(again.status).toBe(429);
  });

  it('shows read receipts to a Premium sender only, and tells only them over the socket', async () => {
    const premium = await trialMember();
    const free = await freeMember();
    await ok(like(premium.client, free.id));
    const match = await ok(like(free.client, premium.id));
    const conversationId = match.conversationId!;
    const conversation = (from: typeof premium) => from.client.api.conversations[':conversationId'];
    const send = (from: typeof premium, content: string) =>
      ok(
        conversation(from).messages.$post({
          param: { conversationId },
          json: { content, clientKey: crypto.randomUUID() },
        }),
      );
    const messagesSeenBy = async (viewer: typeof premium) =>
      (await ok(conversation(viewer).messages.$get({ param: { conversationId }, query: {} }))).messages;

    const fromPremium = await send(premium, 'Hi from premium');
    expect(fromPremium.seen).toBe(false);
    const fromFree = await send(free, 'Hi from free');
    expect(fromFree.seen).toBeNull();

    const premiumSocket = await openSocket(premium.client);
    const freeSocket = await openSocket(free.client);
    await ok(conversation(free).read.$post({ param: { conversationId } }));
    await premiumSocket.next((e) => e.type === 'read' && e.readerId === free.id);
    await ok(conversation(premium).read.$post({ param: { conversationId } }));
    const seenByPremium = await messagesSeenBy(premium);
    expect(seenByPremium.find((m) => m.senderId === premium.id)!.seen).toBe(true);
    const seenByFree = await messagesSeenBy(free);
    expect(seenByFree.every((m) => m.seen === null)).toBe(true);
    // The free sender must not hear that they were read: a message sent after the read reaches
    // their socket, and events arrive in order, so a read event would have come before it.
    const after = await send(premium, 'After reading');
    await freeSocket.next((e) => e.type === 'message' && e.messageId === after.id);
    expect(
      freeSocket.events.some(
        (e) =>
          (e as { type: string; readerId?: string }).type === 'read' &&
          (e as { readerId: string }).readerId === premium.id,
      ),
    ).toBe(false);
    premiumSocket.socket.close();
    freeSocket.socket.close();
  });
});
