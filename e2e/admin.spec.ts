import { expect, test } from './fixtures';
import * as OTPAuth from 'otpauth';
import sharp from 'sharp';
import { REPORT_OUTCOMES } from '../contracts/admin';
import { prng } from '../server/src/lib/random';
import { drawPortrait } from '../server/src/modules/seed/portraits';
import { apiMember, createAdminWithCli, PASSWORD, toast, uniqueEmail, VIEWPORTS } from './helpers';

test.describe('[ADMIN]', () => {
  test('an admin made with the CLI signs in, approves a selfie, bans a member, resolves a report and runs the audit', async ({
    browser,
    baseURL,
    page,
    newMember,
    newMatch,
    headers,
  }) => {
    test.setTimeout(120_000);
    // A member with a pending selfie, a pair with a report, and a member to ban.
    const sam = await newMember('Sam');
    const challenge = (await (
      await sam.page.request.post('/api/verification/selfie/challenge', { headers })
    ).json()) as { id: string };
    const selfie = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#c97' } })
      .jpeg()
      .toBuffer();
    await sam.page.request.post('/api/verification/selfie', {
      headers,
      multipart: { challengeId: challenge.id, file: { name: 's.jpg', mimeType: 'image/jpeg', buffer: selfie } },
    });
    const { first: rita, second: rex, conversationId } = await newMatch(['Rita', 'Rex']);
    await rex.send(conversationId, 'Send me your bank details');
    await rita.page.request.post('/api/reports', {
      headers,
      data: { subjectId: rex.id, reason: 'scam', conversationId, source: 'chat', clientKey: crypto.randomUUID() },
    });

    // The old client-side admin keys in local storage give nothing.
    await page.goto('/');
    await page.evaluate(() => {
      const session = {
        isAdmin: true,
        isSiteOwner: true,
        authenticated: true,
        role: 'admin',
        timestamp: Date.now(),
        expires: Date.now() + 86_400_000,
      };
      localStorage.setItem('adminSession', JSON.stringify(session));
      sessionStorage.setItem('adminSession', JSON.stringify(session));
    });
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin-login$/);
    expect((await page.request.get('/api/admin/stats')).status()).toBe(401);

    // A member's own password is refused here.
    const email = uniqueEmail('owner');
    createAdminWithCli(email);
    await page.getByLabel('Admin Email').fill(email);
    await page.getByLabel('Password').fill('Wrong-password1');
    await page.getByRole('button', { name: 'Login as Site Owner' }).click();
    await toast(page, 'Access Denied');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login as Site Owner' }).click();
    await toast(page, 'Admin Login Successful');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('list', { name: 'Statistics' })).toContainText('Total users');

    // Moderation: approve Sam's selfie; Sam's profile shows as verified.
    await page.getByRole('tab', { name: 'Moderation' }).click();
    const review = page.getByRole('region', { name: 'Pending selfies' }).getByLabel('Selfie from Sam');
    await review.getByRole('button', { name: 'Approve' }).click();
    await toast(page, 'Selfie approved');
    await sam.page.goto('/settings');
    await expect(sam.page.getByText('You are verified.')).toBeVisible();

    // Resolve Rita's report; she sees the outcome.
    const report = page.getByLabel('Case about Rex');
    await expect(report.getByRole('list', { name: 'Sealed messages' })).toContainText('Send me your bank details');
    await report.getByRole('combobox').selectOption('warn');
    await report.getByLabel('Internal note').fill('Asked for bank details; first offence.');
    await report.getByRole('button', { name: 'Decide' }).click();
    await toast(page, 'Case decided');
    await rita.page.goto('/settings');
    // Rita liked first: her first page announces the match, over everything else.
    await rita.page.getByRole('button', { name: 'Keep browsing' }).click();
    const mine = rita.page.getByRole('list', { name: 'My reports' });
    await expect(mine).toContainText('Action taken');
    // She reads the decision's policy text, never the moderator's note.
    await expect(mine).toContainText(REPORT_OUTCOMES.warn.message);
    await expect(mine).not.toContainText('first offence');

    // Ban Rex: his open session ends and he cannot sign in again.
    await rex.page.goto('/dashboard');
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByLabel('Search users by name').fill('Rex');
    const card = page.getByRole('list', { name: 'Users' }).getByLabel('Rex', { exact: true });
    await card.getByRole('button', { name: 'Block' }).click();
    await page.getByRole('alertdialog', { name: 'Block Rex?' }).getByRole('button', { name: 'Block' }).click();
    await toast(page, 'User blocked');
    await expect(card).toContainText('Blocked');
    expect((await rex.page.request.get('/api/me')).status()).toBe(401);
    const again = await rex.page.request.post('/api/auth/sign-in/email', {
      headers,
      data: { email: rex.email, password: PASSWORD },
    });
    expect(again.ok()).toBe(false);
    await page.reload();
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByLabel('Search users by name').fill('Rex');
    await expect(page.getByRole('list', { name: 'Users' }).getByLabel('Rex', { exact: true })).toContainText('Blocked'); // the badge stays

    // The audit runs and reports real findings (this admin has no second factor).
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Run Audit' }).click();
    await expect(page.getByRole('list', { name: 'Audit findings' })).toContainText('have no second factor');

    // A campaign with an image, shown to visitors in its placement.
    await page.getByRole('tab', { name: 'Campaigns' }).click();
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
    await dialog.getByLabel('Name').fill('Spring picnic');
    const banner = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    await dialog.getByLabel('Image').setInputFiles({ name: 'ad.png', mimeType: 'image/png', buffer: banner });
    await dialog.getByLabel('Target URL').fill('https://example.com/picnic');
    await dialog.getByRole('button', { name: 'Create Campaign' }).click();
    await toast(page, 'Campaign created');
    await expect(page.getByRole('list', { name: 'Campaigns' })).toContainText('Spring picnic');
    const visitor = await browser.newPage({ baseURL });
    await visitor.goto('/');
    const ad = visitor.getByRole('complementary', { name: 'Advertisement' }).getByRole('link');
    await expect(ad.getByRole('img', { name: 'Spring picnic' })).toBeVisible();
    await expect(ad).toHaveAttribute('target', '_blank');
    await expect(ad).toHaveAttribute('rel', /noopener/);
  });

  test('[INBOX] a contact message really reaches the admin inbox', async ({ page, newAdmin }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Please enter your name')).toBeVisible();
    await form.getByLabel('Name').fill('Dana Visitor');
    await form.getByLabel('Email').fill('dana@example.com');
    await form.getByLabel('Subject').fill('Press enquiry 4471');
    await form.getByLabel('Message').fill('Could we talk about your verified dates?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Message sent');
    await expect(form.getByLabel('Subject')).toHaveValue('');

    const admin = await newAdmin();
    await admin.goto('/admin?tab=reports');
    const inbox = admin.getByRole('list', { name: 'Inbox messages' });
    await expect(inbox).toContainText('Press enquiry 4471');
    await expect(inbox).toContainText('dana@example.com');
  });
});

test('[ADMIN][2FA] the code step has its own messages, a way back, and returns to the password when it expires', async ({
  page,
  headers,
}) => {
  const email = uniqueEmail('owner2fa');
  createAdminWithCli(email);
  // The admin turns on an authenticator app (through the API, as Settings would).
  expect((await page.request.post('/api/admin/sign-in', { headers, data: { email, password: PASSWORD } })).ok()).toBe(
    true,
  );
  const { totpURI } = (await (
    await page.request.post('/api/auth/two-factor/enable', { headers, data: { password: PASSWORD } })
  ).json()) as { totpURI: string };
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  expect(
    (
      await page.request.post('/api/auth/two-factor/verify-totp', {
        headers,
        // The step before now: the sign-in below uses the current code, and a code works once.
        data: { code: totp.generate({ timestamp: Date.now() - 30_000 }) },
      })
    ).ok(),
  ).toBe(true);
  await page.request.post('/api/auth/sign-out', { headers, data: {} });

  const passwordStep = async () => {
    await page.getByLabel('Admin Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login as Site Owner' }).click();
    await expect(page.getByLabel('Authenticator code')).toBeVisible();
  };
  await page.goto('/admin-login');
  await passwordStep();
  await page.getByLabel('Authenticator code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  const refused = page.locator('[data-sonner-toast]').filter({ hasText: 'Invalid code' });
  await expect(refused).toContainText('That code is not right, or it has expired.');
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'check your email and password' })).toHaveCount(0);

  // Back to the password step.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Admin Email')).toHaveValue(email);
  await expect(page.getByLabel('Authenticator code')).toHaveCount(0);

  // The password step expired (its cookie is gone): the form returns to it and says so.
  await passwordStep();
  const context = page.context();
  const kept = (await context.cookies()).filter((cookie) => !cookie.name.includes('two_factor'));
  await context.clearCookies();
  await context.addCookies(kept);
  await page.getByLabel('Authenticator code').fill(totp.generate());
  await page.getByRole('button', { name: 'Verify' }).click();
  await toast(page, 'Sign-in expired');
  await expect(page.getByLabel('Admin Email')).toBeVisible();

  await passwordStep();
  await page.getByLabel('Authenticator code').fill(totp.generate());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('[ADMIN][PHONE] the back office on a phone, names in the security events, and the inbox in sight', async ({
  newPage,
  newMember,
  newAdmin,
  headers,
}) => {
  test.setTimeout(120_000);
  const admin = await newAdmin();
  const tag = crypto.randomUUID().slice(0, 5);
  const member = await newMember(`Zed${tag}`);
  expect(
    (await admin.request.post('/api/admin/subscriptions/activate', { headers, data: { userId: member.id } })).ok(),
  ).toBe(true);
  expect(
    (
      await admin.request.put(`/api/admin/users/${member.id}/blocked`, {
        headers,
        data: { blocked: true, reason: 'Spam' },
      })
    ).ok(),
  ).toBe(true);
  const visitor = await newPage();
  await visitor.request.post('/api/contact', {
    headers,
    data: {
      kind: 'contact',
      name: 'Ola',
      email: 'ola@example.com',
      subject: `Hello ${tag}`,
      message: 'A question about verification.',
    },
  });

  // The Overview: statistics, the inbox with its count, and a short list of the newest members.
  await admin.setViewportSize({ width: 1280, height: 800 });
  await admin.goto('/admin');
  await expect(admin.getByText(/messages? waits? for an answer/)).toBeVisible();
  await expect(admin.getByRole('tab', { name: /^Reports, \d+ unanswered messages$/ })).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Users' }).getByRole('listitem').first()).toBeVisible();
  expect(await admin.getByRole('list', { name: 'Users' }).getByRole('listitem').count()).toBeLessThanOrEqual(6);
  await expect(admin.getByRole('link', { name: 'See all members' })).toBeVisible();
  expect(await admin.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(2200);

  // Security events name the acting admin and the member, with a link to the member.
  await admin.getByRole('tab', { name: /^Reports/ }).click();
  const banned = admin
    .getByRole('region', { name: 'Security Events' })
    .getByRole('listitem')
    .filter({ hasText: 'user blocked' })
    .filter({ hasText: `Zed${tag}` })
    .first();
  await expect(banned).toContainText('by ');
  await banned.getByRole('link', { name: `Zed${tag}` }).click();
  await expect(admin.getByRole('dialog', { name: `Zed${tag}` })).toBeVisible();
  await admin.keyboard.press('Escape');

  // On a phone: the chosen tab in view, the subscriptions' actions on screen, no member bar.
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.goto('/admin?tab=subscriptions');
  const active = admin.getByRole('tab', { name: 'Subscriptions' });
  await expect(active).toHaveAttribute('data-state', 'active');
  await expect
    .poll(async () => {
      const box = (await active.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= 390;
    })
    .toBe(true);
  const actions = admin.getByRole('button', { name: `Actions for Zed${tag}` });
  await expect(actions).toBeVisible();
  const box = (await actions.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expect(admin.getByRole('navigation', { name: 'Mobile navigation' })).toHaveCount(0);
  // Support opens from the header's Help, not from a button floating over the tables.
  await expect(admin.getByRole('button', { name: 'Open support' })).toHaveCount(0);
  await admin.getByRole('button', { name: 'Help' }).click();
  await expect(admin.getByRole('region', { name: 'Support' })).toContainText('Need help?');
});

test('[ADMIN][REUSED PHOTO] a picture on two accounts opens a case showing both, side by side, on a desk and a phone', async ({
  newMember,
  newAdmin,
  headers,
}) => {
  test.setTimeout(120_000);
  const tag = crypto.randomUUID().slice(0, 5);
  const upload = (member: Awaited<ReturnType<typeof apiMember>>, buffer: Buffer) =>
    member.page.request.post('/api/profile/photos', {
      headers,
      multipart: { file: { name: 'me.jpg', mimeType: 'image/jpeg', buffer } },
    });
  const random = prng(4242);
  const original = await drawPortrait(random, true);
  const owner = await newMember(`Olive${tag}`);
  const copier = await newMember(`Cora${tag}`);
  expect((await upload(owner, original)).status()).toBe(201);
  // Cropped by a tenth and recompressed, as a reposter would.
  const { width, height } = await sharp(original).metadata();
  const copy = await sharp(original)
    .extract({ left: 0, top: 0, width: Math.round(width * 0.9), height: Math.round(height * 0.9) })
    .jpeg({ quality: 45 })
    .toBuffer();
  expect((await upload(copier, copy)).status()).toBe(201);

  const admin = await newAdmin();
  for (const viewport of VIEWPORTS) {
    await admin.setViewportSize(viewport);
    await admin.goto('/admin?tab=moderation');
    const queue = admin.getByRole('region', { name: 'Reused photos' });
    const item = queue.getByLabel(`Case about Cora${tag}`, { exact: true });
    await expect(item).toBeVisible();
    const pictures = item.getByRole('group', { name: 'The two pictures' }).getByRole('img');
    await expect(pictures).toHaveCount(2);
    await expect(item.getByText(`Matches a picture of Olive${tag} (active account)`)).toBeVisible();
    await expect(item.getByText(`First seen on: Olive${tag} (uploaded`)).toBeVisible();
    // Both pictures really load, and sit side by side.
    for (const picture of await pictures.all())
      expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const [left, right] = await Promise.all((await pictures.all()).map((p) => p.boundingBox()));
    expect(Math.abs(left!.y - right!.y)).toBeLessThan(4);
    expect(right!.x).toBeGreaterThan(left!.x + left!.width - 1);
    await item.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: test.info().outputPath(`reused-photo-${viewport.width}.png`) });
  }
});
