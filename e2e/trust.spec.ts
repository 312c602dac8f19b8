import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import sharp from 'sharp';
import { seedWithCli, toast } from './helpers';

const picture = (color: string) =>
  sharp({ create: { width: 480, height: 360, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

/** A selfie sent through the page: a fresh pose, then a photo chosen from disk. */
async function sendSelfie(page: Page, dismissMatch = false) {
  await page.goto('/settings');
  // The first liker is shown 'It's a match!' once, on whichever page comes next.
  if (dismissMatch) await page.getByRole('button', { name: 'Keep browsing' }).click();
  await page.getByRole('button', { name: 'Verify with a selfie' }).click();
  await expect(page.getByTestId('selfie-pose')).not.toBeEmpty();
  await page
    .getByLabel('Photo file')
    .setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: await picture('#d88') });
  await expect(page.getByText('Your selfie is waiting for review.')).toBeVisible();
}

async function rateDate(
  page: Page,
  conversationId: string,
  stars: { overall: number; safety: number },
  comment: string,
) {
  await page.goto(`/date-history?conversation=${conversationId}`);
  await expect(page.getByRole('heading', { name: 'Rate Your Date Experience' })).toBeVisible();
  const form = page.getByRole('form', { name: /Rate your date/ });
  await form.getByRole('button', { name: 'Submit rating' }).click();
  await toast(page, 'Rating required');
  for (const [group, value] of [
    ['Overall experience', stars.overall],
    ['Safety', stars.safety],
    ['Respect', 5],
    ['Communication', 4],
  ] as const) {
    await form
      .getByRole('group', { name: group })
      .getByLabel(new RegExp(`^${value} stars?:`))
      .check({ force: true });
  }
  await form.getByLabel(/Safe for family/).check();
  await form.getByLabel(/I would date them again/).check();
  await form.getByLabel('Private comment').fill(comment);
  await form.getByRole('button', { name: 'Submit rating' }).click();
  await toast(page, 'Rating submitted');
}

test.describe('[TRUST]', () => {
  test('two members go from match to reputation: selfies, a planned date, a co-signed photo and double-blind ratings', async ({
    newMatch,
    newAdmin,
    headers,
  }) => {
    test.setTimeout(120_000);
    const { first: ana, second: bea, conversationId } = await newMatch(['Ana', 'Bea']);
    const admin = await newAdmin();

    // Selfies: sent from the pages, approved through the admin API.
    await sendSelfie(ana.page, true);
    await sendSelfie(bea.page);
    const { selfies } = (await (await admin.request.get('/api/admin/selfies')).json()) as {
      selfies: { id: string; userId: string }[];
    };
    for (const member of [ana, bea]) {
      const selfie = selfies.find((s) => s.userId === member.id)!;
      expect((await admin.request.post(`/api/admin/selfies/${selfie.id}/approve`, { headers })).ok()).toBe(true);
    }
    await ana.page.reload();
    await expect(ana.page.getByText('You are verified.')).toBeVisible();

    // The calendar: Ana proposes, Bea accepts.
    await ana.page.goto('/calendar');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await ana.page.getByLabel('With').selectOption({ label: 'Bea' });
    await ana.page.getByLabel('Day').fill(tomorrow);
    await ana.page.getByLabel('Time').fill('19:30');
    await ana.page.getByLabel('Place').fill('Blue Bottle Cafe');
    await ana.page.getByRole('button', { name: 'Propose date' }).click();
    await toast(ana.page, 'Date proposed');
    await expect(
      ana.page.getByRole('region', { name: 'Date with Bea' }).or(ana.page.getByLabel('Date with Bea')),
    ).toContainText('Waiting for reply');
    await bea.page.goto('/calendar');
    const invitation = bea.page.getByLabel('Date with Ana');
    await expect(invitation).toContainText('Blue Bottle Cafe');
    await invitation.getByRole('button', { name: 'Accept' }).click();
    await expect(invitation).toContainText('Accepted');

    // The date photo: Ana uploads it from the chat, Bea confirms it.
    await ana.page.goto(`/messages?conversation=${conversationId}`);
    await ana.page.getByRole('button', { name: 'Verify Date' }).click();
    await ana.page
      .getByRole('dialog', { name: 'Verify your date' })
      .getByLabel('Photo file')
      .setInputFiles({ name: 'us.jpg', mimeType: 'image/jpeg', buffer: await picture('#68a') });
    await expect(ana.page.getByText('Waiting for Bea to confirm your date photo.', { exact: true })).toBeVisible();
    await bea.page.goto(`/messages?conversation=${conversationId}`);
    const confirm = bea.page.getByRole('group', { name: 'Confirm your date' });
    await expect(confirm.getByRole('img', { name: 'Photo of your date' })).toBeVisible();
    await confirm.getByRole('button', { name: 'Yes, we met' }).click();
    await toast(bea.page, 'Date verified');
    await expect(
      ana.page
        .getByRole('region', { name: 'Ratings' })
        .or(ana.page.getByLabel('Ratings'))
        .getByText('Ratings unlocked'),
    ).toBeVisible(); // live on Ana's side

    // Double-blind ratings: Bea sees nothing of Ana's rating until she has rated too.
    await rateDate(ana.page, conversationId, { overall: 5, safety: 5 }, 'Kind and funny');
    await expect(ana.page.getByText(/Hidden until Bea rates too/)).toBeVisible();
    await bea.page.goto(`/date-history?conversation=${conversationId}`);
    await expect(bea.page.getByText('Kind and funny')).toHaveCount(0);
    await rateDate(bea.page, conversationId, { overall: 4, safety: 5 }, 'Great conversation');
    await expect(bea.page.getByText("Ana's rating of you")).toBeVisible();
    await expect(bea.page.getByText('Kind and funny')).toBeVisible();
    await ana.page.reload();
    await expect(ana.page.getByText('Great conversation')).toBeVisible();

    // Each profile shows the new stars, count and badges.
    await bea.page.goto('/dashboard?tab=profile');
    const reputation = bea.page.getByLabel('Reputation');
    await expect(reputation).toContainText('5.0');
    await expect(reputation).toContainText('1 rated date');
    await expect(reputation.getByLabel('Safe for Family: earned')).toBeVisible();
    await ana.page.goto('/dashboard?tab=profile');
    await expect(ana.page.getByLabel('Reputation')).toContainText('4.0');
  });
});

test('[CALENDAR] Rate Date only on dates that happened and were verified; no gap under Upcoming', async ({
  newPage,
  newMatch,
  headers,
}) => {
  seedWithCli(0); // the demo account and its four matches
  const signedIn = async (email: string) => {
    const page = await newPage();
    expect(
      (
        await page.request.post('/api/auth/sign-in/email', { headers, data: { email, password: 'VouchDemo2026' } })
      ).ok(),
    ).toBe(true);
    return page;
  };
  const demo = await signedIn('demo@vouch.local');
  const sofia = await signedIn('seed-story-to-rate@vouch.local');
  const { matches } = (await (await demo.request.get('/api/matches')).json()) as {
    matches: { conversationId: string; profile: { name: string }; announced: boolean; matchId: string }[];
  };
  for (const m of matches) await demo.request.post(`/api/matches/${m.matchId}/seen`, { headers, data: {} });
  const withSofia = matches.find((m) => m.profile.name === 'Sofia')!.conversationId;

  // Two more plans with Sofia, whose date is verified: one accepted for next week, one declined.
  const propose = async (days: number, place: string) => {
    const startsAt = new Date(Date.now() + days * 86_400_000).toISOString();
    const { id } = (await (
      await demo.request.post('/api/date-plans', { headers, data: { conversationId: withSofia, startsAt, place } })
    ).json()) as { id: string };
    return id;
  };
  const accepted = await propose(7, `Botanic Garden ${Date.now()}`);
  const declined = await propose(8, `Night market ${Date.now()}`);
  expect(
    (await sofia.request.post(`/api/date-plans/${accepted}/answer`, { headers, data: { action: 'accept' } })).ok(),
  ).toBe(true);
  expect(
    (await sofia.request.post(`/api/date-plans/${declined}/answer`, { headers, data: { action: 'decline' } })).ok(),
  ).toBe(true);

  await demo.goto('/calendar');
  const card = (place: RegExp) => demo.locator('[aria-label^="Date with"]').filter({ hasText: place });
  await expect(card(/Botanic Garden/)).toBeVisible();
  await expect(card(/Botanic Garden/).getByRole('link', { name: /Rate Date|See ratings/ })).toHaveCount(0);
  await expect(card(/Night market/).getByRole('link', { name: /Rate Date|See ratings/ })).toHaveCount(0);
  await expect(card(/Starved Rock/).getByRole('link', { name: 'Rate Date' })).toBeVisible();
  await expect(card(/Music Box/).getByRole('link', { name: 'See ratings' })).toBeVisible();

  // Few plans beside the taller form: the Past heading still follows the upcoming card closely.
  const { first: ana, second: bea, conversationId } = await newMatch(['Ana', 'Bea']);
  const plan = async (days: number) =>
    (
      (await (
        await ana.page.request.post('/api/date-plans', {
          headers,
          data: {
            conversationId,
            startsAt: new Date(Date.now() + days * 86_400_000).toISOString(),
            place: 'Cafe Lura',
          },
        })
      ).json()) as { id: string }
    ).id;
  await plan(3);
  await bea.page.request.post(`/api/date-plans/${await plan(4)}/answer`, { headers, data: { action: 'decline' } });
  await ana.page.setViewportSize({ width: 1280, height: 800 });
  await ana.page.goto('/calendar');
  await ana.page.getByRole('button', { name: 'Keep browsing' }).click();
  const upcoming = ana.page.getByRole('region', { name: 'Upcoming' }).locator('[aria-label^="Date with"]');
  await expect(upcoming).toHaveCount(1);
  // Nothing stretches: the heading, its card (as tall as its content) and the Past heading stack closely.
  const heading = (await ana.page.getByRole('heading', { name: 'Upcoming' }).boundingBox())!;
  const box = (await upcoming.boundingBox())!;
  const pastHeading = (await ana.page.getByRole('heading', { name: 'Past' }).boundingBox())!;
  expect(heading.height, 'the Upcoming heading, one line tall').toBeLessThan(40);
  expect(box.y - (heading.y + heading.height)).toBeLessThan(24);
  // Its one action (withdrawing the proposal) is its only row below the details.
  await expect(upcoming.getByRole('button')).toHaveText(['Cancel date']);
  expect(box.height, 'a card with one row of actions has no empty row').toBeLessThan(160);
  expect(pastHeading.y - (box.y + box.height)).toBeLessThan(40);
});
