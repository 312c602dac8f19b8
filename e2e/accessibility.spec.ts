import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seedWithCli } from './helpers';

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** axe-core's WCAG 2.1 A and AA rules on the page as it is, with what fails and where. */
async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the browser's debugging protocol: our content security policy refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    return (await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }))
      .violations;
  });
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
}

// The pages the first-hour work touched, as the demo account and an administrator see them.
test('[A11Y] axe-core finds no WCAG 2.1 AA violation on the pages a member and an owner meet first', async ({
  newPage,
  newAdmin,
  headers,
}) => {
  test.setTimeout(180_000);
  seedWithCli(6);
  const admin = await newAdmin();
  const demo = await newPage();
  expect(
    (
      await demo.request.post('/api/auth/sign-in/email', {
        headers,
        data: { email: 'demo@vouch.local', password: 'VouchDemo2026' },
      })
    ).ok(),
  ).toBe(true);
  const { matches } = (await (await demo.request.get('/api/matches')).json()) as {
    matches: { matchId: string; conversationId: string; profile: { name: string } }[];
  };
  for (const m of matches) await demo.request.post(`/api/matches/${m.matchId}/seen`, { headers, data: {} });
  const talking = matches.find((m) => m.profile.name === 'Liam')!;
  const visitor = await newPage();

  const pages: [Page, string, string][] = [
    [visitor, '/', 'Find the Perfect Match'],
    [visitor, '/contact', 'Contact'],
    [visitor, '/suspended', 'Your account is suspended'],
    [demo, '/dashboard', 'Hi, Demo'],
    [demo, '/dashboard?tab=matches', 'Your Matches'],
    [demo, `/messages?conversation=${talking.conversationId}`, 'Liam'],
    [demo, '/calendar', 'Date Calendar'],
    [demo, '/settings', 'Settings'],
    [admin, '/admin', 'Admin Dashboard'],
    [admin, '/admin?tab=subscriptions', 'Admin Dashboard'],
    [admin, '/admin?tab=reports', 'Admin Dashboard'],
  ];
  const found: string[] = [];
  for (const [width, height, scheme] of [
    [1280, 800, 'light'],
    [390, 844, 'light'],
    [1280, 800, 'dark'],
  ] as const) {
    for (const [page, path, heading] of pages) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      for (const violation of await axeViolations(page)) found.push(`${path} at ${width}px, ${scheme}: ${violation}`);
    }
  }
  expect(found).toEqual([]);
});
