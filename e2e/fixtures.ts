import { test as base, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { E2E_DEV_KEY } from './data-dir';
import { apiAdmin, apiMember, matchedMembers } from './helpers';

type ApiMember = Awaited<ReturnType<typeof apiMember>>;
type Match = Awaited<ReturnType<typeof matchedMembers>>;

/**
 * What most tests start from, each person in a browser context of their own. Every context a
 * test opens through these is closed when it ends, so a long run does not pile up browsers.
 */
type Fixtures = {
  /**
   * The headers an API write from the test needs to pass the same-origin check, and the
   * development tools' key (the clock), as the machine's owner has it.
   */
  headers: { origin: string; 'x-dev-key': string };
  /** A page in a fresh context: someone who is not signed in (options add to the base URL). */
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
  /** A member made through the API: registered, verified, signed in, with a profile. */
  newMember: (name: string) => Promise<ApiMember>;
  /** Two members who liked each other, with their conversation. */
  newMatch: (names: [string, string]) => Promise<Match>;
  /** An administrator made with the CLI and signed in. */
  newAdmin: () => Promise<Page>;
};

export const test = base.extend<Fixtures & { opened: BrowserContext[] }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // oxlint-disable-next-line no-empty-pattern
  opened: async ({}, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(contexts);
    await Promise.all(contexts.map((context) => context.close()));
  },
  headers: async ({ baseURL }, provide) => provide({ origin: baseURL!, 'x-dev-key': E2E_DEV_KEY }),
  newPage: async ({ browser, baseURL, opened }, provide) =>
    provide(async (options) => {
      const context = await browser.newContext({ baseURL, ...options });
      opened.push(context);
      return context.newPage();
    }),
  newMember: async ({ browser, baseURL, opened }, provide) =>
    provide(async (name) => {
      const member = await apiMember(browser, name, baseURL!);
      opened.push(member.page.context());
      return member;
    }),
  newMatch: async ({ browser, baseURL, opened }, provide) =>
    provide(async (names) => {
      const match = await matchedMembers(browser, baseURL!, names);
      opened.push(match.first.page.context(), match.second.page.context());
      return match;
    }),
  newAdmin: async ({ browser, baseURL, opened }, provide) =>
    provide(async () => {
      const admin = await apiAdmin(browser, baseURL!);
      opened.push(admin.context());
      return admin;
    }),
});

export { expect } from '@playwright/test';
