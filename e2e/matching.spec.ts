import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import sharp from 'sharp';
import { confirmByRequest, registerAndVerify, signInWithPassword, toast, uniqueEmail, VIEWPORTS } from './helpers';

const colors = ['#e11d48', '#2563eb', '#16a34a'];
const photo = async (color: string) => ({
  name: `photo-${color.slice(1)}.png`,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 600, height: 800, channels: 3, background: color } })
    .png()
    .toBuffer(),
});

/** A new member in a browser context of their own, signed in and landed on the profile editor. */
async function newMember(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const email = uniqueEmail('match');
  await registerAndVerify(page, email);
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/profile\/edit/); // no profile yet: the dashboard sends new members here
  return page;
}

async function fillProfile(page: Page, name: string, zone: string) {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Age').fill('31');
  await page.getByLabel('Gender').selectOption('woman');
  await page.getByLabel('Location').fill(zone);
  await page.getByLabel('Interests').fill('hiking, jazz, ,cooking');
}

test.describe('[PROFILES][MATCHING]', () => {
  test('[EDITOR] validation, then a profile with three photos and the second set as main', async ({ browser }) => {
    const page = await newMember(browser);
    await page.getByLabel('Name').fill('');
    await page.getByLabel('Age').fill('17');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Please enter a valid age between 18 and 120')).toBeVisible();

    await page
      .getByLabel('Choose a photo to upload')
      .setInputFiles({ name: 'evil.jpg', mimeType: 'application/x-php', buffer: Buffer.from('<?php ?>') });
    await toast(page, 'Invalid file type');

    for (const color of colors) {
      await page.getByLabel('Choose a photo to upload').setInputFiles(await photo(color));
      await expect(
        page.getByRole('list', { name: 'Your photos' }).locator('img:not([alt="Uploading photo"])'),
      ).toHaveCount(colors.indexOf(color) + 1);
    }
    const images = page.getByRole('list', { name: 'Your photos' }).locator('img');
    const secondSrc = await images.nth(1).getAttribute('src');
    await page.getByRole('button', { name: 'Set photo 2 as main' }).click();
    await expect(images.first()).toHaveAttribute('src', secondSrc!);
    await expect(images.first()).toHaveAttribute('alt', 'Main photo');
    await page.reload();
    await expect(page.getByRole('list', { name: 'Your photos' }).locator('img').first()).toHaveAttribute(
      'src',
      secondSrc!,
    );

    await fillProfile(page, 'Ana', 'Testville');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await page.getByRole('tab', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/tab=profile/);
    await expect(page.getByRole('heading', { name: 'Ana, 31' })).toBeVisible();
  });

  test('[LIKE][MATCH] two members like each other and both see the match', async ({ browser }) => {
    const zone = `Zone${Date.now().toString(36)}`;
    const tag = Date.now().toString(36).slice(-4);
    const [anaName, beaName] = [`Ana ${tag}`, `Bea ${tag}`];
    const ana = await newMember(browser);
    await fillProfile(ana, anaName, zone);
    await ana.getByLabel('Choose a photo to upload').setInputFiles(await photo(colors[0]!));
    await expect(ana.getByRole('list', { name: 'Your photos' }).locator('img[alt="Main photo"]')).toBeVisible();
    await ana.getByRole('button', { name: 'Save' }).click();
    await expect(ana).toHaveURL(/\/dashboard/);

    const bea = await newMember(browser);
    await fillProfile(bea, beaName, zone);
    await bea.getByRole('button', { name: 'Save' }).click();
    await expect(bea).toHaveURL(/\/dashboard/);

    // Ana browses with filters and likes Bea.
    await ana.goto('/discover');
    await ana.getByLabel('Location').fill(zone);
    await ana.getByLabel('Gender').selectOption('female');
    await ana.getByLabel('Search').fill(beaName);
    // The cards themselves (each card holds lists of its own: interests, badges).
    const results = ana.getByRole('list', { name: 'Profiles' }).locator(':scope > li');
    await expect(results.filter({ hasText: `${beaName}, 31` })).toBeVisible();
    await expect(results).toHaveCount(1);
    await ana.getByRole('button', { name: `Like ${beaName}` }).click();
    await expect(ana.getByText('No profiles found')).toBeVisible();

    // Bea likes back from the dashboard deck: it's a match.
    await bea.goto('/dashboard?tab=discover');
    // The deck shows one card at a time: once it has loaded, pass on anyone else until Ana comes up.
    await expect(bea.getByRole('button', { name: /^Pass on / })).toBeVisible();
    // (Best-rated first: seeded members with ratings may come before Ana.)
    for (let i = 0; i < 80 && !(await bea.getByRole('heading', { name: `${anaName}, 31` }).isVisible()); i++) {
      await bea.getByRole('button', { name: /^Pass on / }).click();
    }
    await expect(bea.getByRole('heading', { name: `${anaName}, 31` })).toBeVisible();
    await bea.getByRole('button', { name: `Like ${anaName}` }).click();
    await expect(bea.getByRole('dialog').getByText("It's a match!")).toBeVisible();
    await bea.getByRole('button', { name: 'Keep browsing' }).click();

    // Ana liked first: she is told on her next visit.
    await ana.goto('/dashboard?tab=profile');
    await expect(ana.getByRole('dialog').getByText("It's a match!")).toBeVisible();
    await expect(ana.getByRole('dialog')).toContainText(`You and ${beaName} like each other`);
    await ana.getByRole('button', { name: 'Keep browsing' }).click();
    await ana.reload();
    await expect(ana.getByRole('heading', { name: `${anaName}, 31` })).toBeVisible();
    await expect(ana.getByRole('dialog')).toBeHidden();

    for (const [page, other] of [
      [ana, beaName],
      [bea, anaName],
    ] as const) {
      await page.goto('/dashboard?tab=matches');
      await expect(page.getByRole('heading', { name: 'Your Matches' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Matches' }).getByText(`${other}, 31`)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Message' })).toHaveAttribute('href', /\/messages\?conversation=/);
    }
  });
});

test.describe('[MATCH ANNOUNCEMENT]', () => {
  test("the like that completes a match and empties the grid still says 'It's a match!', and an unseen one waits", async ({
    newMember,
  }) => {
    const tag = Date.now().toString(36).slice(-5);
    const ana = await newMember(`Ana${tag}`);
    const bea = await newMember(`Bea${tag}`);
    expect((await ana.like(bea.id)).ok()).toBe(true);

    // Bea searches so that Ana is the only result, and likes: the grid empties.
    await bea.page.goto('/discover');
    await bea.page.getByLabel('Search').fill(`Ana${tag}`);
    await expect(bea.page.getByRole('list', { name: 'Profiles' }).locator(':scope > li')).toHaveCount(1);
    await bea.page.getByRole('button', { name: `Like Ana${tag}` }).click();
    await expect(bea.page.getByText('No profiles found')).toBeVisible();
    const dialog = bea.page.getByRole('dialog');
    await expect(dialog.getByText("It's a match!")).toBeVisible();
    await expect(dialog).toContainText(`You and Ana${tag} like each other`);
    await bea.page.getByRole('button', { name: 'Keep browsing' }).click();
    await bea.page.reload();
    await expect(bea.page.getByRole('heading', { name: 'Discover Profiles' })).toBeVisible();
    await expect(bea.page.getByRole('dialog')).toBeHidden();

    // A match completed where no dialog could show (the tab closed before the answer came back)
    // is announced on the next page.
    const cy = await newMember(`Cy${tag}`);
    await cy.like(bea.id);
    expect((await bea.like(cy.id)).ok()).toBe(true);
    await bea.page.goto('/dashboard?tab=profile');
    await expect(bea.page.getByRole('dialog')).toContainText(`You and Cy${tag} like each other`);
  });
});

test.describe('[DECK]', () => {
  test("Pass and Like are on screen without scrolling at 1280×800 and 390×844, with the card's essentials", async ({
    newMember,
    headers,
  }) => {
    const tag = Date.now().toString(36).slice(-5);
    const viewer = await newMember(`Viewer${tag}`);
    const shown = await newMember(`Shown${tag}`);
    await shown.page.request.put('/api/profile', {
      headers,
      data: {
        name: `Shown${tag}`,
        age: 30,
        interests: ['jazz', 'hiking', 'film', 'coffee'],
        bio: 'A long bio. '.repeat(20),
      },
    });
    await shown.page.request.post('/api/profile/photos', { headers, multipart: { file: await photo(colors[1]!) } });

    for (const { width, height } of VIEWPORTS) {
      const page = viewer.page;
      await page.setViewportSize({ width, height });
      await page.goto('/dashboard');
      const pass = page.getByRole('button', { name: /^Pass on / });
      const card = pass.locator('xpath=ancestor::div[@aria-label][1]');
      const like = page.getByRole('button', { name: /^Like / });
      await expect(pass).toBeVisible();
      // The bottom bar (phones) covers the foot of the screen: what counts is above it.
      const bar = page.getByRole('navigation', { name: 'Mobile navigation' });
      const floor = (await bar.isVisible()) ? (await bar.boundingBox())!.y : height;
      const onScreen = async (locator: typeof pass, what: string) => {
        const box = await locator.boundingBox();
        expect(box, what).not.toBeNull();
        expect(box!.y, `${what} top at ${width}px`).toBeGreaterThanOrEqual(0);
        expect(box!.y + box!.height, `${what} bottom at ${width}×${height}`).toBeLessThanOrEqual(floor);
      };
      await onScreen(pass, 'Pass');
      await onScreen(like, 'Like');
      // Nothing floats over the buttons: a click at their centre reaches them.
      for (const button of [pass, like]) {
        const box = (await button.boundingBox())!;
        const hit = await page.evaluate(
          ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.getAttribute('aria-label') ?? null,
          [box.x + box.width / 2, box.y + box.height / 2],
        );
        expect(hit).toBe(await button.getAttribute('aria-label'));
      }
      await onScreen(card.getByRole('img').first(), 'photo');
      await onScreen(card.getByRole('heading', { level: 2 }), 'name and age');
      await onScreen(card.getByText(/Trust \d+/).filter({ visible: true }), 'trust score');
      await onScreen(card.getByText(/\d+% match/).filter({ visible: true }), 'compatibility');
      const interests = card.getByRole('list', { name: 'Interests' }).filter({ visible: true });
      if (await interests.count()) await onScreen(interests, 'interests');
      expect(await page.evaluate(() => window.scrollY)).toBe(0);

      // The "xx% match" badge on the photo: an opaque background, so its contrast (WCAG AA,
      // 4.5:1) holds whatever the photo beneath it looks like.
      const badge = card.getByText(/\d+% match/).filter({ visible: true });
      const { background, ratio } = await badge.evaluate((element) => {
        // Computed colours may be oklch(): a canvas pixel gives them as sRGB bytes.
        const rgba = (value: string) => {
          const context = Object.assign(document.createElement('canvas'), { width: 1, height: 1 }).getContext('2d')!;
          context.fillStyle = value;
          context.fillRect(0, 0, 1, 1);
          const [red, green, blue, alpha] = context.getImageData(0, 0, 1, 1).data;
          return [red!, green!, blue!, alpha! / 255];
        };
        const style = getComputedStyle(element);
        const [r, g, b, a] = rgba(style.backgroundColor);
        const luminance = ([red, green, blue]: number[]) => {
          const channel = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
          return 0.2126 * channel(red!) + 0.7152 * channel(green!) + 0.0722 * channel(blue!);
        };
        const [lighter, darker] = [luminance([r!, g!, b!]), luminance(rgba(style.color))].sort((x, y) => y - x);
        return { background: a, ratio: (lighter! + 0.05) / (darker! + 0.05) };
      });
      expect(background, 'badge background alpha').toBe(1);
      expect(ratio, 'badge contrast').toBeGreaterThanOrEqual(4.5);
    }
  });
});

test.describe('[CAMERA]', () => {
  test('[CAPTURE] takes a photo with the front camera and uploads it', async ({ browser }) => {
    const page = await newMember(browser);
    await page.context().grantPermissions(['camera']);
    await page.getByRole('button', { name: 'Camera' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Use rear camera' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Take photo' }).click();
    await expect(dialog).toBeHidden();
    await toast(page, 'Upload successful');
    await expect(page.getByRole('list', { name: 'Your photos' }).locator('img[alt="Main photo"]')).toBeVisible();
  });

  test('[DENIED] a refused camera closes the view with its message', async ({ browser }) => {
    const page = await newMember(browser);
    await page.getByRole('button', { name: 'Camera' }).click();
    await toast(page, 'Camera access denied');
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});

test.describe('[PHONE]', () => {
  test('[DISCOVER] on a phone the first screen shows people: the search stays, the other filters fold behind a button that counts them', async ({
    newMember,
  }) => {
    const shown = `Shown${crypto.randomUUID().slice(0, 6)}`;
    await newMember(shown);
    const { page } = await newMember('Viewer');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/discover');
    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    await expect(page.getByLabel('Search')).toBeVisible();
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Location')).toBeHidden();
    await page.getByLabel('Search').fill(shown);
    const card = page.getByRole('list', { name: 'Profiles' }).locator(':scope > li').first();
    await expect(card).toContainText(shown);
    expect((await card.boundingBox())!.y).toBeLessThan(844 - 100); // on the first screen, not below it

    await filters.click();
    await page.getByLabel('Gender').selectOption('female');
    await page.getByRole('button', { name: 'Hide filters' }).click();
    await expect(page.getByLabel('Gender')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters (1 on)' })).toBeVisible();

    // From md up, every filter is in view and there is nothing to unfold.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByLabel('Location')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
  });

  test('photo tiles keep their buttons, location is asked for only on request and a refusal is explained calmly, nothing floats over fields', async ({
    browser,
    baseURL,
    newPage,
    headers,
  }) => {
    const iPhone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      userAgent: iPhone,
      isMobile: true,
      hasTouch: true,
    });
    // The browser's location prompt, answered "no", and counted.
    await context.addInitScript(() => {
      const calls = { count: 0 };
      (window as unknown as { geoCalls: typeof calls }).geoCalls = calls;
      Object.defineProperty(navigator, 'geolocation', {
        value: {
          getCurrentPosition: (_ok: unknown, fail: (error: { code: number; PERMISSION_DENIED: number }) => void) => {
            calls.count++;
            setTimeout(() => fail({ code: 1, PERMISSION_DENIED: 1 }), 10);
          },
        },
      });
    });
    const page = await context.newPage();
    const email = uniqueEmail('phone');
    await page.request.post('/api/auth/sign-up/email', {
      headers,
      data: { email, password: 'Secret123', name: 'Pia' },
    });
    await confirmByRequest(page, email, 'Secret123', headers.origin);
    await page.request.post('/api/auth/sign-in/email', { headers, data: { email, password: 'Secret123' } });
    await page.request.put('/api/profile', { headers, data: { name: 'Pia', age: 29, interests: ['film'] } });
    for (const color of colors.slice(0, 2))
      await page.request.post('/api/profile/photos', { headers, multipart: { file: await photo(color) } });

    // The dashboard does not ask on its own.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Hi, Pia' })).toBeVisible();
    // Asked on request; a refusal is explained, not reported as an error.
    await page.getByRole('button', { name: 'Update Location' }).click();
    const notice = page.locator('[data-sonner-toast]').filter({ hasText: 'Location not shared' });
    await expect(notice).toContainText('you can still browse and search by city');
    expect(await notice.getAttribute('data-type')).not.toBe('error');
    // Once, for the press: a request of the dashboard's own would have counted before it.
    expect(await page.evaluate(() => (window as unknown as { geoCalls: { count: number } }).geoCalls.count)).toBe(1);

    // Photo tiles: the remove button stays inside its tile.
    await page.goto('/profile/edit');
    const tiles = page
      .getByRole('list', { name: 'Your photos' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^Remove photo/ }) });
    await expect(tiles).toHaveCount(2);
    for (let i = 0; i < 2; i++) {
      const tile = (await tiles.nth(i).boundingBox())!;
      const remove = (await tiles
        .nth(i)
        .getByRole('button', { name: /^Remove photo/ })
        .boundingBox())!;
      expect(remove.x + remove.width, `remove button of photo ${i + 1}`).toBeLessThanOrEqual(tile.x + tile.width);
      expect(remove.x).toBeGreaterThanOrEqual(tile.x);
    }
    // 'Set as Main' is written whole, not cut to 'Set as …'.
    const setMain = tiles.nth(1).getByRole('button', { name: 'Set photo 2 as main' });
    await expect(setMain).toHaveText('Set as Main');
    expect(await setMain.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);

    // No floating support button over the form: on phones it is the bottom bar's Help.
    await expect(page.getByRole('button', { name: 'Open support' })).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Mobile navigation' }).getByRole('button', { name: 'Help' }).click();
    await expect(page.getByRole('region', { name: 'Support' })).toContainText('Need help?');

    // A visitor's form: the floating button steps aside while a field has the focus.
    const visitor = await newPage({ viewport: { width: 390, height: 844 } });
    await visitor.goto('/register');
    await expect(visitor.getByRole('button', { name: 'Open support' })).toBeVisible();
    await visitor.getByLabel('Email').focus();
    await expect(visitor.getByRole('button', { name: 'Open support' })).toBeHidden();
  });
});
