import { signInAs } from '../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { createClassAs } from '../fixtures/classes';
import { waitForMail } from '../fixtures/mailbox';
import { type APIRequestContext, expect, test } from '../fixtures/test';

// A generated demo trainer (apps/server/src/demo/demo-data.ts), publicly listed, that no other spec touches.
const TRAINER = 'taylor.thompson@example.com';
const TRAINER_NAME = 'Taylor Thompson';
const VISITOR = 'visitor.classes@example.com';
const ZONE = 'America/Chicago';

// The class is in Chicago and so is the trainer's browser; classes-rules.spec.ts shows a class in another zone.
test.use({ timezoneId: ZONE });

/** 'YYYY-MM-DD' in the class's zone, `days` from now. */
function dayFromNow(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(Date.now() + days * 86_400_000);
}

/** The demo data's classes are 2 days out or later: a class tomorrow is the trainer's soonest. */
const classDate = dayFromNow(1);
const classTitle = `Playwright Self-Defense ${Date.now().toString(36)}`;
const monthName = (date: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(`${date}T00:00:00Z`),
  );

// Sign-in, a dialog and axe checks in one test: a busy shared machine needs more than the default minute.
test.describe.configure({ timeout: 180_000 });

/** A change made through another client shows in the public pages within 2 s; the rest is the pages' loading. */
const UNTIL_PUBLIC_MS = 15_000;

/**
 * Each test's own class of the trainer's (the first test makes one through the dialog): 2:00-4:00 PM, 12 places,
 * in Chicago. Its own title, so no test depends on another's class or is confused by it.
 */
async function classOfTheTrainer(
  request: APIRequestContext,
  baseURL: string | undefined,
  title: string,
  date = classDate,
) {
  return createClassAs(request, baseURL as string, TRAINER, {
    title,
    date,
    startTime: '14:00',
    location: 'Lincoln Park Field House, Chicago, IL',
    timeZone: ZONE,
    capacity: 12,
  });
}

test('a trainer adds a class through the dialog and sees it on the calendar', async ({ page }) => {
  await signInAs(page, TRAINER);
  await expect(page).toHaveURL(/\/trainer-portal\/dashboard$/);
  const session = (await (await page.request.get('/api/auth/session')).json()) as {
    user: { trainerId: number };
  };
  const trainerId = session.user.trainerId;

  await page.goto('/trainer-portal/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Class Calendar' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Class' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Class' });
  await expect(dialog.getByLabel('Class title')).toHaveValue('2-Hour Basic Self-Defense Class');
  await expect(dialog.getByLabel('Price ($)')).toHaveValue('75');

  await dialog.getByLabel('Class title').fill(classTitle);
  await dialog.getByLabel('Date').fill(classDate);
  await dialog.getByRole('combobox', { name: 'Start hour' }).selectOption('2');
  await expect(dialog.getByRole('combobox', { name: 'Start AM/PM' })).toHaveValue('PM');
  await expect(dialog.getByRole('combobox', { name: 'End hour' })).toHaveValue('4');
  await dialog.getByLabel('Location').fill('Lincoln Park Field House, Chicago, IL');
  await dialog.getByLabel('Capacity').fill('12');
  const created = page.waitForResponse(
    (r) => r.url().endsWith(`/api/trainers/${trainerId}/classes`) && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Add Class' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  expect(((await response.json()) as { id: number }).id).toBeGreaterThan(0);

  await expect(page.getByText('Class Added')).toBeVisible();
  await expect(page.getByText('Your new class has been added to the calendar.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const heading = page.getByRole('heading', { level: 2, name: monthName(classDate) });
  if (!(await heading.isVisible())) await page.getByRole('button', { name: 'Next month' }).click();
  await expect(heading).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^2:00 PM C[SD]T ${classTitle}`) })).toBeVisible();
  const upcoming = page.getByRole('region', { name: 'Upcoming Classes' });
  await expect(upcoming.getByRole('button', { name: classTitle })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the new class is listed for visitors: classes, calendar, profile and directory card', async ({
  page,
  request,
  baseURL,
}) => {
  const classTitle = `Playwright Listed ${Date.now().toString(36)}`;
  const { id: classId, trainerId } = await classOfTheTrainer(request, baseURL, classTitle);

  await page.goto('/public/classes');
  await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Classes & Workshops' })).toBeVisible();
  await page.getByLabel('Search').fill(classTitle);
  const card = page.getByRole('article', { name: classTitle });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`with ${TRAINER_NAME}`);
  await expect(card).toContainText('12 spots left');
  await expect(card).toContainText('2:00 PM - 4:00 PM');
  await expect(card.getByRole('link', { name: 'View Details' })).toHaveAttribute(
    'href',
    `/public/class/${classId}`,
  );

  // Made through the API, not this browser: the public answers show it within 2 s (decision record 0012), so each
  // page is opened again until it does (the rest of the bound is the page's own loading on a shared machine).
  await expect(async () => {
    await page.goto('/public-calendar');
    await expect(page.getByRole('heading', { level: 1, name: 'Find Self-Defense Classes' })).toBeVisible();
    await page.getByLabel('Location').selectOption('IL');
    // The segmented control's radios are visually hidden; a person clicks the label.
    await page.getByText('List', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();
    await page.getByRole('button', { name: classTitle }).click({ timeout: 2_000 });
  }).toPass({ timeout: UNTIL_PUBLIC_MS });
  const details = page.getByRole('dialog', { name: 'Class Details' });
  await expect(details.getByText('Contact Taylor for registration')).toBeVisible();
  await expect(details.getByRole('link', { name: 'View Class Details' })).toHaveAttribute(
    'href',
    `/public/class/${classId}`,
  );

  await expect(async () => {
    await page.goto(`/public/trainer/${trainerId}`);
    await expect(page.getByRole('heading', { level: 1, name: TRAINER_NAME })).toBeVisible();
    await expect(page.getByRole('heading', { name: classTitle })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: UNTIL_PUBLIC_MS });

  const trainerCard = page.getByRole('article', { name: TRAINER_NAME });
  await expect(async () => {
    await page.goto('/find-trainer');
    await page.getByLabel('Search trainers').fill(TRAINER_NAME);
    await expect(trainerCard).toBeVisible();
    // The card shows the trainer's two soonest classes; tomorrow's is the first.
    await expect(trainerCard.getByText(classTitle)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: UNTIL_PUBLIC_MS });
});

test('a visitor registers on the details page and the spots left drop by one', async ({
  page,
  request,
  baseURL,
}) => {
  // A day after the demo data's soonest: tomorrow's classes stay the directory card's two soonest.
  const classTitle = `Playwright Register ${Date.now().toString(36)}`;
  const { id: classId, trainerId } = await classOfTheTrainer(request, baseURL, classTitle, dayFromNow(4));

  await page.goto(`/public/class/${classId}`);
  await expect(page.getByRole('heading', { level: 1, name: classTitle })).toBeVisible();
  await expect(page.getByText(/^2:00 PM - 4:00 PM C[SD]T$/)).toBeVisible();
  await expect(page.getByRole('link', { name: TRAINER_NAME })).toHaveAttribute(
    'href',
    `/public/trainer/${trainerId}`,
  );
  await expect(page.getByTestId('spots-left')).toHaveText('12 spots left');

  await page.getByLabel('Name').fill('Vera Visitor');
  await page.getByLabel('E-mail').fill(VISITOR);
  await page.getByRole('button', { name: 'Reserve My Spot' }).click();
  await expect(
    page.getByText("You're registered! Check your e-mail for the confirmation and calendar invite."),
  ).toBeVisible();
  await expect(page.getByTestId('spots-left')).toHaveText('11 spots left');

  // The confirmation's cancel link asks before it cancels: opening it changes nothing.
  const cancelLink = await waitForMail(
    page.request,
    VISITOR,
    new RegExp(`https?://\\S+/public/class/${classId}\\?cancel=[\\w%-]+`),
  );
  await page.goto(cancelLink);
  await expect(page.getByRole('button', { name: 'Cancel my registration' })).toBeVisible();
  await expect(page.getByTestId('spots-left')).toHaveText('11 spots left');
  await page.getByRole('button', { name: 'Cancel my registration' }).click();
  await expect(page.getByText(/Your registration has been cancelled/)).toBeVisible();
  await expect(page.getByTestId('spots-left')).toHaveText('12 spots left');
  // The used link no longer offers to cancel.
  await page.goto(cancelLink);
  await expect(
    page.getByText('This registration was already cancelled. There is nothing more to do.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel my registration' })).toHaveCount(0);
});

test('the public class pages have no serious accessibility issue', async ({ page, request, baseURL }) => {
  const classTitle = `Playwright Accessible ${Date.now().toString(36)}`;
  const { id: classId } = await classOfTheTrainer(request, baseURL, classTitle, dayFromNow(4));

  await page.goto('/public/classes');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/public/class/${classId}`);
  await expect(page.getByRole('form', { name: 'Register for this class' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/public-calendar');
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Self-Defense/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
