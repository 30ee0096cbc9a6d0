import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { createClassAs } from '../fixtures/classes';
import { expect, test } from '../fixtures/test';

// What the public pages say in the states a visitor meets on a phone: a directory opened filtered, and a class
// page after the last seat, for a paid class without a payment link.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });
// A sign-in through the API and axe checks on a shared machine.
test.describe.configure({ timeout: 180_000 });

// A demo trainer in good standing (listed publicly, so their classes are) whom no other spec uses.
const TRAINER = 'nicole.garcia@example.com';
const ZONE = 'America/New_York';

test('a popular location brings its results into view, says the filter is on and clears it', async ({
  page,
}) => {
  await page.goto('/find-trainer');
  await page.getByRole('link', { name: 'Houston' }).click();

  await expect(page).toHaveURL(/\/public\/find-trainer\?location=Houston$/);
  const results = page.getByRole('heading', { name: 'Certified Trainers' });
  await expect(results).toBeInViewport();
  await expect(page.getByTestId('active-filters')).toHaveText(/Filtered by Location: Houston/);
  await expect(page.getByRole('article').getByRole('heading', { name: 'David Robinson' })).toBeVisible();
  await expect(page.getByText('1 trainer found')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/public\/find-trainer$/);
  await expect(page.getByTestId('active-filters')).toHaveCount(0);
  await expect(page.getByText(/^\d+ trainers found/)).toBeVisible();
});

test('after the last seat the person who took it sees only that they are registered, and a class without a payment link says how to pay', async ({
  page,
  request,
  baseURL,
}) => {
  const title = `Last Seat ${Date.now().toString(36)}`;
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(Date.now() + 5 * 86_400_000);
  const { id } = await createClassAs(request, baseURL as string, TRAINER, {
    title,
    date,
    startTime: '18:00',
    location: 'Community Center, Boston, MA',
    timeZone: ZONE,
    capacity: 1,
    price: 40,
    paymentLink: null,
  });

  await page.goto(`/public/class/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(
    page.getByText(
      /^This class costs \$40 and has no online payment: contact Nicole( Garcia)? to arrange how to pay\.$/,
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay for this class' })).toHaveCount(0);

  await page.getByLabel('Name').fill('Lena Last');
  await page.getByLabel('E-mail').fill(`last-seat-${Date.now().toString(36)}@example.com`);
  await page.getByRole('button', { name: 'Reserve My Spot' }).click();

  const section = page.getByRole('region', { name: 'Register' });
  await expect(
    section.getByText("You're registered! Check your e-mail for the confirmation and calendar invite."),
  ).toBeVisible();
  await expect(page.getByTestId('spots-left')).toHaveText('Full — join the waitlist');
  await expect(section.getByText(/This class is full/)).toHaveCount(0);
  await expect(section.getByRole('form')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
