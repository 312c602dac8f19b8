import { expect, test } from '@playwright/test';
import {
  confirmMailedLink,
  openMailedLink,
  PASSWORD,
  register,
  registerAndVerify,
  signInWithPassword,
  toast,
  uniqueEmail,
  VIEWPORTS,
} from './helpers';

test.describe('[ACCOUNTS]', () => {
  test('[REGISTER] shows every validation message in its words', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();

    await page.getByLabel('Email').fill('amy@example');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByLabel('Age').fill('17');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters long', { exact: true })).toBeVisible();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await expect(page.getByText('You must be at least 18 years old.')).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill('lowercase1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Password should contain at least one uppercase letter')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('NoNumberHere');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Password should contain at least one number')).toBeVisible();
  });

  test('[REGISTER][VERIFY][SIGN-IN][SIGN-OUT] a new member from sign-up to sign-out', async ({ page }) => {
    const email = uniqueEmail('amy');
    await page.goto('/register');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByLabel('Name').fill('Amy');
    await page.getByLabel('Age').fill('29');
    await page.getByLabel('Country').selectOption('us');
    await page.getByLabel('Interests').fill('hiking, jazz, , cooking');
    await page.getByRole('button', { name: 'AI Suggest' }).click();
    await expect(page.getByLabel('Bio')).toHaveValue(/Hi, I'm Amy\..*hiking, jazz and cooking/);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Registration successful');
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

    // Not yet confirmed: the login page says so, and then gives the matching hint.
    await signInWithPassword(page, email);
    await expect(page.getByRole('alert').filter({ hasText: 'Login failed' })).toContainText('Email not confirmed');
    await expect(page.getByText("It looks like you haven't confirmed your email yet.")).toBeVisible();

    await confirmMailedLink(page, email);
    await toast(page, 'Email verified');

    await signInWithPassword(page, email);
    await toast(page, 'Welcome back!');
    await expect(page).toHaveURL(/\/(dashboard|profile\/edit)/);

    await page.getByRole('button', { name: 'My Account' }).click();
    await expect(page.getByRole('menuitem', { name: 'Date Calendar' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await toast(page, 'Signed out');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
  });

  test('[SIGN-IN][VALIDATION] the login form names each missing or malformed field, and clears it once fixed', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Email').fill('amy@example');
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await page.getByLabel('Email').fill('amy@example.com');
    await expect(page.getByText('Please enter a valid email address.')).toHaveCount(0);
    await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Password').fill('x');
    await expect(page.getByText('Password is required')).toHaveCount(0);
  });

  test('[SIGN-IN] a wrong password shows the failure box, then the hint a second later', async ({ page }) => {
    const email = uniqueEmail('wrong');
    await registerAndVerify(page, email);
    await signInWithPassword(page, email, 'WrongPass1');
    const box = page.getByRole('alert').filter({ hasText: 'Login failed' });
    await expect(box).toContainText('Invalid login credentials');
    await expect(box).not.toContainText('Double check your credentials');
    await expect(box).toContainText('Your email or password might be incorrect.', { timeout: 3000 });
  });

  test('[SIGN-IN][RATE-LIMIT] repeated wrong passwords end in the rate-limit hint', async ({ page }) => {
    const email = uniqueEmail('limit');
    await registerAndVerify(page, email);
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('WrongPass1');
    const box = page.getByRole('alert').filter({ hasText: 'Login failed' });
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(box).toContainText('Invalid login credentials');
      await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
    }
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(box).toContainText('Too many attempts. Please try again in');
    await expect(box).toContainText(
      "You've made too many login attempts. Please wait a few minutes before trying again.",
    );
  });

  test('[MAGIC-LINK] signs in from the mailed link', async ({ page }) => {
    const email = uniqueEmail('magic');
    await registerAndVerify(page, email);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In with Magic Link' }).click();
    await toast(page, 'Invalid email');

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Sign In with Magic Link' }).click();
    await toast(page, 'Magic link sent');
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();

    await openMailedLink(page, email, 'sign-in link');
    await expect(page).toHaveURL(/\/(dashboard|profile\/edit)/);
    await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();
  });

  test('[RESET] resets a forgotten password and signs in with the new one', async ({ page }) => {
    const email = uniqueEmail('reset');
    await registerAndVerify(page, email);
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
    const send = page.getByRole('button', { name: 'Send Reset Instructions' });
    await expect(send).toBeDisabled();
    await page.getByLabel('Email').fill(email);
    await send.click();
    await toast(page, 'Email sent');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

    await openMailedLink(page, email, 'Reset your Vouch password');
    await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
    await page.getByLabel('New Password', { exact: true }).fill('NewSecret456');
    await page.getByLabel('Confirm New Password').fill('Different456');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await toast(page, "Passwords don't match");
    await page.getByLabel('New Password', { exact: true }).fill('Short1');
    await page.getByLabel('Confirm New Password').fill('Short1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await toast(page, 'Password too short');

    await page.getByLabel('New Password', { exact: true }).fill('NewSecret456');
    await page.getByLabel('Confirm New Password').fill('NewSecret456');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await toast(page, 'Password updated');
    await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

    await signInWithPassword(page, email, 'NewSecret456');
    await expect(page).toHaveURL(/\/(dashboard|profile\/edit)/);
  });

  test('[AUTH-CARD] the combined card opens on the register tab and states the password rule', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/auth\?tab=register/);
    await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    await expect(
      page.getByText('Password must be at least 8 characters long, with an uppercase letter and a number'),
    ).toBeVisible();

    // The sign-in form is there as the tab is pressed, before the address catches up: an email
    // typed at once went into the register form, which was about to leave.
    const formAfterPress = await page.getByRole('tab', { name: 'Login' }).evaluate(async (tab) => {
      tab.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
      await Promise.resolve();
      return document.querySelector('[role="tabpanel"] button[type="submit"]')?.textContent;
    });
    expect(formAfterPress).toBe('Sign In');
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByLabel('Password').fill('WrongPass1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await toast(page, 'Invalid login credentials');
  });

  test('[ADDRESS TAKEN] someone signed up with her address first: her link lets her take the account with a password of her own', async ({
    page,
    baseURL,
  }) => {
    const headers = { origin: baseURL! };
    const email = uniqueEmail('taken');
    // He signs up first, with his password.
    const his = await page.request.post('/api/auth/sign-up/email', {
      headers,
      data: { email, password: 'Attacker123', name: '' },
    });
    expect(his.ok()).toBe(true);
    // She signs up as anyone would; her link arrives, and her own password is not the account's.
    await register(page, email);
    await openMailedLink(page, email, 'Confirm your email');
    await page.getByLabel('Your password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await expect(page.getByText('That is not the password of this account.')).toBeVisible();
    const choose = page.getByRole('form', { name: 'Choose a new password' });
    await choose.getByLabel('New password', { exact: true }).fill('HerOwn2026');
    await choose.getByLabel('Confirm new password').fill('HerOwn2026');
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: test.info().outputPath(`confirm-email-${viewport.width}.png`), fullPage: true });
    }
    await choose.getByRole('button', { name: 'Set password and confirm' }).click();
    await expect(page).toHaveURL(/\/login\?verified=1/);
    await signInWithPassword(page, email, 'HerOwn2026');
    await expect(page).toHaveURL(/\/(dashboard|profile\/edit)/);
    // His password no longer opens anything.
    const him = await page.request.post('/api/auth/sign-in/email', {
      headers,
      data: { email, password: 'Attacker123' },
    });
    expect(him.status()).toBe(401);
  });
});
