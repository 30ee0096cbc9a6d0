import { signInAs } from '../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { expect, type Page, test } from '../fixtures/test';

// Demo data (apps/server/src/demo/demo-data.ts): the admin, and the headquarters trainer in Tulsa, OK,
// whose profile is complete (every checkbox ticked, so unticking two lowers her scores).
const ADMIN = 'admin@soulpunch.example';
const ADMIN_NAME = 'Alex Morgan';
const TRAINER = 'Jasmine Carter';

async function overallScore(page: Page): Promise<string | null> {
  return page.getByRole('progressbar', { name: /^Overall \d+%$/ }).getAttribute('aria-label');
}

test('an admin finds a trainer, edits and saves them, and a cancelled edit changes nothing', async ({
  page,
}) => {
  await signInAs(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Trainers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Portal' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(/Total trainers: \d+/);
  await expect(page.getByRole('listitem').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Search is case-insensitive and lives in the address.
  await page.getByRole('searchbox', { name: 'Search trainers' }).fill('tULSA');
  await expect(page).toHaveURL(/\?q=tULSA$/);
  await expect(page.getByRole('status')).toHaveText(/Matching trainers: \d+/);
  const rows = page.getByRole('list', { name: 'Trainers' }).getByRole('listitem');
  await expect(rows.first()).toContainText('Tulsa, OK');
  for (const row of await rows.all()) await expect(row).toContainText('Tulsa, OK');
  const jasmine = page.getByRole('listitem', { name: TRAINER });
  await expect(jasmine.getByRole('progressbar')).toHaveCount(5);
  await expect(jasmine.getByText('High')).toBeVisible();

  await jasmine.getByRole('link', { name: `View ${TRAINER}` }).click();
  await expect(page).toHaveURL(/\/admin\/trainers\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: TRAINER })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Training Engagement' })).toBeVisible();
  await expect(page.getByText('No changes recorded yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const overallBefore = await overallScore(page);

  // Edit: a new phone and two business checkboxes.
  await page.getByRole('button', { name: 'Edit Trainer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Trainer Profile' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('textbox', { name: 'Phone' }).fill('(918) 555-0142');
  await page.getByRole('checkbox', { name: 'Payment processor account (Stripe)' }).uncheck();
  await page.getByRole('checkbox', { name: 'PayPal' }).uncheck();
  await page.getByRole('button', { name: 'Save Changes' }).click();

  await expect(page.getByText('Trainer updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: TRAINER })).toBeVisible();
  await expect(page.getByText('(918) 555-0142', { exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Business Setup 50%' })).toBeVisible();
  expect(await overallScore(page)).not.toBe(overallBefore);

  const history = page.getByRole('region', { name: 'Change history' });
  await expect(history).toContainText(ADMIN_NAME);
  await expect(history).toContainText('→ (918) 555-0142');
  await expect(history).toContainText('Payment processor account (Stripe): Yes → No');
  await expect(history).toContainText('PayPal: Yes → No');

  // Cancel throws the draft away.
  await page.getByRole('button', { name: 'Edit Trainer' }).click();
  await page.getByRole('textbox', { name: 'Phone' }).fill('(918) 555-0199');
  await page.getByRole('textbox', { name: 'City' }).fill('Nowhere');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: TRAINER })).toBeVisible();
  await expect(page.getByText('(918) 555-0142', { exact: true })).toBeVisible();
  await expect(page.getByText('(918) 555-0199', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Nowhere')).toHaveCount(0);

  // The save is on the server, not just in the page.
  await page.reload();
  await expect(page.getByText('(918) 555-0142', { exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Business Setup 50%' })).toBeVisible();

  // Back to the list keeps the search.
  await page.getByRole('link', { name: 'Back to Trainers' }).click();
  await expect(page).toHaveURL(/\/admin\/trainers\?q=tULSA$/);
  await expect(page.getByRole('listitem', { name: TRAINER })).toContainText('(918) 555-0142');
});

test('the dashboard counts open the filtered list, and settings pass the accessibility check', async ({
  page,
}) => {
  await signInAs(page, ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Trainer Onboarding Dashboard' })).toBeVisible();
  await expect(page.getByText('No pending documents')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: /^Completed/ }).click();
  await expect(page).toHaveURL(/\/admin\/trainers\?paymentStatus=completed$/);
  await expect(page.getByText('Payment: Completed')).toBeVisible();
  const rows = page.getByRole('list', { name: 'Trainers' }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) await expect(row).toContainText('Completed');

  await page.goto('/admin/settings');
  await expect(page.getByRole('table', { name: 'Administrators' })).toContainText(ADMIN);
  await expectNoSeriousA11yViolations(page);
});
