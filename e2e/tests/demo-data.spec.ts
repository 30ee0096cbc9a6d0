import { signInAs } from '../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { expect, type Page, test } from '../fixtures/test';

// The demo tells one story everywhere (apps/server/src/demo): who paid, who signed, and so who the public sees.
// Trainers of the generated demo: Carmen Hughes paid and signed; Hannah and Danielle Johnson too, while Maria
// Johnson's documents wait and Olivia Johnson has not paid (no other spec edits these Johnsons); Priya Perry's documents wait for her signature, Priya Garcia's expired; Tiffany Hernandez is past due on the flex
// plan; David Hernandez has not paid; Megan Perry paid in full and signed.
const ADMIN = 'admin@soulpunch.example';
const TRAINER = 'megan.perry@example.com';

const cards = (page: Page) => page.getByRole('article');

async function search(page: Page, text: string) {
  await page.getByLabel('Search trainers').fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${text}`));
}

test('a visitor finds the trainers in good standing and none of those who have not paid or signed', async ({
  page,
}) => {
  await page.goto('/find-trainer');
  await expect(cards(page).first()).toBeVisible();
  await search(page, 'Johnson');
  await expect(cards(page).getByRole('heading', { name: 'Hannah Johnson' })).toBeVisible();
  await expect(cards(page).getByRole('heading', { name: 'Danielle Johnson' })).toBeVisible();
  await expect(cards(page)).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);

  await search(page, 'Priya');
  await expect(page.getByText('No trainers found')).toBeVisible();
  await search(page, 'Hernandez');
  await expect(page.getByText('No trainers found')).toBeVisible();
});

test('an admin finds documents signed, waiting and expired, and reminds a trainer who has not signed', async ({
  page,
}) => {
  await signInAs(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/documents');
  await page.getByRole('tab', { name: 'All Documents' }).click();
  const all = page.getByRole('tabpanel', { name: 'All Documents' });
  await expect(all.getByRole('article', { name: 'Trainer Agreement, Carmen Hughes' })).toContainText(
    /signed/i,
  );
  await expect(all.getByRole('article', { name: 'Trainer Agreement, Priya Garcia' })).toContainText(
    /expired/i,
  );
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: 'Pending' }).click();
  const waiting = page
    .getByRole('tabpanel', { name: 'Pending' })
    .getByRole('article', { name: 'Trainer Agreement, Priya Perry' });
  await waiting.getByRole('button', { name: 'Send Reminder' }).click();
  await expect(
    page.getByText('A reminder has been sent to the trainer to sign this document.'),
  ).toBeVisible();
  await expect(waiting.getByText(/^Reminder sent: [A-Z][a-z]{2} \d/)).toBeVisible();
});

test('a trainer opens a resource and reads its guide, served by the app', async ({ page, context }) => {
  await signInAs(page, TRAINER);
  await expect(page).toHaveURL(/\/trainer-portal\/dashboard$/);
  const card = page
    .locator('.mantine-Card-root')
    .filter({ has: page.getByRole('heading', { name: 'Self-Defense Video Library' }) });
  const [guide] = await Promise.all([
    context.waitForEvent('page'),
    card.getByRole('link', { name: 'Open Resource' }).click(),
  ]);
  await expect(guide).toHaveURL(/\/guides\/video-library$/);
  await expect(
    guide.getByRole('heading', { level: 1, name: 'The Self-Defense Video Library' }),
  ).toBeVisible();
  await expect(guide.getByRole('heading', { name: 'How to use it' })).toBeVisible();
  await expectNoSeriousA11yViolations(guide);
});
