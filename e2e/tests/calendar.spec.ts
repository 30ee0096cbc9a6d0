import { signInAs } from '../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { mailTo } from '../fixtures/mailbox';
import { type Browser, expect, type Page, test, waitsForTheApp } from '../fixtures/test';

// The trainer is new to this test (added by the demo admin), so registering and booking touch no other spec's
// trainer; the session's title carries the same stamp, so a retry finds its own.
const ADMIN = 'admin@soulpunch.example';
const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
const TRAINER = { name: 'Casey Calendar', email: `calendar.${stamp}@example.com` };
const SESSION = `Train the Trainer ${stamp.slice(-6)}`;
const PHONE = { width: 390, height: 844 };

test.describe.configure({ timeout: 240_000 });

/** Three days ahead, in the browser's own zone (the forms' default zone). */
function inThreeDays(): { day: string; long: string } {
  const d = new Date(Date.now() + 3 * 86_400_000);
  const day = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    d,
  );
  const long = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
  return { day, long };
}

async function onPhone(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  return { page: waitsForTheApp(await context.newPage()), close: () => context.close() };
}

async function addToCalendar(page: Page, what: string) {
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  await page.getByRole('menuitem', { name: what }).click();
  // The menu closes as the dialog opens: checks of the dialog (axe's among them) come once it has gone.
  await expect(page.getByRole('menu')).toHaveCount(0);
  return page.getByRole('dialog', { name: what });
}

test('an admin publishes slots and a session; a trainer books and registers; attendance records the training', async ({
  browser,
  baseURL,
}) => {
  const { day, long } = inThreeDays();
  const admin = await onPhone(browser);
  const trainer = await onPhone(browser);
  try {
    await signInAs(admin.page, ADMIN);
    const added = await admin.page.request.post('/api/admin/trainers', {
      data: TRAINER,
      headers: { origin: baseURL ?? '' },
    });
    expect(added.status(), await added.text()).toBe(201);

    // The admin's Calendar, phone first: the agenda, and the forms in a dialog.
    await admin.page.goto('/admin/calendar');
    await expect(admin.page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
    await expectNoSeriousA11yViolations(admin.page);
    // The month grid fits a phone: seven columns of counts, nothing scrolls sideways.
    await admin.page.getByText('Month', { exact: true }).click();
    await expect(admin.page.getByRole('group', { name: 'Month' })).toBeVisible();
    const overflow = await admin.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(admin.page);
    await admin.page.getByText('Agenda', { exact: true }).click();

    const slots = await addToCalendar(admin.page, 'Publish consultation slots');
    await slots.getByLabel('Date').fill(day);
    await slots.getByLabel('Start time').fill('10:00');
    await slots.getByLabel('Number of slots').fill('2');
    await expectNoSeriousA11yViolations(admin.page);
    await slots.getByRole('button', { name: 'Publish slots' }).click();
    await expect(admin.page.getByText('2 consultation slots trainers can book.')).toBeVisible();

    const session = await addToCalendar(admin.page, 'New training session');
    await session.getByLabel('Title').fill(SESSION);
    await session.getByLabel('Date').fill(day);
    await session.getByLabel('Place').fill('Soul Punch HQ, Tulsa, OK');
    await session.getByLabel('Seats').fill('4');
    await session.getByRole('button', { name: 'Schedule session' }).click();
    await expect(admin.page.getByText(`${SESSION}`).first()).toBeVisible();
    const dayOnAgenda = admin.page.getByRole('region', { name: long });
    await expect(dayOnAgenda.getByRole('button', { name: `${SESSION}, 9:00 AM - 5:00 PM` })).toBeVisible();

    // The trainer registers for the session and books the first slot from the portal's Calendar.
    await signInAs(trainer.page, TRAINER.email);
    await trainer.page.goto('/trainer-portal/calendar');
    const sessionCard = trainer.page.getByRole('article', { name: SESSION });
    await sessionCard.getByRole('button', { name: 'Register' }).click();
    await expect(sessionCard.getByText('Registered', { exact: true })).toBeVisible();
    await trainer.page
      .getByRole('button', { name: `Book ${long}, 10:00 AM - 10:30 AM` })
      .first()
      .click();
    await expect(trainer.page.getByText('Consultation booked', { exact: true }).first()).toBeVisible();
    await expect(trainer.page.getByRole('article', { name: `Consultation ${day}` })).toBeVisible();
    await expectNoSeriousA11yViolations(trainer.page);

    // Both were e-mailed the invite.
    const subjects = (await mailTo(admin.page.request, TRAINER.email)).map((m) => m.subject);
    expect(subjects).toContain(`You're registered: ${SESSION}`);
    expect(subjects.some((s) => s.startsWith('Consultation booked: Casey Calendar with'))).toBe(true);

    // The admin sees the booking and marks the trainer's attendance.
    await admin.page.reload();
    await expect(dayOnAgenda.getByText('Consultation: Casey Calendar')).toBeVisible();
    await dayOnAgenda.getByRole('button', { name: `${SESSION}, 9:00 AM - 5:00 PM` }).click();
    const attended = admin.page.getByRole('checkbox', { name: `${TRAINER.name} attended` });
    // The box shows what the server holds: it turns checked once the attendance is saved.
    await attended.click();
    await expect(admin.page.getByText(`${TRAINER.name} attended: their training is recorded.`)).toBeVisible();
    await expect(attended).toBeChecked();
    await expectNoSeriousA11yViolations(admin.page);

    // The trainer's dashboard shows the training done: its date is the session's.
    await trainer.page.goto('/trainer-portal/dashboard');
    const trainingDate = trainer.page
      .getByText('Training Date', { exact: true })
      .locator('xpath=following-sibling::*[1]');
    await expect(trainingDate).toHaveText(long.slice(long.indexOf(', ') + 2));
  } finally {
    await admin.close();
    await trainer.close();
  }
});
