import { expect, test } from './fixtures';
import { realtimeReady, toast, VIEWPORTS } from './helpers';

test('[HIDDEN WORDS] words hidden from the report flow and Settings send matching messages to a Hidden folder, with no toast', async ({
  newMatch,
  headers,
}) => {
  test.setTimeout(90_000);
  const { first: ana, second: bea, conversationId, matchId } = await newMatch(['Ana', 'Bea']);
  await ana.page.request.post(`/api/matches/${matchId}/seen`, { data: {}, headers });
  const page = bea.page;

  // From the report flow: Bea reports Ana and hides a word on the way.
  await ana.send(conversationId, 'Send me money first');
  await page.goto(`/messages?conversation=${conversationId}`);
  await page.getByRole('button', { name: 'Safety options for Ana' }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report Ana' });
  await dialog.getByLabel('Scam or spam').check();
  await dialog.getByLabel(/Hide messages with these words/).fill('money, venmo');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await toast(page, 'Report sent');

  // From Settings: one more, an emoji; both lists are one.
  await page.goto('/settings#hidden-words');
  const section = page.locator('#hidden-words');
  await section.getByLabel('Hide messages with').fill('🍆');
  await section.getByRole('button', { name: 'Add' }).click();
  const words = section.getByRole('list', { name: 'Hidden words' });
  await expect(words.getByRole('listitem')).toHaveText(['money', 'venmo', '🍆']);

  // A message with a hidden word, while Bea is elsewhere in the app: no toast. Its event makes the
  // page read her conversations to decide; after that answer, a plain message is sent, and its
  // toast shows: toasts show in order, so the hidden one's would be there too (waiting a while
  // and seeing nothing proved nothing).
  const live = realtimeReady(page);
  await page.goto('/dashboard');
  await live;
  const sentAt = Date.now();
  const decided = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/conversations' && response.request().timing().startTime >= sentAt,
  );
  await ana.send(conversationId, 'Pay on Venmo and I will come');
  await decided;
  await ana.send(conversationId, 'Are you there?');
  const toasts = page.locator('[data-sonner-toast]').filter({ hasText: 'New message' });
  await expect(toasts.filter({ hasText: 'Are you there?' })).toBeVisible();
  await expect(toasts).toHaveCount(1);
  // Another hidden one is the newest again.
  await ana.send(conversationId, 'Venmo me tonight');

  // It waits in the Hidden folder, folded until Bea chooses to read it.
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto('/messages');
    const folders = page.getByRole('group', { name: 'Folders' });
    await expect(page.getByRole('navigation', { name: 'Conversations' }).getByText('Ana')).toHaveCount(0);
    await folders.getByRole('button', { name: 'Hidden (1)' }).click();
    await page.getByRole('navigation', { name: 'Conversations' }).getByText('Ana').click();
    const folded = page.getByRole('list', { name: 'Messages' }).getByText('Hidden: it contains a word you hid.');
    await expect(folded).toHaveCount(2);
    await page.screenshot({ path: test.info().outputPath(`hidden-folder-${viewport.width}.png`) });
  }
  await page.getByRole('button', { name: 'Show' }).first().click();
  await expect(page.getByText('Pay on Venmo and I will come')).toBeVisible();
});
