import { createHash } from 'node:crypto';
import { expect, test } from './fixtures';
import { VIEWPORTS } from './helpers';

test.describe('[SHELL]', () => {
  test('[GUARD] member pages send visitors to /login, admin pages to /admin-login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin-login$/);
  });

  test('[THEME] the choice is stored under vite-ui-theme and applied', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle'); // the app starts once the prerendered page has painted
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test('[LANDING] title, description and the search structured data, added once', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Find the Perfect Match' })).toBeVisible();
    await expect(page).toHaveTitle(/Vouch/);
    await page.getByRole('link', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goBack();
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    const cta = page.getByRole('region', { name: 'Ready to date with confidence?' });
    await expect(cta.getByRole('link', { name: 'Sign Up Now' })).toHaveAttribute('href', '/register');
    await expect(cta.getByRole('link', { name: 'Admin Login' })).toHaveAttribute('href', '/admin-login');
    await expect(cta.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/safety-commitment');
  });

  test('[PRERENDER] the landing and login pages paint before any script runs, then React takes them over without a mismatch', async ({
    browser,
    baseURL,
    page,
    newMember,
  }) => {
    // With JavaScript off, the server's HTML alone shows the page; the login form cannot be sent
    // by the browser itself (it would put the password in the address).
    const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const bare = await noScript.newPage();
    await bare.goto('/');
    await expect(bare.getByRole('heading', { name: 'Find the Perfect Match' })).toBeVisible();
    await expect(bare.getByRole('link', { name: 'Get Started' })).toBeVisible();
    await bare.goto('/login');
    await expect(bare.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(bare.getByRole('button', { name: 'Sign In', exact: true })).toBeDisabled();
    // Chromium's switch for tests stops scripts but still parses <noscript> as if they ran, so the
    // page's explanation for a browser without JavaScript is checked in the HTML itself.
    expect(await (await bare.request.get('/login')).text()).toMatch(/<noscript>.*Signing in needs JavaScript\./);
    await noScript.close();

    // The scripts start once the page has painted, and the CSP lets the two inline scripts run.
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    // What is typed before the app has loaded stays: React takes the page's own elements over
    // rather than drawing them again.
    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody@vouch.test');
    await page.evaluate(() => Object.assign(document.querySelector('h1')!, { prerendered: true }));
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => 'prerendered' in document.querySelector('h1')!)).toBe(true);
    await expect(page.getByLabel('Email')).toHaveValue('nobody@vouch.test');
    const order = await page.evaluate(() => ({
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      entry: performance.getEntriesByType('resource').find((entry) => /\/assets\/index-.*\.js$/.test(entry.name))
        ?.startTime,
    }));
    expect(order.entry).toBeGreaterThanOrEqual(order.painted);
    expect(problems).toEqual([]);
    await page.getByLabel('Password').fill('Not-the-password-1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Login failed' })).toBeVisible();
    expect(page.url()).not.toContain('Not-the-password');
    problems.length = 0; // the refused sign-in logs its 401

    // The CSP lets the page's own two inline scripts run, by their hashes, and nothing else:
    // every inline script the server sends is one of them, and one injected into the page is refused.
    for (const path of ['/', '/login']) {
      const answer = await page.request.get(path);
      const csp = answer.headers()['content-security-policy'] ?? '';
      const inline = [...(await answer.text()).matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1]!);
      expect(inline, path).toHaveLength(2);
      for (const script of inline)
        expect(csp, path).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    }
    await page.evaluate(() => {
      const injected = document.createElement('script');
      injected.textContent = 'window.injectedRan = true';
      document.body.append(injected);
    });
    expect(await page.evaluate(() => 'injectedRan' in window)).toBe(false);
    problems.length = 0; // the refusal is logged

    // The second step is not the prerendered form: the server sends the app's shell for it.
    expect(await (await page.request.get('/login?step=code')).text()).not.toContain('Welcome back');

    // With it on: no hydration error, and the page answers clicks (the router, not a reload).
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(problems).toEqual([]);

    // Signed in, the same page hydrates without a mismatch, then shows the member's variant.
    const member = await newMember('Hydra');
    const memberProblems: string[] = [];
    member.page.on('console', (message) => message.type() === 'error' && memberProblems.push(message.text()));
    member.page.on('pageerror', (error) => memberProblems.push(error.message));
    for (let visit = 0; visit < 3; visit++) {
      await member.page.goto('/');
      await expect(
        member.page
          .getByRole('button', { name: /account menu|Open account/i })
          .or(member.page.getByRole('link', { name: /Dashboard/ }).first()),
      ).toBeVisible();
      await member.page.waitForLoadState('networkidle');
    }
    expect(memberProblems).toEqual([]);
  });

  test('[404] unknown pages say so, and the footer carries the current year', async ({ page }) => {
    const missing = await page.goto('/no/such/page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    for (const known of ['/pricing', '/shared-date/some-token', '/dashboard'])
      expect((await page.request.get(known)).status(), known).toBe(200);
    await expect(page.getByText(`© ${new Date().getFullYear()} Vouch`)).toBeVisible();
  });

  test('[CONTACT] no placeholder addresses: the footer and /contact lead to the form and its FAQ, and the policy matches the plans', async ({
    page,
  }) => {
    // The browser tests set no SUPPORT_EMAIL or SOCIAL_*_URL.
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    await expect(footer.getByRole('list', { name: 'Social links' })).toHaveCount(0);
    expect(await page.content()).not.toContain('vouch.example');
    await page.goto('/contact');
    const faq = page.getByRole('region', { name: 'Common questions' });
    await faq.getByText('How do I get verified?').click();
    await expect(faq.getByText('take a selfie in the pose we show you')).toBeVisible();
    await page.goto('/cancellation-policy');
    await expect(page.getByRole('heading', { name: 'Cooling-off period' })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(/annual/i);
    await expect(page.getByRole('main')).toContainText('paid month by month');
  });

  test('[MOBILE] the side menu and the support box work on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.waitForLoadState('networkidle'); // the app starts once the prerendered page has painted
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    for (const name of ['Pricing', 'Login', 'Register', 'Admin Login'])
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    await menu.getByRole('link', { name: 'Register', exact: true }).click();
    await expect(page).toHaveURL(/\/register/);
    await page.getByRole('button', { name: 'Open support' }).click();
    await expect(page.getByRole('region', { name: 'Support' })).toContainText('Need help?');
    // It closes as a popover does: Escape (the focus back on its button), or a press elsewhere.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('region', { name: 'Support' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open support' })).toBeFocused();
    await page.getByRole('button', { name: 'Open support' }).click();
    await page.getByRole('heading', { level: 1 }).first().click();
    await expect(page.getByRole('region', { name: 'Support' })).toHaveCount(0);
  });
});

test.describe('[ERRORS]', () => {
  test('[RUNTIME] an uncaught error shows one calm toast', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle'); // the app starts once the prerendered page has painted
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('boom');
      }),
    );
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Something went wrong' })).toBeVisible();
  });

  test('[MAGIC-LINK] a used or expired link lands on the login page with an explanation', async ({ page }) => {
    await page.goto(
      '/api/auth/magic-link/verify?token=not-a-real-token&callbackURL=%2Fdashboard&errorCallbackURL=%2Flogin%3Flink%3Dexpired',
    );
    await expect(page).toHaveURL(/\/login\?link=expired/);
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Authentication error' })).toBeVisible();
  });

  test('[API-DOCS] the API reference renders under our content security policy', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/api/docs');
    await expect(page.getByText('Vouch API')).toBeVisible();
    await expect(page.getByText('/api/health').first()).toBeVisible();
    expect(violations).toEqual([]);
  });
});

test('[TOASTS] a toast hides neither the header nor the bottom bar nor the support button', async ({ newMember }) => {
  const member = await newMember('Toasty');
  const page = member.page;
  const overlaps = (
    a: { x: number; y: number; width: number; height: number },
    b: { x: number; y: number; width: number; height: number },
  ) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  for (const { width, height } of VIEWPORTS) {
    await page.setViewportSize({ width, height });
    await page.goto('/settings');
    await page.getByRole('switch').first().click(); // a privacy switch: saved with a toast
    const shown = page.locator('[data-sonner-toast]').first();
    await expect(shown).toBeVisible();
    await page.waitForTimeout(500); // the toast's entrance animation
    const box = (await shown.boundingBox())!;
    const header = (await page.getByRole('banner').boundingBox())!;
    expect(overlaps(box, header), `toast over the header at ${width}px`).toBe(false);
    for (const other of [
      page.getByRole('navigation', { name: 'Mobile navigation' }),
      page.getByRole('button', { name: 'Open support' }),
    ]) {
      if (await other.isVisible())
        expect(
          overlaps(box, (await other.boundingBox())!),
          `toast over ${await other.getAttribute('aria-label')} at ${width}px`,
        ).toBe(false);
    }
    await page.getByRole('switch').first().click(); // back as it was
  }
});
