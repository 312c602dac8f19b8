import { expect, test } from '@playwright/test';
import { apiMember, toast } from './helpers';

test.describe('[MESSAGES]', () => {
  test('[CHAT][LIVE][UNREAD] two matched members chat without reloading', async ({ browser, baseURL }) => {
    const ana = await apiMember(browser, 'Ana', baseURL!);
    const bea = await apiMember(browser, 'Bea', baseURL!);
    await ana.like(bea.id);
    const { conversationId } = (await (await bea.like(ana.id)).json()) as { conversationId: string };
    const alerts: string[] = [];
    for (const member of [ana, bea]) member.page.on('dialog', (dialog) => (alerts.push(dialog.message()), void dialog.dismiss()));

    await ana.page.goto(`/messages?conversation=${conversationId}`);
    // Ana liked first, so she is shown 'It's a match!' on her next page.
    await ana.page.getByRole('button', { name: 'Keep browsing' }).click();
    await bea.page.goto('/messages');
    await expect(bea.page.getByRole('navigation', { name: 'Conversations' }).getByText('Ana')).toBeVisible();

    // The four fixed suggestions, and Enter sends.
    await expect(ana.page.getByRole('list', { name: 'Message suggestions' }).getByRole('listitem')).toHaveCount(4);
    const hostile = 'Hello Bea <img src=x onerror=alert(1)>';
    await ana.page.getByLabel('Message', { exact: true }).fill(hostile);
    await ana.page.keyboard.press('Enter');
    await expect(ana.page.getByRole('list', { name: 'Messages' })).toContainText(hostile);

    // Bea is not in the conversation: a toast, and an unread count, with no reload.
    await toast(bea.page, 'New message');
    await expect(bea.page.getByLabel('1 unread')).toBeVisible();
    await bea.page.getByRole('button', { name: /Ana/ }).click();
    await expect(bea.page.getByRole('list', { name: 'Messages' })).toContainText(hostile);
    await expect(bea.page.getByLabel('1 unread')).toBeHidden();

    // Shift+Enter starts a new line; the reply arrives on Ana's side live.
    const reply = bea.page.getByLabel('Message', { exact: true });
    await reply.fill('Hi Ana!');
    await reply.press('Shift+Enter');
    await reply.pressSequentially('Coffee on Sunday?');
    await reply.press('Enter');
    await expect(ana.page.getByRole('list', { name: 'Messages' })).toContainText('Coffee on Sunday?');
    await expect(ana.page.getByRole('list', { name: 'Messages' }).getByText(/Hi Ana!\s+Coffee on Sunday\?/)).toBeVisible();
    expect(alerts).toEqual([]); // the markup rendered as text
  });

  test('[SIGNED-OUT] visitors are told to log in', async ({ page }) => {
    await page.goto('/messages');
    await toast(page, 'Login required');
    await expect(page).toHaveURL(/\/auth$/);
  });
});
