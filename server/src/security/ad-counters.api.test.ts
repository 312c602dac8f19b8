import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pngImage } from '../../test/images';
import { requestFrom } from '../../test/from-address';
import { factoryAdmin, factoryMember } from '../../test/members';
import { serverSuite } from '../../test/suite';
import { testDatabaseKind } from '../../test/test-server';

/** Advertisers pay by what the counters say: a script must not be able to raise them cheaply. */
const suite = serverSuite();

async function campaign() {
  const admin = await factoryAdmin(suite.server);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await pngImage(300, 200))], { type: 'image/png' }), 'ad.png');
  for (const [key, value] of Object.entries({
    name: 'Coffee',
    targetUrl: 'https://example.com/coffee',
    placement: 'sidebar',
  }))
    form.append(key, value);
  const created = await admin.client.request('POST', '/api/admin/campaigns', form);
  expect(created.status).toBe(201);
  return { id: ((await created.json()) as { id: string }).id, admin };
}

/** Joined long enough ago that the free trial is over: a member on the free plan. */
const pastTrial = new Date(Date.now() - 90 * 86_400_000);

const counters = async (id: string) => {
  const { rows } = await suite.server.deps.database.db.execute<{ impressions: number; clicks: number }>(
    sql`select impressions, clicks from ads where id = ${id}`,
  );
  return rows[0]!;
};

describe(`ad counters on ${testDatabaseKind}`, () => {
  it('counts one impression and one click per visitor, ad and day, however often a script sends them', async () => {
    const { id, admin } = await campaign();
    const impression = (address: string, cookie?: string) =>
      requestFrom(address, `${suite.server.url}/api/ads/${id}/impression`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: suite.server.url, ...(cookie ? { cookie } : {}) },
        body: '{}',
      });
    // A click as the site's own ad slot sends it: a navigation from our page.
    const click = (address: string, site = 'same-origin') =>
      requestFrom(address, `${suite.server.url}/api/ads/${id}/click`, { headers: { 'sec-fetch-site': site } });

    // Fifty from one address, all at once: one impression.
    const burst = await Promise.all(Array.from({ length: 50 }, () => impression('127.0.7.1')));
    expect(burst.every((answer) => answer.status === 200)).toBe(true);
    expect((await counters(id)).impressions).toBe(1);
    // Five addresses: five.
    for (let i = 2; i <= 6; i++) for (let n = 0; n < 3; n++) await impression(`127.0.7.${i}`);
    expect((await counters(id)).impressions).toBe(6);
    // A signed-in member counts once wherever they are.
    const member = await factoryMember(suite.server, suite.passwordHash, { createdAt: pastTrial });
    for (let i = 10; i < 15; i++) await impression(`127.0.7.${i}`, member.client.cookieHeader());
    expect((await counters(id)).impressions).toBe(7);

    // Clicks go through the redirect and count the same way, once the visitor has seen the ad.
    for (let n = 0; n < 20; n++) {
      const answer = await click('127.0.7.1');
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe('https://example.com/coffee');
    }
    await click('127.0.7.2');
    expect((await counters(id)).clicks).toBe(2);
    // A click from an address that never saw the ad, or from another site (an image or link there,
    // with no cookie), is sent on and counts nothing.
    for (let i = 1; i <= 9; i++) expect((await click(`127.0.8.${i}`)).status).toBe(302);
    for (const site of ['cross-site', 'same-site', 'none']) await click('127.0.7.3', site);
    expect((await counters(id)).clicks).toBe(2);
    // Nothing else counts a click.
    expect((await suite.server.client().request('POST', `/api/ads/${id}/click`, {})).status).toBe(404);

    // A paused ad is not shown: posting its impression anyway counts nothing.
    expect((await admin.client.json('PUT', `/api/admin/campaigns/${id}/active`, { active: false })).status).toBe(200);
    await impression('127.0.7.20');
    expect((await counters(id)).impressions).toBe(7);
    // Nor does a click on it, from a page left open by a visitor who saw it.
    expect((await click('127.0.7.4')).status).toBe(302);
    expect((await counters(id)).clicks).toBe(2);
  });

  it('shows ads to visitors and free members, never to Premium members (the trial included), and counts nothing from them', async () => {
    const { id } = await campaign();
    type Slot = { ads: { id: string }[] };
    const shown = async (client: ReturnType<typeof suite.server.client>) =>
      (await client.json<Slot>('GET', '/api/ads?placement=sidebar')).body.ads.map((ad) => ad.id);
    expect(await shown(suite.server.client())).toContain(id);
    const free = await factoryMember(suite.server, suite.passwordHash, { createdAt: pastTrial });
    expect(await shown(free.client)).toContain(id);
    const trial = await factoryMember(suite.server, suite.passwordHash);
    expect(await shown(trial.client)).toEqual([]);
    expect((await trial.client.json('POST', `/api/ads/${id}/impression`, {})).status).toBe(200);
    expect((await counters(id)).impressions).toBe(0);
    expect((await free.client.json('POST', `/api/ads/${id}/impression`, {})).status).toBe(200);
    expect((await counters(id)).impressions).toBe(1);
  });
});
