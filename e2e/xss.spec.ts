import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import sharp from 'sharp';

/** Each payload sets window.__xss if it ever runs; a dialog would show too. */
const PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '"><svg onload="window.__xss=1">',
  '\'><iframe srcdoc="<script>parent.__xss=1</script>">',
  'javascript:window.__xss=1',
];
const NAME = '<img src=x onerror="window.__xss=1">';

/** Opens a page, lets it render, and fails if any payload ran. */
async function visit(page: Page, path: string, expectText?: string) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  if (expectText) await expect(page.getByText(expectText).first()).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    `a payload ran on ${path}`,
  ).toBeUndefined();
  expect(dialogs, `a dialog opened on ${path}`).toEqual([]);
}

test('script in every field a member or admin writes renders as text, in member pages and in the back office', async ({
  newPage,
  newMatch,
  newAdmin,
  headers,
}) => {
  test.setTimeout(120_000);
  const { first: writer, second: reader, conversationId } = await newMatch(['Wren', 'Rae']);
  await writer.page.request.put('/api/profile', {
    headers,
    data: {
      name: NAME,
      age: 30,
      bio: PAYLOADS.join(' '),
      interests: PAYLOADS.map((p) => p.slice(0, 40)),
      location: PAYLOADS[1],
    },
  });
  for (const payload of PAYLOADS) await writer.send(conversationId, payload);
  await reader.page.request.post('/api/reports', {
    headers,
    data: {
      subjectId: writer.id,
      reason: 'other',
      details: PAYLOADS.join('\n'),
      conversationId,
      source: 'chat',
      clientKey: crypto.randomUUID(),
    },
  });
  await reader.page.request.post('/api/contact', {
    headers,
    data: { name: NAME, email: 'xss@example.com', subject: PAYLOADS[0], message: PAYLOADS.join('\n') },
  });
  const admin = await newAdmin();
  const image = await sharp({ create: { width: 600, height: 200, channels: 3, background: '#3b82f6' } })
    .png()
    .toBuffer();
  const campaign = await admin.request.post('/api/admin/campaigns', {
    headers,
    multipart: {
      file: { name: 'ad.png', mimeType: 'image/png', buffer: image },
      name: PAYLOADS[2]!,
      targetUrl: 'https://example.com',
      placement: 'home_bottom',
    },
  });
  expect(campaign.status()).toBe(201);

  // Member pages: the match card, the chat.
  await visit(reader.page, '/dashboard?tab=matches', NAME);
  await visit(reader.page, `/messages?conversation=${conversationId}`, PAYLOADS[0]);
  // The writer's own profile, as they see it.
  await visit(writer.page, '/dashboard?tab=profile', NAME);
  // The back office: users, the report with its sealed messages, campaigns, the inbox.
  await visit(admin, '/admin?tab=users', NAME);
  await visit(admin, '/admin/users', NAME);
  await visit(admin, '/admin?tab=moderation', NAME);
  await visit(admin, '/admin?tab=campaigns', PAYLOADS[2]);
  await visit(admin, '/admin?tab=reports', 'xss@example.com');
  // A visitor meets the ad on the landing page.
  const visitor = await newPage();
  await visit(visitor, '/');
});
