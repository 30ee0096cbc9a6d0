import { signInAs } from '../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { type Browser, expect, type Page, test, waitsForTheApp } from '../fixtures/test';

/**
 * Issue 23: the admin's engagement bars and the trainer's checklist read the same stored facts, so a change on
 * either side shows on the other.
 */

const ADMIN = 'admin@soulpunch.example';
// Demo trainers other specs sign in as or edit: this one leaves them alone.
const USED_ELSEWHERE = new Set([
  'jasmine.carter@soulpunch.example',
  'olivia.johnson@example.com',
  'marcus.nguyen@example.com',
  'aaliyah.foster@example.com',
  'carmen.hughes@example.com',
  'sofia.ross@example.com',
  'taylor.thompson@example.com',
  'jessica.campbell@example.com',
  'nicole.garcia@example.com',
  'megan.perry@example.com',
  'rosa.patel@example.com',
  // reviews.spec.ts rates her class and features one of her reviews.
  'sofia.mitchell@example.com',
  // certification.spec.ts renews the demo's certificate that is due (demo-stories.ts).
  'taylor.wood@example.com',
  // renewal-fee.spec.ts pays the renewal fee of the demo's second certificate due.
  'jordan.wood@example.com',
]);

interface Trainer {
  id: number;
  name: string;
  email: string;
}

/**
 * A paid demo trainer without the video library or the WhatsApp group, read from the server as the admin sees it
 * (the demo data is generated, so its values are not assumed here).
 */
async function pickTrainer(admin: Page): Promise<Trainer> {
  const res = await admin.request.get('/api/trainers?paymentStatus=completed&limit=200');
  expect(res.ok()).toBe(true);
  const paid = (await res.json()) as Array<Trainer & { isHeadquarters: boolean }>;
  for (const trainer of paid.reverse()) {
    if (trainer.isHeadquarters || USED_ELSEWHERE.has(trainer.email)) continue;
    const full = await (await admin.request.get(`/api/trainers/${trainer.id}/full`)).json();
    if (!full.profile.hasVideoLibrary && !full.profile.inWhatsApp) return trainer;
  }
  throw new Error('The demo data has no paid trainer without the video library and WhatsApp');
}

async function newBrowser(browser: Browser) {
  const context = await browser.newContext();
  const page = waitsForTheApp(await context.newPage());
  return { page, close: () => context.close() };
}

/** A score bar's value, from its accessible name ('Material Access 60%'). */
async function score(scope: Page | ReturnType<Page['getByRole']>, label: string): Promise<number> {
  const bar = scope.getByRole('progressbar', { name: new RegExp(`^${label} \\d+%$`) });
  return Number(await bar.getAttribute('aria-valuenow'));
}

const stepRow = (page: Page, label: string) =>
  page
    .getByRole('list', { name: 'Onboarding checklist' })
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) });

test("an admin's tick shows in the trainer's checklist, and the trainer's mark moves the admin's bar", async ({
  page,
  browser,
}) => {
  await signInAs(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  const trainer = await pickTrainer(page);

  // The admin grants the video library.
  await page.goto(`/admin/trainers/${trainer.id}`);
  await expect(page.getByRole('heading', { level: 1, name: trainer.name })).toBeVisible();
  const materialBefore = await score(page, 'Material Access');
  const communityBefore = await score(page, 'Community Engagement');
  await page.getByRole('button', { name: 'Edit Trainer' }).click();
  await page.getByRole('checkbox', { name: 'Video library' }).check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Trainer updated successfully')).toBeVisible();
  // One of the five materials more.
  await expect(
    page.getByRole('progressbar', { name: `Material Access ${materialBefore + 20}%` }),
  ).toBeVisible();

  // The trainer's checklist says it is done; the trainer joins the WhatsApp group there.
  const portal = await newBrowser(browser);
  try {
    await signInAs(portal.page, trainer.email);
    await expect(portal.page).toHaveURL(/\/trainer-portal\/dashboard$/);
    const video = stepRow(portal.page, 'Video Library Access');
    await expect(video.getByRole('button', { name: 'Completed' })).toBeVisible();
    await expectNoSeriousA11yViolations(portal.page);
    const whatsApp = stepRow(portal.page, 'WhatsApp Access');
    await whatsApp.getByRole('button', { name: 'Mark Complete' }).click();
    await expect(portal.page.getByText('WhatsApp Access marked as complete.')).toBeVisible();
    await expect(whatsApp.getByRole('button', { name: 'Completed' })).toBeVisible();
  } finally {
    await portal.close();
  }

  // The admin's Community bar moved, on the detail and in the list (one of its four items more).
  await page.reload();
  await expect(
    page.getByRole('progressbar', { name: `Community Engagement ${communityBefore + 25}%` }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto(`/admin/trainers?q=${encodeURIComponent(trainer.email)}`);
  const row = page.getByRole('listitem', { name: trainer.name });
  await expect(row.getByRole('progressbar', { name: `Community ${communityBefore + 25}%` })).toBeVisible();
  await expect(
    row.getByRole('progressbar', { name: `Material Access ${materialBefore + 20}%` }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
