import { signInAs } from '../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { expect, test } from '../fixtures/test';

// Demo data: the administrator (apps/server/src/demo/demo-data.ts).
const ADMIN = 'admin@soulpunch.example';
const ADMIN_NAME = 'Alex Morgan';
const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;

test("Settings has every planned setting built and no 'Coming Soon': accounts and integrations", async ({
  page,
}) => {
  await signInAs(page, ADMIN);
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText([
    'Accounts',
    'Notifications',
    'Branding',
    'Integrations',
    'Certification',
  ]);
  await expect(page.getByRole('table', { name: 'Administrators' })).toContainText(ADMIN);
  await expect(page.getByRole('region', { name: 'Staff' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Role history' })).toBeVisible();
  await expect(page.getByText('Coming Soon')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\?tab=integrations$/);
  for (const provider of ['Payments', 'Mail', 'Storage', 'Assistant model']) {
    await expect(page.getByRole('region', { name: provider })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Payments' })).toContainText('Provider: Test provider');
  await expect(page.getByRole('region', { name: 'Storage' })).toContainText('Reachable');
  await expectNoSeriousA11yViolations(page);
});

test('an admin adds a trainer from the Trainers page, finds them in the list, and their history says who added them', async ({
  page,
}) => {
  const trainer = { name: `Nia Newton ${stamp}`, email: `nia.${stamp}@example.com` };
  await signInAs(page, ADMIN);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Trainers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Portal' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Trainer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Trainer' });
  await expect(dialog).toContainText('The new trainer receives an e-mail with a link to sign in.');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('textbox', { name: 'Name' }).fill(trainer.name);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(trainer.email);
  await dialog.getByRole('button', { name: 'Add Trainer' }).click();

  await expect(page.getByText(`${trainer.name} has been e-mailed a sign-in link.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search trainers' }).fill(trainer.email);
  // The search is in the address once it has run (a View pressed before would be undone by it).
  await expect(page).toHaveURL(/\?q=nia\./);
  await expect(page.getByRole('status')).toHaveText('Matching trainers: 1');
  const row = page.getByRole('listitem', { name: trainer.name });
  await expect(row).toBeVisible();

  await row.getByRole('link', { name: `View ${trainer.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: trainer.name })).toBeVisible();
  const history = page.getByRole('region', { name: 'Change history' });
  await expect(history).toContainText(`${ADMIN_NAME} (${ADMIN})`);
  await expect(history).toContainText(`Trainer added: ${trainer.name} <${trainer.email}>`);
  await expectNoSeriousA11yViolations(page);
});

test('publishing a template version says so and shows its campaign at once, without a reload', async ({
  page,
}) => {
  await signInAs(page, ADMIN);
  await page.goto('/admin/documents/templates');
  // The title stays: other tests sign the three documents by their titles.
  const waiver = page.getByRole('region', { name: 'Liability Waiver' });
  const campaign = waiver.getByText(/^Version \d+: \d+ of \d+ signed, \d+ waiting, \d+ expired$/);
  await expect(campaign).toBeVisible();
  const before = Number((await campaign.textContent())?.match(/^Version (\d+)/)?.[1]);
  expect(before).toBeGreaterThan(0);

  const text = waiver.getByRole('textbox', { name: 'Document text' });
  await text.fill(`${await text.inputValue()}\n\nReviewed ${stamp}.`);
  await waiver.getByRole('button', { name: 'Publish new version' }).click();
  const dialog = page.getByRole('dialog', { name: `Publish version ${before + 1} of Liability Waiver?` });
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Publish' }).click();

  await expect(page.getByText(`Liability Waiver version ${before + 1} is published.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(campaign).toHaveText(new RegExp(`^Version ${before + 1}: `));
  await expect(waiver.getByText(`Version ${before + 1}`, { exact: true })).toBeVisible();
  await expect(waiver.getByRole('button', { name: 'Publish new version' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
});

test("a visitor at '/' finds enrolment and the public site, and the checkout leads back to both", async ({
  page,
}) => {
  await page.goto('/');
  const ways = page.getByRole('navigation', { name: 'Soul Punch' });
  await expect(ways.getByRole('link', { name: 'Visit the Soul Punch site' })).toHaveAttribute(
    'href',
    '/public',
  );
  await expectNoSeriousA11yViolations(page);
  await ways.getByRole('link', { name: 'Become a certified trainer' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Become a Certified Soul Punch Trainer' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page
    .getByRole('navigation', { name: 'Soul Punch' })
    .getByRole('link', { name: 'Back to the Soul Punch site' })
    .click();
  await expect(page).toHaveURL(/\/public$/);
});
