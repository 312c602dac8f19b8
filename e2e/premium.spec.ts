import { expect, test } from './fixtures';
import { PAYMENT_URL } from './data-dir';
import { seedWithCli, VIEWPORTS } from './helpers';

type Deck = { profiles: { userId: string }[] };

// The e2e server runs without the 30-day trial (TRIAL_DAYS=0): every member here starts free.
test('a free member meets the like limit, goes Premium through the payment page, and an admin activates it', async ({
  baseURL,
  newMember,
  newAdmin,
  headers,
}) => {
  test.setTimeout(120_000); // a seed, three members' sessions and an admin's
  seedWithCli(14);
  const payer = await newMember('Payer');
  const page = payer.page;
  const deck = (await (await page.request.get('/api/discover?limit=20')).json()) as Deck;
  expect(deck.profiles.length).toBeGreaterThanOrEqual(12);
  for (const card of deck.profiles.slice(0, 10)) expect((await payer.like(card.userId)).ok()).toBe(true);

  // The 11th like: refused by the server, and the deck shows the way up.
  expect((await payer.like(deck.profiles[10]!.userId)).status()).toBe(429);
  await page.goto('/dashboard');
  await expect(page.getByText('0 likes left today')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Like / })).toBeDisabled();
  const upgrade = page.getByRole('region', { name: "You have used today's 10 free likes" });
  await expect(upgrade).toBeVisible();

  // Go Premium: the payment page, with the amount, the reference and our return address.
  await page.route(`${PAYMENT_URL}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Pay</title><h1>Payment app</h1>' }),
  );
  await upgrade.getByRole('button', { name: 'Go Premium' }).click();
  await page.waitForURL((url) => url.href.startsWith(PAYMENT_URL));
  const payment = new URL(page.url());
  expect(payment.searchParams.get('txn')).toBe('pay');
  expect(payment.searchParams.get('amount')).toBe('10.99');
  expect(payment.searchParams.get('note')).toMatch(/ref VOUCH-/);
  expect(payment.searchParams.get('return_url')).toBe(`${baseURL}/subscription-success`);
  await page.goto(payment.searchParams.get('return_url')!);
  await expect(page.getByText('Premium starts once your payment is confirmed')).toBeVisible();

  // An admin finds the payment and activates Premium in the Subscriptions tab.
  const admin = await newAdmin();
  await admin.goto('/admin?tab=subscriptions');
  await admin.getByRole('button', { name: 'Activate Premium for Payer' }).click();
  await expect(admin.getByText('Premium activated')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Activate Premium for Payer' })).toHaveCount(0);

  // Premium: likes flow again, and the member sees who liked them.
  const admirer = await newMember('Admirer');
  await admirer.like(payer.id);
  await page.goto('/dashboard');
  await expect(page.getByText('Unlimited likes')).toBeVisible();
  expect((await payer.like(deck.profiles[11]!.userId)).ok()).toBe(true);
  await page.getByRole('tab', { name: 'Matches' }).click();
  const likedYou = page.getByRole('region', { name: /Liked you/ });
  await likedYou.getByRole('button', { name: 'Like Admirer' }).click();
  await page.getByRole('link', { name: 'Send a message' }).click();

  // Read receipts: the message says Delivered, then Seen once Admirer has read it.
  await page.getByLabel('Message', { exact: true }).fill('Hello! Thanks for the like.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('read-receipt')).toHaveText('Delivered');
  const conversationId = new URL(page.url()).searchParams.get('conversation')!;
  await admirer.page.request.post(`/api/conversations/${conversationId}/read`, { headers });
  await expect(page.getByTestId('read-receipt')).toHaveText('Seen');
});

test('a visitor who presses Go Premium is asked to sign in first', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByText('Most Popular')).toBeVisible();
  await expect(page.getByText('$10.99 / month')).toBeVisible();
  await page.getByRole('button', { name: 'Go Premium' }).click();
  await expect(page.getByText('Please sign in to upgrade to premium')).toBeVisible();
  await page.waitForURL('**/login');
});

test('the Matches tab shows the matches first, and who liked you as one compact row', async ({
  newMember,
  newAdmin,
  headers,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36).slice(-5);
  const member = await newMember(`Popular${tag}`);
  const admin = await newAdmin();
  expect(
    (await admin.request.post('/api/admin/subscriptions/activate', { headers, data: { userId: member.id } })).ok(),
  ).toBe(true);
  const match = await newMember(`Match${tag}`);
  await match.like(member.id);
  const { matchId } = (await (await member.like(match.id)).json()) as { matchId: string };
  await member.page.request.post(`/api/matches/${matchId}/seen`, { headers, data: {} });
  for (let i = 0; i < 8; i++) await (await newMember(`Fan${i}${tag}`)).like(member.id);

  const page = member.page;
  for (const { width, height } of VIEWPORTS) {
    await page.setViewportSize({ width, height });
    await page.goto('/dashboard?tab=matches');
    const matches = page.getByRole('heading', { name: 'Your Matches' });
    await expect(page.getByRole('list', { name: 'Matches' }).getByText(`Match${tag}, 30`)).toBeVisible();
    const likedYou = page.getByRole('region', { name: /Liked you/ });
    await expect(likedYou.getByRole('button', { name: `Like Fan0${tag}` })).toBeAttached();
    const heading = (await matches.boundingBox())!;
    expect(heading.y + heading.height, `Your Matches heading at ${width}×${height}`).toBeLessThan(height);
    expect((await likedYou.boundingBox())!.y).toBeGreaterThan(heading.y);
    // Eight admirers stay one row tall.
    expect((await likedYou.getByRole('list', { name: 'Members who liked you' }).boundingBox())!.height).toBeLessThan(
      340,
    );

    // Their full profiles open on demand.
    await likedYou.getByRole('button', { name: 'See full profiles' }).click();
    await expect(likedYou.getByRole('heading', { name: `Fan0${tag}, 30` })).toBeVisible();
    await likedYou.getByRole('button', { name: 'Show fewer details' }).click();
  }
  // Liking back from the strip makes the match.
  await page
    .getByRole('region', { name: /Liked you/ })
    .getByRole('button', { name: `Like Fan3${tag}` })
    .click();
  await expect(page.getByRole('dialog')).toContainText(`You and Fan3${tag} like each other`);
});
