import { expect, test } from './fixtures';
import sharp from 'sharp';
import * as OTPAuth from 'otpauth';
import { mailedLink, PASSWORD, toast } from './helpers';

/**
 * What an authenticator app shows for a secret typed in by hand, now or a step (30 s) before: a
 * code works once, and the server takes one step either way.
 */
const totp = (secret: string, step = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate({
    timestamp: Date.now() + step * 30_000,
  });

test('a member enrols an authenticator app, and the next sign-in needs a fresh code', async ({
  newMember,
  headers,
}) => {
  const { page, email } = await newMember('Tove');
  await page.goto('/dashboard?tab=security');
  await page.getByRole('button', { name: 'Enable authenticator app' }).click();
  await page.getByLabel('Your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  const setup = page.getByRole('dialog', { name: 'Set up your authenticator app' });
  await expect(setup.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await setup.getByTestId('totp-secret').textContent())!;

  // The code's shape is checked before it is sent.
  await setup.getByLabel('Verification code').fill('12ab');
  await setup.getByRole('button', { name: 'Verify and turn on' }).click();
  await toast(page, 'Please enter a 6-digit verification code.');
  await setup.getByLabel('Verification code').fill(totp(secret, -1));
  await setup.getByRole('button', { name: 'Verify and turn on' }).click();
  await toast(page, 'Authenticator app enabled');
  await expect(page.getByTestId('mfa-app-status')).toContainText('On');

  // Signed out, the password alone no longer signs in.
  await page.request.post('/api/auth/sign-out', { headers, data: {} });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/step=code/);
  expect((await page.request.get('/api/me')).status()).toBe(401);
  // Email codes are off for Tove: the step does not offer them.
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Email me a code/ })).toHaveCount(0);
  await page.getByLabel('Verification code').fill('000000');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  const refused = page.locator('[data-sonner-toast]').filter({ hasText: 'Invalid code' });
  await expect(refused).toContainText('That code is not right, or it has expired.');
  expect((await page.request.get('/api/me')).status()).toBe(401);

  // The password step expires (its cookie is gone): the code step says so and goes back to it.
  const context = page.context();
  const kept = (await context.cookies()).filter((cookie) => !cookie.name.includes('two_factor'));
  await context.clearCookies();
  await context.addCookies(kept);
  await page.getByLabel('Verification code').fill(totp(secret));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await toast(page, 'Sign-in expired');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/step=code/);
  await page.getByLabel('Verification code').fill(totp(secret));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  expect((await page.request.get('/api/me')).status()).toBe(200);

  // The sign-in and the change show in the security activity.
  await page.goto('/settings');
  const activity = page.getByRole('list', { name: 'Security activity' });
  await expect(activity).toContainText('Authenticator app turned on');
  await expect(activity).toContainText('Signed in');
});

test('deleting an account removes its rows and files, and the email can register again', async ({
  baseURL,
  newMember,
  newAdmin,
  headers,
}) => {
  const { page, email, id: memberId } = await newMember('Dana');
  const photo = await sharp({ create: { width: 500, height: 600, channels: 3, background: '#8ab' } })
    .jpeg()
    .toBuffer();
  const uploaded = await page.request.post('/api/profile/photos', {
    headers,
    multipart: { file: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(uploaded.status()).toBe(201);
  const { photos } = (await uploaded.json()) as { photos: { url: string; thumbUrl: string }[] };
  const admin = await newAdmin();
  expect((await admin.request.get(photos[0]!.url)).status()).toBe(200);

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your password').fill('Not-my-password1');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That password is not right.');
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await toast(page, 'Account deleted');
  await expect(page).toHaveURL(`${baseURL}/`);

  // Gone for everyone: the session, the profile, the stored photo files.
  expect((await page.request.get('/api/me')).status()).toBe(401);
  const users = (await (await admin.request.get(`/api/admin/users?search=Dana`)).json()) as {
    users: { userId: string }[];
  };
  expect(users.users.some((u) => u.userId === memberId)).toBe(false);
  expect((await admin.request.get(photos[0]!.url)).status()).toBe(404);
  expect((await admin.request.get(photos[0]!.thumbUrl)).status()).toBe(404);
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    headers,
    data: { email, password: PASSWORD },
  });
  expect(signIn.status()).toBe(401);

  // The same email can start again.
  const again = await page.request.post('/api/auth/sign-up/email', {
    headers,
    data: { email, password: PASSWORD, name: 'Dana' },
  });
  expect(again.status()).toBe(200);
});

test('an ad counts an impression when a visitor sees it and a click before its target opens', async ({
  newPage,
  newAdmin,
  headers,
}) => {
  const admin = await newAdmin();
  const image = await sharp({ create: { width: 900, height: 200, channels: 3, background: '#f59e0b' } })
    .png()
    .toBuffer();
  const name = `Picnic ${crypto.randomUUID().slice(0, 6)}`;
  const created = await admin.request.post('/api/admin/campaigns', {
    headers,
    multipart: {
      file: { name: 'ad.png', mimeType: 'image/png', buffer: image },
      name,
      targetUrl: 'https://ads.vouch.test/picnic',
      placement: 'home_header',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const counters = async () => {
    const { campaigns } = (await (await admin.request.get('/api/admin/campaigns')).json()) as {
      campaigns: { id: string; impressions: number; clicks: number }[];
    };
    return campaigns.find((c) => c.id === id)!;
  };
  // Only this campaign in its placement, so the visitor surely sees it.
  const others = (
    (await (await admin.request.get('/api/admin/campaigns')).json()) as {
      campaigns: { id: string; placement: string; active: boolean }[];
    }
  ).campaigns.filter((c) => c.id !== id && c.placement === 'home_header' && c.active);
  for (const other of others)
    await admin.request.put(`/api/admin/campaigns/${other.id}/active`, {
      headers,
      data: { active: false },
    });

  const visitor = await newPage();
  await visitor
    .context()
    .route('https://ads.vouch.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Picnic</h1>' }),
    );
  await visitor.goto('/');
  const ad = visitor.getByRole('complementary', { name: 'Advertisement' }).getByRole('link', { name });
  await expect(ad).toBeVisible();
  await expect.poll(async () => (await counters()).impressions).toBe(1);
  expect((await counters()).clicks).toBe(0);
  await expect(ad).toHaveAttribute('target', '_blank');
  await expect(ad).toHaveAttribute('rel', /noopener/);
  const [tab] = await Promise.all([visitor.context().waitForEvent('page'), ad.click()]);
  await tab.waitForURL('https://ads.vouch.test/picnic');
  expect((await counters()).clicks).toBe(1);
});

test('a member signs one other device out from Active sessions', async ({ newPage, newMember, headers }) => {
  const member = await newMember('Sessa');
  const other = await newPage();
  await other.request.post('/api/auth/sign-in/email', {
    data: { email: member.email, password: PASSWORD },
    headers,
  });
  expect((await other.request.get('/api/me')).status()).toBe(200);

  const page = member.page;
  await page.goto('/settings');
  const sessions = page.getByRole('list', { name: 'Active sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  // This device has no button of its own: the header's Sign out ends it.
  await expect(sessions.getByRole('listitem').filter({ hasText: 'This device' }).getByRole('button')).toHaveCount(0);
  await sessions.getByRole('button', { name: /^Sign out / }).click();
  await toast(page, 'Signed out');
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  expect((await other.request.get('/api/me')).status()).toBe(401);
  expect((await page.request.get('/api/me')).status()).toBe(200);
  await expect(page.getByRole('list', { name: 'Security activity' })).toContainText('Signed out of one device');
});

test('a suspended member sees why and how to appeal, by password and by an old sign-in link', async ({
  newMember,
  newAdmin,
  headers,
}) => {
  const { page, email, id: memberId } = await newMember('Susie');
  await page.request.post('/api/auth/sign-out', { headers, data: {} });
  await page.request.post('/api/auth/sign-in/magic-link', {
    headers,
    data: { email, callbackURL: '/dashboard' },
  });
  const oldLink = await mailedLink(page, email, 'sign-in link');
  const admin = await newAdmin();
  expect(
    (
      await admin.request.put(`/api/admin/users/${memberId}/blocked`, {
        headers,
        data: { blocked: true, reason: 'Harassment' },
      })
    ).ok(),
  ).toBe(true);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/suspended$/);
  await expect(page.getByRole('heading', { name: 'Your account is suspended' })).toBeVisible();
  await expect(page.getByText('This account is suspended.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Community Guidelines' })).toBeVisible();

  // The appeal reaches the inbox.
  const appeal = page.getByRole('form', { name: 'Support request' });
  await expect(appeal.getByLabel('Subject')).toHaveValue('Appeal: my account is suspended');
  await appeal.getByLabel('Name').fill('Susie');
  await appeal.getByLabel('Email').fill(email);
  await appeal.getByLabel('Message').fill('I think this is a mistake: I only asked to meet in public.');
  await appeal.getByRole('button', { name: /Send/ }).click();
  await toast(page, 'Message sent');

  // A sign-in link mailed before the suspension opens the same page, not an error in JSON.
  await page.goto(oldLink);
  await expect(page).toHaveURL(/\/suspended$/);
  await expect(page.getByRole('heading', { name: 'Your account is suspended' })).toBeVisible();
});

test('the dashboard and sidebar placements show to free members, beside content pages on wide screens, never on Premium or safety pages', async ({
  newMember,
  newAdmin,
  headers,
}) => {
  const admin = await newAdmin();
  const tag = crypto.randomUUID().slice(0, 6);
  const image = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#10b981' } })
    .png()
    .toBuffer();
  for (const placement of ['dashboard', 'sidebar']) {
    const created = await admin.request.post('/api/admin/campaigns', {
      headers,
      multipart: {
        file: { name: 'ad.png', mimeType: 'image/png', buffer: image },
        name: `${placement} ${tag}`,
        targetUrl: 'https://ads.vouch.test/x',
        placement,
      },
    });
    expect(created.status()).toBe(201);
  }
  const ad = (page: import('@playwright/test').Page) => page.getByRole('complementary', { name: 'Advertisement' });

  const free = await newMember('Freya'); // no trial in the browser tests: the free plan
  await free.page.setViewportSize({ width: 1280, height: 800 });
  await free.page.goto('/dashboard');
  await expect(ad(free.page).getByRole('img', { name: new RegExp(`^dashboard `) })).toBeVisible();
  // A click on the slot counts, once the ad was seen; the advertiser's page opens in a new tab.
  type Counted = { campaigns: { name: string; impressions: number; clicks: number }[] };
  const counted = async () =>
    ((await (await admin.request.get('/api/admin/campaigns')).json()) as Counted).campaigns.find(
      (campaign) => campaign.name === `dashboard ${tag}`,
    );
  await expect.poll(async () => (await counted())?.impressions).toBe(1);
  await free.page.context().route('https://ads.vouch.test/**', (route) => route.fulfill({ body: 'Advertiser' }));
  const [advertiser] = await Promise.all([free.page.waitForEvent('popup'), ad(free.page).getByRole('link').click()]);
  await advertiser.close();
  await expect.poll(async () => (await counted())?.clicks).toBe(1);
  await free.page.goto('/dashboard?tab=security');
  await expect(ad(free.page)).toHaveCount(0);
  await free.page.goto('/privacy-policy');
  await expect(ad(free.page).getByRole('img', { name: new RegExp(`^sidebar `) })).toBeVisible();
  await free.page.goto('/community-guidelines');
  await expect(free.page.getByRole('heading', { name: 'Community Guidelines', level: 1 })).toBeVisible();
  await expect(ad(free.page)).toHaveCount(0);
  // On a phone the sidebar is not there at all.
  await free.page.setViewportSize({ width: 390, height: 844 });
  await free.page.goto('/privacy-policy');
  await expect(free.page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await expect(ad(free.page)).toHaveCount(0);

  // Premium: no ads anywhere.
  const premium = await newMember('Prem');
  expect(
    (await admin.request.post('/api/admin/subscriptions/activate', { headers, data: { userId: premium.id } })).ok(),
  ).toBe(true);
  await premium.page.setViewportSize({ width: 1280, height: 800 });
  await premium.page.goto('/dashboard');
  await expect(premium.page.getByText('Unlimited likes')).toBeVisible();
  await expect(ad(premium.page)).toHaveCount(0);
  await premium.page.goto('/privacy-policy');
  await expect(premium.page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await expect(ad(premium.page)).toHaveCount(0);
});
