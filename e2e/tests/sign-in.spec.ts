import { signInThroughTheForm } from '../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { expect, test } from '../fixtures/test';

// Demo data accounts (apps/server/src/demo/demo-data.ts).
const ADMIN = 'admin@soulpunch.example';
// A generated trainer who is not also an administrator (headquarters' Jasmine Carter is both).
const TRAINER = 'marcus.nguyen@example.com';

test('an admin signs in through the e-mailed link and lands on the admin dashboard', async ({ page }) => {
  await signInThroughTheForm(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Trainer Onboarding Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation').getByText('Trainers')).toBeVisible();
});

test('a trainer signs in, sees the dashboard, and logs out', async ({ page }) => {
  await signInThroughTheForm(page, TRAINER);
  await expect(page).toHaveURL(/\/trainer-portal\/dashboard$/);
  await expect(page.getByText(/^Welcome back, Marcus .+!$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin View' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logging out')).toBeVisible();
  await expect(page).toHaveURL(/\/trainer-portal\/login$/);
  // The session ended on the server: the portal sends us back to the login.
  await page.goto('/trainer-portal/dashboard');
  await expect(page).toHaveURL(/\/trainer-portal\/login$/);
});

test('a used link is refused on the confirm page', async ({ page }) => {
  const used = await signInThroughTheForm(page, TRAINER);
  await expect(page).toHaveURL(/\/trainer-portal\/dashboard$/);
  await page.goto(used);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/invalid, has expired or was already used/)).toBeVisible();
});

test('the login form checks the e-mail and names an unknown one', async ({ page }) => {
  await page.goto('/trainer-portal/login');
  await expect(page.getByRole('heading', { name: 'Trainer Portal' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel(/email/i).fill('not-an-email');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  await page.getByLabel(/email/i).fill('stranger@example.com');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('This email is not registered in our system. Please try again.')).toBeVisible();
});

test('a visitor opening an admin page is sent to the login', async ({ page }) => {
  await page.goto('/admin/trainers');
  await expect(page).toHaveURL(/\/trainer-portal\/login$/);
});
