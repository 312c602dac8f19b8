import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { TAdminReport } from '../contracts/safety';
import { toast } from './helpers';

/** Opens the conversation; the first liker is shown 'It's a match!' once, which is dismissed. */
async function openChat(page: Page, conversationId: string, dismissMatch = false) {
  await page.goto(`/messages?conversation=${conversationId}`);
  if (dismissMatch) await page.getByRole('button', { name: 'Keep browsing' }).click();
}
const conversationList = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });
/** A conversation's entry in the list, by the other person's name. */
const entry = (page: Page, name: string) => conversationList(page).getByRole('listitem').filter({ hasText: name });

test.describe('[SAFETY]', () => {
  test('[BLOCK] a block from the chat makes the conversation disappear for both, and can be undone in Settings', async ({
    newMatch,
  }) => {
    const { first: ana, second: bea, conversationId } = await newMatch(['Ana', 'Bea']);
    await ana.send(conversationId, 'Hi Bea');
    await openChat(ana.page, conversationId, true);
    await bea.page.goto('/messages');
    await expect(entry(bea.page, 'Ana')).toBeVisible();

    await ana.page.getByRole('button', { name: 'Safety options for Bea' }).click();
    await ana.page.getByRole('menuitem', { name: 'Block' }).click();
    const confirm = ana.page.getByRole('alertdialog', { name: 'Block Bea?' });
    await confirm.getByRole('button', { name: 'Block' }).click();
    await toast(ana.page, 'Member blocked');
    await expect(entry(ana.page, 'Bea')).toHaveCount(0);
    // Bea's list drops Ana live, without a reload.
    await expect(entry(bea.page, 'Ana')).toHaveCount(0);
    await expect(bea.page.getByText('No conversations yet.')).toBeVisible();

    await ana.page.goto('/settings');
    const blocked = ana.page.getByRole('list', { name: 'Blocked members' });
    await expect(blocked).toContainText('Bea');
    await ana.page.getByRole('button', { name: 'Unblock Bea' }).click();
    await toast(ana.page, 'Member unblocked');
    await expect(ana.page.getByText('You have not blocked anyone.')).toBeVisible();
    await bea.page.goto('/messages');
    await expect(entry(bea.page, 'Ana')).toBeVisible();
  });

  test('[REPORT] a report from the chat reaches the administrators with the messages, and the reporter sees its status', async ({
    newMatch,
    newAdmin,
  }) => {
    const { first: ana, second: bea, conversationId } = await newMatch(['Ana', 'Bea']);
    await ana.send(conversationId, 'Unique line 7f3a for the moderators');
    await openChat(bea.page, conversationId);
    await bea.page.getByRole('button', { name: 'Safety options for Ana' }).click();
    await bea.page.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = bea.page.getByRole('dialog', { name: 'Report Ana' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Please choose a reason')).toBeVisible();
    await dialog.getByLabel('Harassment').check();
    await dialog.getByLabel('Details').fill('Would not take no for an answer.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await toast(bea.page, 'Report sent');
    await expect(dialog).toBeHidden();

    await bea.page.goto('/settings');
    const mine = bea.page.getByRole('list', { name: 'My reports' });
    await expect(mine).toContainText('Ana');
    await expect(mine).toContainText('Harassment');
    await expect(mine).toContainText('Open');

    const adminPage = await newAdmin();
    const { cases } = (await (await adminPage.request.get('/api/admin/cases?kind=report')).json()) as {
      cases: TAdminReport[];
    };
    const report = cases.find((r) => r.reporter?.userId === bea.id);
    expect(report).toMatchObject({
      reason: 'harassment',
      status: 'open',
      subject: { userId: ana.id },
      evidenceIntact: true,
      details: 'Would not take no for an answer.',
    });
    expect(report!.evidence.map((m) => m.content)).toContain('Unique line 7f3a for the moderators');
    // A member asking the same route is refused.
    expect((await bea.page.request.get('/api/admin/cases?kind=report')).status()).toBe(403);
  });

  test('[UNMATCH] an unmatch closes the chat for both, and the other member can still report from Past matches', async ({
    newMatch,
  }) => {
    const { first: ana, second: bea, conversationId } = await newMatch(['Ana', 'Bea']);
    await bea.send(conversationId, 'Something unkind');
    await openChat(ana.page, conversationId, true);
    await openChat(bea.page, conversationId);
    await ana.page.getByRole('button', { name: 'Safety options for Bea' }).click();
    await ana.page.getByRole('menuitem', { name: 'Unmatch' }).click();
    await ana.page.getByRole('alertdialog', { name: 'Unmatch Bea?' }).getByRole('button', { name: 'Unmatch' }).click();
    await toast(ana.page, 'Unmatched');
    await expect(bea.page.getByText('This conversation has ended.')).toBeVisible();

    await ana.page.goto('/settings');
    const past = ana.page.getByRole('list', { name: 'Past matches' });
    await expect(past).toContainText('You unmatched');
    await ana.page.getByRole('button', { name: 'Report Bea' }).click();
    const dialog = ana.page.getByRole('dialog', { name: 'Report Bea' });
    await dialog.getByLabel('Inappropriate content').check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await toast(ana.page, 'Report sent');
    await expect(past).toContainText('Reported');
  });

  test('[NUDGE] the sender is asked "Are you sure?" and the recipient "Does this bother you?", with a one-tap report', async ({
    newMatch,
  }) => {
    const { first: ana, second: bea, conversationId } = await newMatch(['Ana', 'Bea']);
    await openChat(ana.page, conversationId, true);
    await openChat(bea.page, conversationId);
    const composer = ana.page.getByLabel('Message', { exact: true });
    await composer.fill('Can you send me money on Cash App first?');
    await composer.press('Enter');
    const question = ana.page.getByRole('alertdialog', { name: 'Are you sure?' });
    await question.getByRole('button', { name: 'Edit message' }).click();
    await expect(composer).toHaveValue('Can you send me money on Cash App first?');
    await composer.press('Enter');
    await question.getByRole('button', { name: 'Send anyway' }).click();
    await expect(ana.page.getByRole('list', { name: 'Messages' })).toContainText('Cash App');

    const check = bea.page.getByRole('group', { name: 'Safety check' });
    await expect(check).toContainText('Does this bother you?');
    // Report opens the form, with the message and a reason already filled in.
    await check.getByRole('button', { name: 'Report' }).click();
    const form = bea.page.getByRole('dialog', { name: 'Report Ana' });
    await expect(form.getByRole('radio', { name: 'Scam or spam' })).toBeChecked();
    await expect(form.getByLabel('Details')).toHaveValue('Their message: "Can you send me money on Cash App first?"');
    await form.getByRole('button', { name: 'Send report' }).click();
    await toast(bea.page, 'Report sent');
    await expect(check).toBeHidden();
    await bea.page.reload();
    await expect(bea.page.getByRole('list', { name: 'Messages' })).toContainText('Cash App');
    await expect(bea.page.getByRole('group', { name: 'Safety check' })).toHaveCount(0);

    // Moving off the app is asked about too, with its own reason.
    await composer.fill('text me on whatsapp instead');
    await composer.press('Enter');
    await expect(question).toContainText('takes the conversation away from Reports');
    await question.getByRole('button', { name: 'Edit message' }).click();
  });

  test('[NOTIFICATIONS] the header bell counts new notifications and leads to the conversation', async ({
    newMatch,
  }) => {
    const { first: ana, second: bea, conversationId } = await newMatch(['Ana', 'Bea']);
    await bea.page.goto('/settings');
    await ana.send(conversationId, 'Are you free on Saturday?');
    const bell = bea.page.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect(bell).toBeVisible();
    await bell.click();
    const item = bea.page.getByRole('menuitem', { name: /New message from Ana/ });
    await expect(item).toContainText('Are you free on Saturday?');
    await item.click();
    await expect(bea.page).toHaveURL(new RegExp(`conversation=${conversationId}`));
    await expect(bea.page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  });
});
