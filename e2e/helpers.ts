import { spawnSync } from 'node:child_process';
import { expect, type Browser, type Page } from '@playwright/test';
import { E2E_DEV_KEY, e2eDataDir } from './data-dir';

export const PASSWORD = 'Secret123';

/** The desktop and phone sizes that layout checks run at. */
export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** The development outbox, read with the key the server was started with. */
export async function outbox(page: Page): Promise<{ to: string; subject: string; text: string; link: string }[]> {
  const answer = await page.request.get('/api/dev/mail', { headers: { 'x-dev-key': E2E_DEV_KEY } });
  return ((await answer.json()) as { mail: { to: string; subject: string; text: string; link: string }[] }).mail;
}

/** Opens the newest link mailed to this address (its subject containing `subject`) from /dev/mail. */
export async function openMailedLink(page: Page, email: string, subject: string): Promise<void> {
  // As the link printed at start opens it: the key in the fragment.
  await page.goto(`/dev/mail#key=${E2E_DEV_KEY}`);
  const mail = page.getByRole('listitem').filter({ hasText: email }).filter({ hasText: subject }).first();
  await expect(mail).toBeVisible();
  await mail.getByTestId('mail-link').click();
}

/**
 * The link in the newest mail to this address (its subject containing `subject`), from the dev
 * outbox. Mail is sent in the background: on a busy machine it may land a moment after the
 * request that caused it, so the outbox is read until it is there.
 */
export async function mailedLink(page: Page, email: string, subject = ''): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = (await outbox(page)).find((m) => m.to === email && m.subject.includes(subject))?.link;
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

export async function toast(page: Page, text: string | RegExp) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}

/** Registers through the full form and confirms the email, leaving the page on /login. */
export async function registerAndVerify(page: Page, email: string, password = PASSWORD): Promise<void> {
  await register(page, email, password);
  await confirmMailedLink(page, email, password);
}

/** Registers through the full form, up to its 'Check Your Email' card. */
export async function register(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
}

/** Follows the confirmation link mailed to this address and confirms it with the account's password. */
export async function confirmMailedLink(page: Page, email: string, password = PASSWORD): Promise<void> {
  await openMailedLink(page, email, 'Confirm your email');
  await expect(page).toHaveURL(/\/confirm-email\?token=/);
  await page.getByLabel('Your password').fill(password);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page).toHaveURL(/\/login\?verified=1/);
}

/** What the page a confirmation link opens sends: the mailed token, with the account's password. */
export async function confirmByRequest(page: Page, email: string, password: string, origin: string): Promise<void> {
  const token = new URL(await mailedLink(page, email, 'Confirm your email')).searchParams.get('token');
  const confirmed = await page.request.post('/api/account/confirm-email', {
    data: { token, password },
    headers: { origin },
  });
  expect(confirmed.ok()).toBe(true);
}

export async function signInWithPassword(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * A member created through the API inside a browser context of their own (registered,
 * verified through the dev outbox, signed in, with a profile): fast set-up for chat tests.
 */
export async function apiMember(browser: Browser, name: string, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const email = uniqueEmail(name.toLowerCase());
  const headers = { origin: baseURL };
  await page.request.post('/api/auth/sign-up/email', { data: { email, password: PASSWORD, name }, headers });
  await confirmByRequest(page, email, PASSWORD, baseURL);
  await page.request.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD }, headers });
  await page.request.put('/api/profile', { data: { name, age: 30, interests: ['jazz'] }, headers });
  const { user } = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  return {
    page,
    id: user.id,
    email,
    like: (targetId: string) => page.request.post('/api/likes', { data: { targetId }, headers }),
    send: (conversationId: string, content: string) =>
      page.request.post(`/api/conversations/${conversationId}/messages`, {
        data: { content, clientKey: crypto.randomUUID() },
        headers,
      }),
  };
}

/** Two members who liked each other, each in a browser context of their own. */
export async function matchedMembers(browser: Browser, baseURL: string, names: [string, string]) {
  const first = await apiMember(browser, names[0], baseURL);
  const second = await apiMember(browser, names[1], baseURL);
  await first.like(second.id);
  const { conversationId, matchId } = (await (await second.like(first.id)).json()) as {
    conversationId: string;
    matchId: string;
  };
  // The second liker's browser would have shown 'It's a match!' at once; the first is shown it on
  // their next page.
  await second.page.request.post(`/api/matches/${matchId}/seen`, { data: {}, headers: { origin: baseURL } });
  return { first, second, conversationId, matchId };
}

/** Makes an administrator the documented way: npm run admin:create, through the running server. */
export function createAdminWithCli(email: string) {
  const created = spawnSync('npx', ['tsx', 'server/src/cli/admin-create.ts', email, '--password', PASSWORD], {
    env: { ...process.env, DATA_DIR: e2eDataDir, NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  expect(created.status, created.stderr).toBe(0);
}

/** An administrator made with the CLI and signed in through the admin sign-in API. */
export async function apiAdmin(browser: Browser, baseURL: string) {
  const email = uniqueEmail('admin');
  createAdminWithCli(email);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const signedIn = await page.request.post('/api/admin/sign-in', {
    data: { email, password: PASSWORD },
    headers: { origin: baseURL },
  });
  expect(signedIn.ok()).toBe(true);
  return page;
}

/** Demo members made the documented way (npm run seed), through the running server. */
export function seedWithCli(profiles: number) {
  const seeded = spawnSync('npx', ['tsx', 'server/src/cli/seed.ts', '--profiles', String(profiles)], {
    env: { ...process.env, DATA_DIR: e2eDataDir, NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  expect(seeded.status, seeded.stderr).toBe(0);
}

/**
 * Passes a page's realtime socket through the test, and resolves once the server holds it: a
 * 'ping' sent on the page's behalf has had its 'pong'. Until then an event could miss the page.
 */
export function realtimeReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    void page.routeWebSocket('**/api/realtime', (ws) => {
      const server = ws.connectToServer();
      server.onMessage((message) => (message === 'pong' ? resolve() : ws.send(message)));
      server.send('ping');
    });
  });
}
