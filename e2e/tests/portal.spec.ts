import { signInAs } from '../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { expect, type Locator, type Page, test } from '../fixtures/test';

// A generated demo trainer (apps/server/src/demo/demo-data.ts) that no other spec touches. The steps below read
// the trainer's state instead of assuming it, so a change to the generated data does not break them.
const TRAINER = 'olivia.johnson@example.com';

// The smallest valid PNG: one transparent pixel.
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const checklist = (page: Page) => page.getByRole('list', { name: 'Onboarding checklist' });
const stepRow = (page: Page, label: string) =>
  checklist(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) });

async function openDashboard(page: Page) {
  await expect(page).toHaveURL(/\/trainer-portal\/dashboard$/);
  await expect(page.getByText(/^Welcome back, .+!$/)).toBeVisible();
  await expect(checklist(page)).toBeVisible();
}

/** The overall percentage on the profile editor's completion card. */
async function overallCompletion(page: Page): Promise<number> {
  const bar = page.getByRole('progressbar', { name: 'Profile completion' });
  return Number(await bar.getAttribute('aria-valuenow'));
}

/** Fills the field when it is empty; says whether it did. */
async function fillIfEmpty(field: Locator, value: string): Promise<boolean> {
  if ((await field.inputValue()).trim() !== '') return false;
  await field.fill(value);
  return true;
}

test('onboarding steps a trainer marks stay marked after a reload and a new sign-in', async ({ page }) => {
  await signInAs(page, TRAINER);
  await openDashboard(page);
  await expectNoSeriousA11yViolations(page);

  // Account steps are status, never buttons.
  await expect(stepRow(page, 'Account Created').getByText('Complete', { exact: true })).toBeVisible();
  await expect(stepRow(page, 'Payment Completed').getByRole('button')).toHaveCount(0);
  await expect(stepRow(page, 'Documents Signed').getByRole('button')).toHaveCount(0);

  const open = checklist(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Mark Complete' }) });
  expect(await open.count()).toBeGreaterThanOrEqual(2);
  const labels: string[] = [];
  for (const row of [open.nth(0), open.nth(1)]) {
    labels.push((await row.locator('p').first().textContent()) ?? '');
  }
  for (const label of labels) {
    await stepRow(page, label).getByRole('button', { name: 'Mark Complete' }).click();
    await expect(page.getByText(`${label} marked as complete.`)).toBeVisible();
    await expect(stepRow(page, label).getByRole('button', { name: 'Completed' })).toBeVisible();
  }

  await page.reload();
  await openDashboard(page);
  for (const label of labels) {
    await expect(stepRow(page, label).getByRole('button', { name: 'Completed' })).toBeVisible();
  }

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/trainer-portal\/login$/);
  await signInAs(page, TRAINER);
  await openDashboard(page);
  for (const label of labels) {
    await expect(stepRow(page, label).getByRole('button', { name: 'Completed' })).toBeVisible();
  }
});

test('opening a resource toasts once and marks it visited for good', async ({ page, context }) => {
  await signInAs(page, TRAINER);
  await openDashboard(page);
  const card = page
    .locator('.mantine-Card-root')
    .filter({ has: page.getByRole('heading', { name: 'Trainer Resources Drive' }) });
  await expect(card.getByText('Visited')).toHaveCount(0);

  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    card.getByRole('link', { name: 'Open Resource' }).click(),
  ]);
  await tab.close();
  await expect(page.getByText('Link Opened')).toBeVisible();
  await expect(page.getByText("You've opened Trainer Resources Drive in a new tab.")).toBeVisible();
  await expect(card.getByText('Visited')).toBeVisible();

  await page.reload();
  await openDashboard(page);
  await expect(card.getByText('Visited')).toBeVisible();
  const visit = page.waitForResponse((r) => /\/api\/resources\/\d+\/visits$/.test(r.url()));
  const [again] = await Promise.all([
    context.waitForEvent('page'),
    card.getByRole('link', { name: 'Open Resource' }).click(),
  ]);
  await again.close();
  expect(await (await visit).json()).toEqual({ firstVisit: false });
  await expect(page.getByText('Link Opened')).toHaveCount(0);
});

test('a trainer fills in the profile, saves it and sees the completion rise', async ({ page }) => {
  await signInAs(page, TRAINER);
  await openDashboard(page);
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trainer Profile' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Personal' })).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousA11yViolations(page);
  const before = await overallCompletion(page);

  await page.getByRole('tab', { name: 'Social' }).click();
  const social = page.getByRole('tabpanel', { name: 'Social' });
  let filled = await fillIfEmpty(social.getByLabel('Instagram'), '@olivia_defends');
  filled =
    (await fillIfEmpty(social.getByLabel('Facebook'), 'https://www.facebook.com/olivia.defends')) || filled;
  filled = (await fillIfEmpty(social.getByLabel('Website'), 'https://olivia-defends.example')) || filled;
  await page.getByRole('tab', { name: 'Public Profile' }).click();
  const publicProfile = page.getByRole('tabpanel', { name: 'Public Profile' });
  filled =
    (await fillIfEmpty(
      publicProfile.getByLabel('Public bio'),
      'I help people of every age feel safe and strong.',
    )) || filled;
  await expectNoSeriousA11yViolations(page);
  expect(filled, 'the demo trainer should have some of these fields empty').toBe(true);
  const during = await overallCompletion(page);
  expect(during).toBeGreaterThan(before);

  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile Updated')).toBeVisible();
  await expect(page.getByText('Your profile information has been saved successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/trainer-portal\/dashboard$/);

  await page.goto('/trainer-portal/profile');
  await expect(page.getByRole('tab', { name: 'Personal' })).toBeVisible();
  expect(await overallCompletion(page)).toBe(during);
  await page.getByRole('tab', { name: 'Social' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Social' }).getByLabel('Instagram')).not.toHaveValue('');
});

test('an uploaded picture shows in the editor and on the dashboard', async ({ page }) => {
  await signInAs(page, TRAINER);
  await openDashboard(page);
  await page.goto('/trainer-portal/profile');
  await expect(page.getByRole('tab', { name: 'Personal' })).toBeVisible();

  await page.getByLabel('Upload profile picture').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: ONE_PIXEL_PNG,
  });
  await expect(page.getByText('Picture Updated')).toBeVisible();
  const preview = page.getByRole('img', { name: /^Profile picture of / });
  await expect(preview).toHaveAttribute('src', /^\/api\/pictures\/[\w-]+\.webp$/);
  const src = await preview.getAttribute('src');

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await openDashboard(page);
  const avatar = page.getByRole('img', { name: /^Profile picture of / });
  await expect(avatar).toHaveAttribute('src', src ?? '');
  // The picture really loads (a broken one would fall back to the initials).
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});
