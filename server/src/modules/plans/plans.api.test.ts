import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { TPendingPayment } from '../../../../contracts/admin';
import type { TDiscoverPage } from '../../../../contracts/discovery';
import type { TMessage } from '../../../../contracts/messages-api';
import type { TBoostStatus, TLikesReceived, TUpgradeResponse } from '../../../../contracts/plans';
import { boosts, systemLogs } from '../../db/schema';
import { factoryAdmin, factoryMember } from '../../../test/members';
import { openSocket } from '../../../test/sockets';
import { serverSuite } from '../../../test/suite';
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
type ErrorBody = { error: { code: string; message: string } };
type Me = { subscription: { isActive: boolean; tier: string; expiresAt: string | null } };

describe(`Go Premium and its confirmation on ${testDatabaseKind}`, () => {
  it('logs the attempt, sends the member to the payment page, and Premium starts when an admin confirms', async () => {
    const member = await freeMember({ name: 'Payer' });
    const upgrade = await member.client.json<TUpgradeResponse>('POST', '/api/plans/upgrade');
    expect(upgrade.status).toBe(200);
    const url = new URL(upgrade.body.paymentUrl);
    expect(url.origin + url.pathname).toBe('https://pay.example/vouch');
    expect(url.searchParams.get('txn')).toBe('pay');
    expect(url.searchParams.get('amount')).toBe('10.99');
    expect(url.searchParams.get('note')).toContain(upgrade.body.reference);
    expect(url.searchParams.get('return_url')).toBe(`${suite.server.url}/subscription-success`);
    const [logged] = await db()
      .select()
      .from(systemLogs)
      .where(and(eq(systemLogs.eventType, 'premium_upgrade_attempt'), eq(systemLogs.userId, member.id)));
    expect(logged!.metadata).toMatchObject({ amount: 10.99, method: 'venmo' });

    // Nothing changes before an admin has seen the money.
    expect((await member.client.json<Me>('GET', '/api/me')).body.subscription).toMatchObject({
      tier: 'free',
      isActive: false,
    });
    const boss = await factoryAdmin(suite.server);
    const pending = await boss.client.json<{ pending: TPendingPayment[] }>('GET', '/api/admin/subscriptions/pending');
    const mine = pending.body.pending.find((p) => p.userId === member.id);
    expect(mine).toMatchObject({ name: 'Payer', reference: upgrade.body.reference, amount: 10.99 });
    expect((await member.client.json('GET', '/api/admin/subscriptions/pending')).status).toBe(403);

    const activated = await boss.client.json<{ tier: string; active: boolean; expiresAt: string }>(
      'POST',
      '/api/admin/subscriptions/activate',
      { userId: member.id },
    );
    expect(activated.status).toBe(200);
    expect(activated.body).toMatchObject({ tier: 'premium', active: true });
    const days = (new Date(activated.body.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect((await member.client.json<Me>('GET', '/api/me')).body.subscription).toMatchObject({
      tier: 'premium',
      isActive: true,
    });
    // The member is told at once, with the date it runs until.
    const { body: inbox } = await member.client.json<{
      notifications: { type: string; title: string; message: string }[];
    }>('GET', '/api/notifications');
    const told = inbox.notifications.find((n) => n.type === 'premium');
    expect(told?.title).toBe('Premium is on');
    expect(told?.message).toContain(new Date(activated.body.expiresAt).getUTCFullYear().toString());
    const after = await boss.client.json<{ pending: TPendingPayment[] }>('GET', '/api/admin/subscriptions/pending');
    expect(after.body.pending.some((p) => p.userId === member.id)).toBe(false);

    // Expiry is enforced the moment it passes.
    await db().execute(
      sql`update subscriptions set expires_at = now() - interval '1 second' where user_id = ${member.id}`,
    );
    expect((await member.client.json<Me>('GET', '/api/me')).body.subscription).toMatchObject({
      tier: 'free',
      isActive: false,
    });
    expect((await member.client.json<{ tier: string }>('GET', '/api/likes/status')).body.tier).toBe('free');
  });

  it('refuses the upgrade call to visitors', async () => {
    expect((await suite.server.client().json('POST', '/api/plans/upgrade')).status).toBe(401);
  });
});

describe(`Premium features, enforced by the suite.server, on ${testDatabaseKind}`, () => {
  it('keeps advanced filters, super likes and boosts from the free plan, and leaves safety filters free', async () => {
    const free = await freeMember();
    for (const query of ['minRating=4', 'verifiedDates=true', 'recentlyActive=true', 'mode=nearby&radiusKm=100']) {
      const response = await free.client.json<ErrorBody>('GET', `/api/discover?${query}`);
      expect(response.status, query).toBe(403);
      expect(response.body.error.code).toBe('PREMIUM_REQUIRED');
    }
    expect((await free.client.json('GET', '/api/discover?verifiedOnly=true')).status).toBe(200);
    const target = await trialMember();
    const superLike = await free.client.json<ErrorBody>('POST', '/api/likes', { targetId: target.id, superLike: true });
    expect(superLike.status).toBe(403);
    expect(superLike.body.error.code).toBe('PREMIUM_REQUIRED');
    expect((await free.client.json<ErrorBody>('POST', '/api/boost')).body.error.code).toBe('PREMIUM_REQUIRED');
    expect(await db().select().from(boosts).where(eq(boosts.userId, free.id))).toHaveLength(0);
  });

  it('applies the advanced filters for Premium members', async () => {
    const zone = `zone-${crypto.randomUUID().slice(0, 6)}`;
    const viewer = await trialMember();
    const rated = await trialMember({ location: zone, avgRating: 4.6, reviewCount: 3 });
    const low = await trialMember({ location: zone, avgRating: 2.5, reviewCount: 2 });
    const unrated = await trialMember({ location: zone });
    // Any signed-in request stamps activity (off the request path, so wait for it).
    for (const m of [rated, low, unrated]) await m.client.json('GET', '/api/likes/status');
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
    const ids = async (query: string) =>
      (await viewer.client.json<TDiscoverPage>('GET', `/api/discover?location=${zone}&${query}`)).body.profiles
        .map((p) => p.userId)
        .sort();
    expect(await ids('minRating=4')).toEqual([rated.id]);
    expect(await ids('verifiedDates=true')).toEqual([rated.id, low.id].sort());
    // The one last seen a month ago is not recently active.
    expect(await ids('recentlyActive=true')).toEqual([rated.id, unrated.id].sort());
  });

  it('shows free members a count of who liked them, and Premium members the list with super likes first and highlighted', async () => {
    const free = await freeMember();
    const plain = await trialMember({ name: 'Plain' });
    const eager = await trialMember({ name: 'Eager' });
    await plain.client.json('POST', '/api/likes', { targetId: free.id });
    expect((await eager.client.json('POST', '/api/likes', { targetId: free.id, superLike: true })).status).toBe(200);
    const blurred = await free.client.json<TLikesReceived>('GET', '/api/likes/received');
    expect(blurred.body).toEqual({ count: 2, likes: null });

    const premium = await trialMember();
    await plain.client.json('POST', '/api/likes', { targetId: premium.id });
    await eager.client.json('POST', '/api/likes', { targetId: premium.id, superLike: true });
    const list = await premium.client.json<TLikesReceived>('GET', '/api/likes/received');
    expect(list.body.count).toBe(2);
    expect(list.body.likes!.map((l) => [l.profile.name, l.superLike, l.profile.superLikedYou])).toEqual([
      ['Eager', true, true],
      ['Plain', false, false],
    ]);
    // Once answered (a like back makes a match), they leave the list.
    await premium.client.json('POST', '/api/likes', { targetId: plain.id });
    expect((await premium.client.json<TLikesReceived>('GET', '/api/likes/received')).body.count).toBe(1);
  });

  it('boosts a Premium member to the top of discovery for 30 minutes, once a day', async () => {
    const zone = `boost-${crypto.randomUUID().slice(0, 6)}`;
    const viewer = await trialMember();
    const star = await trialMember({ location: zone, avgRating: 5, reviewCount: 9, selfieVerified: true });
    const quiet = await trialMember({ location: zone });
    const order = async () =>
      (await viewer.client.json<TDiscoverPage>('GET', `/api/discover?location=${zone}`)).body.profiles.map((p) => [
        p.userId,
        p.boosted,
      ]);
    expect(await order()).toEqual([
      [star.id, false],
      [quiet.id, false],
    ]);
    const started = await quiet.client.json<TBoostStatus>('POST', '/api/boost');
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ active: true, availableToday: false });
    const minutes = (new Date(started.body.endsAt!).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(await order()).toEqual([
      [quiet.id, true],
      [star.id, false],
    ]);
    // A retry while it runs is harmless; once it is over, today's boost is spent.
    expect((await quiet.client.json('POST', '/api/boost')).status).toBe(200);
    await db().execute(
      sql`update profiles set boosted_until = now() - interval '1 second' where user_id = ${quiet.id}`,
    );
    await db().execute(sql`update boosts set ends_at = now() - interval '1 second' where user_id = ${quiet.id}`);
    expect(await order()).toEqual([
      [star.id, false],
      [quiet.id, false],
    ]);
    const again = await quiet.client.json<ErrorBody>('POST', '/api/boost');
    expect(again.status).toBe(429);
  });

  it('shows read receipts to a Premium sender only, and tells only them over the socket', async () => {
    const premium = await trialMember();
    const free = await freeMember();
    await premium.client.json('POST', '/api/likes', { targetId: free.id });
    const match = await free.client.json<{ conversationId: string }>('POST', '/api/likes', { targetId: premium.id });
    const conversationId = match.body.conversationId;
    const send = (from: typeof premium, content: string) =>
      from.client.json<TMessage>('POST', `/api/conversations/${conversationId}/messages`, {
        content,
        clientKey: crypto.randomUUID(),
      });

    const fromPremium = await send(premium, 'Hi from premium');
    expect(fromPremium.body.seen).toBe(false);
    const fromFree = await send(free, 'Hi from free');
    expect(fromFree.body.seen).toBeNull();

    const premiumSocket = await openSocket(premium.client);
    const freeSocket = await openSocket(free.client);
    await free.client.json('POST', `/api/conversations/${conversationId}/read`);
    await premiumSocket.next((e) => e.type === 'read' && e.readerId === free.id);
    await premium.client.json('POST', `/api/conversations/${conversationId}/read`);
    const seenByPremium = (
      await premium.client.json<{ messages: TMessage[] }>('GET', `/api/conversations/${conversationId}/messages`)
    ).body.messages;
    expect(seenByPremium.find((m) => m.senderId === premium.id)!.seen).toBe(true);
    const seenByFree = (
      await free.client.json<{ messages: TMessage[] }>('GET', `/api/conversations/${conversationId}/messages`)
    ).body.messages;
    expect(seenByFree.every((m) => m.seen === null)).toBe(true);
    // Give any stray event time to arrive: the free sender must not hear that they were read.
    await new Promise((resolve) => setTimeout(resolve, 300));
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
