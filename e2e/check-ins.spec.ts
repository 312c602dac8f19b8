import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mailedLink, toast, uniqueEmail, VIEWPORTS } from './helpers';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A date at the Harbour Bar, proposed by one member and accepted by the other. */
async function acceptedDate({
  proposer,
  invitee,
  conversationId,
  startsAt,
  headers,
}: {
  proposer: Page;
  invitee: Page;
  conversationId: string;
  startsAt: Date;
  headers: { origin: string };
}) {
  const answer = await proposer.request.post('/api/date-plans', {
    headers,
    data: { conversationId, startsAt: startsAt.toISOString(), place: 'Harbour Bar' },
  });
  const plan = (await answer.json()) as { id: string };
  await invitee.request.post(`/api/date-plans/${plan.id}/answer`, { headers, data: { action: 'accept' } });
  return plan;
}

test('[CHECK-IN] a member names a trusted contact who confirms, sets a check-in for a date, is asked, and answers', async ({
  newPage,
  newMatch,
  headers,
}) => {
  test.setTimeout(120_000);
  const { first: nora, second: theo, conversationId, matchId } = await newMatch(['Nora', 'Theo']);
  const page = nora.page;
  // Nora has seen the match already ("It's a match!" would otherwise greet her first page).
  await page.request.post(`/api/matches/${matchId}/seen`, { data: {}, headers });
  await page.setViewportSize(VIEWPORTS[0]);

  // Settings: name the contact; they get an invitation.
  const contactEmail = uniqueEmail('mia');
  await page.goto('/settings#trusted-contact');
  const section = page.locator('#trusted-contact');
  await section.getByRole('button', { name: 'Add a trusted contact' }).click();
  // Each attempt shows its own problems under the fields (not the browser's bubble, not the last attempt's).
  await section.getByRole('button', { name: 'Send invitation' }).click();
  await expect(section.getByRole('alert')).toHaveText(['Enter their name', 'Please enter a valid email address.']);
  await section.getByLabel('Their name').fill('Mia');
  await section.getByLabel('Their email').fill('not-an-address');
  await section.getByRole('button', { name: 'Send invitation' }).click();
  await expect(section.getByRole('alert')).toHaveText(['Please enter a valid email address.']);
  await section.getByLabel('Their email').fill(contactEmail);
  await section.getByRole('button', { name: 'Send invitation' }).click();
  await toast(page, 'Invitation sent to Mia');
  await expect(section.getByText('waiting for them to confirm')).toBeVisible();

  // The contact confirms from the mailed link: opening it does nothing until the button is pressed.
  const contact = await newPage();
  await contact.goto(await mailedLink(contact, contactEmail, 'trusted contact'));
  await expect(contact.getByRole('heading', { name: 'Be a trusted contact' })).toBeVisible();
  await contact.getByRole('button', { name: 'Yes, I will be their contact' }).click();
  await expect(contact.getByRole('status')).toHaveText("Thank you. You are now Nora's trusted contact.");
  await contact.screenshot({ path: test.info().outputPath('trusted-contact-confirmed.png') });
  await page.reload();
  await expect(section.getByText('confirmed')).toBeVisible();

  // An accepted date tomorrow, then the check-in on the calendar.
  const startsAt = new Date(Date.now() + DAY);
  await acceptedDate({ proposer: page, invitee: theo.page, conversationId, startsAt, headers });
  await page.goto('/calendar');
  const card = page.getByLabel('Date with Theo');
  const panel = card.getByLabel('Date check-in');
  await card.getByRole('button', { name: 'Set a check-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Check in during your date' });
  await dialog.getByLabel('Email my contact if I have not answered after').selectOption('15');
  await dialog.getByLabel(/A note for your contact/).fill('Meeting Theo at the Harbour Bar, then a walk.');
  await dialog.getByRole('button', { name: 'Set check-in' }).click();
  await toast(page, 'Check-in set');
  await expect(panel).toContainText('We will ask you at');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`calendar-check-in-${viewport.width}.png`) });
  }

  // The time comes (the server's clock is moved on): the member is asked, and says they are OK.
  await page.request.post('/api/dev/clock', { headers, data: { advanceMs: DAY + 2 * HOUR + 60_000 } });
  await expect(async () => {
    await page.reload();
    await expect(panel.getByRole('alert')).toContainText('Are you OK?', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.screenshot({ path: test.info().outputPath('calendar-asked-390.png') });
  await panel.getByRole('button', { name: "I'm OK" }).click();
  await toast(page, 'Glad you are OK');
  await expect(panel).toContainText('You checked in: all good.');
});

test('[CHECK-IN][MATCH ENDED] when the date unmatches, her check-in stays on the calendar with what it was set for, until she turns it off', async ({
  newMatch,
  headers,
}) => {
  const { first: nora, second: theo, conversationId, matchId } = await newMatch(['Nora', 'Theo']);
  const page = nora.page;
  await page.request.post(`/api/matches/${matchId}/seen`, { data: {}, headers });
  const contactEmail = uniqueEmail('mia');
  await page.request.put('/api/trusted-contact', { headers, data: { name: 'Mia', email: contactEmail } });
  const token = new URL(await mailedLink(page, contactEmail, 'trusted contact')).searchParams.get('token');
  await page.request.post('/api/trusted-contact/confirm', { headers, data: { token } });
  // Days ahead: an earlier test may have moved the server's clock on by one.
  const startsAt = new Date(Date.now() + 3 * DAY);
  const plan = await acceptedDate({ proposer: page, invitee: theo.page, conversationId, startsAt, headers });
  const set = await page.request.put(`/api/date-plans/${plan.id}/check-in`, {
    headers,
    data: { checkAt: new Date(startsAt.getTime() + 2 * HOUR).toISOString(), graceMinutes: 30 },
  });
  expect(set.status()).toBe(200);

  // Theo unmatches: the date leaves the calendar, the check-in does not.
  expect((await theo.page.request.delete(`/api/matches/${matchId}`, { headers })).status()).toBe(200);
  await page.goto('/calendar');
  const kept = page.getByRole('region', { name: 'Check-ins still on' }).getByLabel('Date with Theo');
  await expect(kept).toContainText('Harbour Bar');
  await expect(kept).toContainText('This match has ended: your check-in stays on until you turn it off.');
  await expect(kept).toContainText('We will ask you at');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.screenshot({
      path: test.info().outputPath(`calendar-check-in-kept-${viewport.width}.png`),
      fullPage: true,
    });
  }
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByText('Your check-in stays on').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await kept.getByRole('button', { name: 'Turn off' }).click();
  await toast(page, 'Check-in turned off');
  await expect(page.getByRole('region', { name: 'Check-ins still on' })).toHaveCount(0);
});
