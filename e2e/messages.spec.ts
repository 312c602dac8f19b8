import type { WebSocketRoute } from '@playwright/test';
import { expect, test } from './fixtures';
import { realtimeReady, toast } from './helpers';

test.describe('[MESSAGES]', () => {
  test('[CHAT][LIVE][UNREAD] two matched members chat without reloading', async ({ newMember }) => {
    const ana = await newMember('Ana');
    const bea = await newMember('Bea');
    await ana.like(bea.id);
    const { conversationId } = (await (await bea.like(ana.id)).json()) as { conversationId: string };
    const alerts: string[] = [];
    for (const member of [ana, bea])
      member.page.on('dialog', (dialog) => (alerts.push(dialog.message()), void dialog.dismiss()));

    await ana.page.goto(`/messages?conversation=${conversationId}`);
    // Ana liked first, so she is shown 'It's a match!' on her next page.
    await ana.page.getByRole('button', { name: 'Keep browsing' }).click();
    // Bea's realtime socket is open before Ana writes (a message sent earlier is caught up, without a toast).
    const beaLive = realtimeReady(bea.page);
    await bea.page.goto('/messages');
    // Bea's like completed the match (through the API, so no page showed it): it is announced now.
    await bea.page.getByRole('button', { name: 'Keep browsing' }).click();
    await expect(bea.page.getByRole('navigation', { name: 'Conversations' }).getByText('Ana')).toBeVisible();
    await beaLive;

    // The four fixed suggestions, and Enter sends.
    await expect(ana.page.getByRole('list', { name: 'Message suggestions' }).getByRole('listitem')).toHaveCount(4);
    const hostile = 'Hello Bea <img src=x onerror=alert(1)>';
    await ana.page.getByLabel('Message', { exact: true }).fill(hostile);
    await ana.page.keyboard.press('Enter');
    await expect(ana.page.getByRole('list', { name: 'Messages' })).toContainText(hostile);

    // Bea is not in the conversation: a toast, and an unread count, with no reload.
    await toast(bea.page, 'New message');
    const beaList = bea.page.getByRole('navigation', { name: 'Conversations' });
    await expect(beaList.getByLabel('1 unread')).toBeVisible();
    await beaList.getByRole('button', { name: /Ana/ }).click();
    await expect(bea.page.getByRole('list', { name: 'Messages' })).toContainText(hostile);
    await expect(beaList.getByLabel('1 unread')).toBeHidden();

    // Shift+Enter starts a new line; the reply arrives on Ana's side live.
    const reply = bea.page.getByLabel('Message', { exact: true });
    await reply.fill('Hi Ana!');
    await reply.press('Shift+Enter');
    await reply.pressSequentially('Coffee on Sunday?');
    await reply.press('Enter');
    await expect(ana.page.getByRole('list', { name: 'Messages' })).toContainText('Coffee on Sunday?');
    await expect(
      ana.page.getByRole('list', { name: 'Messages' }).getByText(/Hi Ana!\s+Coffee on Sunday\?/),
    ).toBeVisible();
    expect(alerts).toEqual([]); // the markup rendered as text
  });

  test('[SIGNED-OUT] visitors are told to log in, on the login page as every member page sends them', async ({
    page,
  }) => {
    await page.goto('/messages');
    await toast(page, 'Login required');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('[MESSAGES][RECONNECT]', () => {
  test('a socket dropped mid-conversation reconnects, and the messages it missed appear', async ({ newMatch }) => {
    test.setTimeout(90_000);
    const { first: ana, second: bea, conversationId } = await newMatch(['Ana', 'Bea']);
    // Bea's socket goes through a switch the test controls: connected, or cut off.
    let online = true;
    let refused = 0;
    let current: WebSocketRoute | null = null;
    let live = false;
    await bea.page.routeWebSocket('**/api/realtime', (ws) => {
      if (!online) return void (refused++, ws.close());
      current = ws;
      // The server holds the socket once it answers our 'ping' (until then an event could miss it).
      const server = ws.connectToServer();
      server.onMessage((message) => (message === 'pong' ? (live = true) : ws.send(message)));
      server.send('ping');
    });
    await bea.page.goto(`/messages?conversation=${conversationId}`);
    await expect.poll(() => live).toBe(true);
    const beaMessages = bea.page.getByRole('list', { name: 'Messages' });
    await ana.send(conversationId, 'Before the tunnel');
    await expect(beaMessages).toContainText('Before the tunnel');

    online = false;
    await current!.close();
    await ana.send(conversationId, 'Sent while you were offline');
    await ana.send(conversationId, 'And one more');
    // The page tries to reconnect while cut off, and nothing arrives meanwhile.
    await expect.poll(() => refused).toBeGreaterThan(0);
    await expect(beaMessages).not.toContainText('Sent while you were offline');

    online = true;
    await expect(beaMessages).toContainText('Sent while you were offline', { timeout: 40_000 });
    await expect(beaMessages).toContainText('And one more');
    // Live again afterwards.
    await ana.send(conversationId, 'Welcome back');
    await expect(beaMessages).toContainText('Welcome back');
  });
});

test.describe('[MESSAGES][LOADING]', () => {
  test('a message that arrives while the chat is still loading appears, though the load was answered before it', async ({
    newMatch,
  }) => {
    const { first: ana, second: bea, conversationId } = await newMatch(['Ana', 'Bea']);
    // Bea's first load of the chat is answered by the server at once, but reaches the page only
    // after Ana's message was sent and its live event delivered.
    let releaseLoad = () => {};
    const loadReleased = new Promise<void>((resolve) => (releaseLoad = resolve));
    let loadAnswered = false;
    await bea.page.route(`**/api/conversations/${conversationId}/messages`, async (route) => {
      if (loadAnswered) return route.continue();
      loadAnswered = true;
      const response = await route.fetch();
      await loadReleased;
      await route.fulfill({ response });
    });
    const beaLive = realtimeReady(bea.page);
    await bea.page.goto(`/messages?conversation=${conversationId}`);
    await beaLive;
    await expect.poll(() => loadAnswered).toBe(true);
    await ana.send(conversationId, 'Sent while your chat was loading');
    // The event reaches Bea's page (her conversation list shows the message) before the load does.
    await expect(bea.page.getByRole('navigation', { name: 'Conversations' })).toContainText(
      'Sent while your chat was loading',
    );
    releaseLoad();
    await expect(bea.page.getByRole('list', { name: 'Messages' })).toContainText('Sent while your chat was loading');
  });
});
