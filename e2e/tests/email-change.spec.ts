import { signInAs, signInThroughTheForm } from '../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { mailTo, waitForMail } from '../fixtures/mailbox';
import { expect, type Page, test } from '../fixtures/test';

// The trainer is new to this test (added by the demo admin), so changing their address touches no other spec.
const ADMIN = 'admin@soulpunch.example';
const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
const OLD_EMAIL = `mover.${stamp}@example.com`;
const NEW_EMAIL = `moved.${stamp}@example.com`;

test.describe.configure({ timeout: 180_000 });

/** The confirmation link e-mailed to the new address. */
const confirmationLink = (page: Page, email: string) =>
  waitForMail(page.request, email, /https?:\/\/\S+\/auth\/confirm-email\?token=[\w-]+/);

test('a trainer changes their sign-in e-mail through a link sent to the new address', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  const added = await page.request.post('/api/admin/trainers', {
    data: { name: 'Morgan Mover', email: OLD_EMAIL },
    headers: { origin: baseURL ?? '' },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.context().clearCookies();

  await signInAs(page, OLD_EMAIL);
  await expect(page).toHaveURL(/\/trainer-portal\/dashboard$/);
  await page.goto('/trainer-portal/profile');
  const emailField = page.getByRole('textbox', { name: /^Email/ });
  await expect(emailField).toHaveValue(OLD_EMAIL);
  await emailField.fill(NEW_EMAIL);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText(`A confirmation link was sent to ${NEW_EMAIL}.`).first()).toBeVisible();

  // Back on the editor: the address is unchanged and the change waits, with what to do next.
  await page.goto('/trainer-portal/profile');
  await expect(page.getByRole('textbox', { name: /^Email/ })).toHaveValue(OLD_EMAIL);
  const notice = page.getByRole('status').filter({ hasText: 'Confirm your new e-mail' });
  await expect(notice).toContainText(`A confirmation link was sent to ${NEW_EMAIL}.`);
  await expect(notice).toContainText(`Your sign-in e-mail stays ${OLD_EMAIL}`);
  await expect(notice.getByRole('button', { name: 'Cancel the change' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The old address is told, without the link.
  const told = (await mailTo(page.request, OLD_EMAIL)).find((m) => /about to change/.test(m.subject));
  expect(told?.text).toContain(NEW_EMAIL);
  expect(told?.text).not.toMatch(/confirm-email|token=/);

  // Opened in a browser that is signed out, the link waits for the button.
  const link = await confirmationLink(page, NEW_EMAIL);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/trainer-portal\/login$/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm your new e-mail' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Confirm new e-mail' }).click();
  await expect(page.getByText(`Your sign-in e-mail is now ${NEW_EMAIL}.`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The old address no longer signs in; the new one does.
  await page.goto('/trainer-portal/login');
  await page.getByLabel(/email/i).fill(OLD_EMAIL);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('This email is not registered in our system. Please try again.')).toBeVisible();
  await signInThroughTheForm(page, NEW_EMAIL);
  await expect(page).toHaveURL(/\/trainer-portal\/dashboard$/);
  await page.goto('/trainer-portal/profile');
  await expect(page.getByRole('textbox', { name: /^Email/ })).toHaveValue(NEW_EMAIL);
  await expect(page.getByText('Confirm your new e-mail')).toHaveCount(0);

  // The link worked once.
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm new e-mail' }).click();
  await expect(page.getByText(/invalid, has expired or was already used/)).toBeVisible();
});
