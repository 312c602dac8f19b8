import { expect, test } from './fixtures';
import { outbox, VIEWPORTS } from './helpers';

test('[REMINDERS] a member away gets a new-match mail, stops that kind from its link, and sees it off in Settings', async ({
  newPage,
  newMatch,
  headers,
}) => {
  test.setTimeout(90_000);
  const { first: nora, matchId } = await newMatch(['Nora', 'Theo']);
  const page = nora.page;
  await page.request.post(`/api/matches/${matchId}/seen`, { data: {}, headers });

  // Both go quiet for ten minutes (the server's clock is moved on): the match reaches them by mail.
  await page.request.post('/api/dev/clock', { headers, data: { advanceMs: 10 * 60_000 } });
  let unsubscribe = '';
  await expect
    .poll(
      async () => {
        const found = (await outbox(page)).find(
          (m) => m.to === nora.email && m.subject === 'You have a new match: Theo',
        );
        unsubscribe = found?.text.match(/https?:\/\/\S+\/unsubscribe\?token=\S+/)?.[0] ?? '';
        return unsubscribe;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();

  // The mail's link: a page that does nothing until its button is pressed.
  const visitor = await newPage();
  await visitor.goto(new URL(unsubscribe).pathname + new URL(unsubscribe).search);
  await expect(visitor.getByRole('heading', { name: 'Stop these emails' })).toBeVisible();
  await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(visitor.getByRole('status')).toContainText('no more emails about new matches');

  // Settings shows it off; the member turns unread messages off too, and it stays so.
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto('/settings#email');
    const section = page.locator('#email');
    await expect(section.getByRole('switch', { name: /New matches/ })).not.toBeChecked();
    await expect(section.getByRole('switch', { name: /Unread messages/ })).toBeChecked();
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`settings-email-${viewport.width}.png`) });
  }
  await page
    .locator('#email')
    .getByRole('switch', { name: /Unread messages/ })
    .click();
  await expect(page.locator('#email').getByRole('switch', { name: /Unread messages/ })).not.toBeChecked();
  await page.reload();
  await expect(page.locator('#email').getByRole('switch', { name: /Unread messages/ })).not.toBeChecked();
});

test('[MAIL-STOP] the link under a mail someone else asked for stops them all, and lets them back', async ({
  newPage,
}) => {
  const visitor = await newPage();
  await visitor.goto(`/mail-stop?token=${'ab'.repeat(32)}`);
  await expect(visitor.getByRole('heading', { name: 'Stop emails you did not ask for' })).toBeVisible();
  await visitor.getByRole('button', { name: 'Stop these emails' }).click();
  await expect(visitor.getByRole('status')).toContainText('this address gets no more email it did not ask for');
  for (const viewport of VIEWPORTS) {
    await visitor.setViewportSize(viewport);
    await visitor.screenshot({ path: test.info().outputPath(`mail-stop-${viewport.width}.png`) });
  }
  await visitor.getByRole('button', { name: 'Allow them again' }).click();
  await expect(visitor.getByRole('status')).toContainText('Allowed again');
});
