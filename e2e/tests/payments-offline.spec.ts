import { signInAs } from '../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { mailTo } from '../fixtures/mailbox';
import { expect, type Page, test, waitsForTheApp } from '../fixtures/test';

const ADMIN = 'admin@soulpunch.example';
const ADMIN_NAME = 'Alex Morgan';

/** A trainer of this test alone (tests run side by side on the same demo data). */
function newTrainer() {
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
  const surname = `${letters[0]?.toUpperCase()}${letters.slice(1).join('')}`;
  return { name: `Olive ${surname}`, email: `olive.${surname.toLowerCase()}@example.com` };
}

/** The admin adds someone who enrolled outside the checkout (Settings, 'Add Trainer'), then opens their page. */
async function addTrainerAndOpen(page: Page, trainer: { name: string; email: string }) {
  await page.goto('/admin/settings');
  const card = page.getByRole('region', { name: 'Add Trainer' });
  await card.getByRole('textbox', { name: 'Name' }).fill(trainer.name);
  await card.getByRole('textbox', { name: 'Email' }).fill(trainer.email);
  await card.getByRole('button', { name: 'Add Trainer' }).click();
  await expect(page.getByText(`${trainer.name} has been e-mailed a sign-in link.`)).toBeVisible();

  await page.goto(`/admin/trainers?q=${encodeURIComponent(trainer.email)}`);
  const row = page.getByRole('listitem', { name: trainer.name });
  await expect(row).toContainText('Pending');
  await row.getByRole('link', { name: `View ${trainer.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: trainer.name })).toBeVisible();
  await expect(
    page.getByText('No payment plan: this trainer did not enrol through the checkout.'),
  ).toBeVisible();
}

/** 'Record offline payment': how it was paid, which amount, and why. */
async function recordOfflinePayment(page: Page, method: string, amount: RegExp, reason: string) {
  await page.getByRole('button', { name: 'Record offline payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record an offline payment' });
  await dialog.getByRole('combobox', { name: 'How it was paid' }).click();
  await page.getByRole('option', { name: method }).click();
  await dialog.getByRole('radio', { name: amount }).check();
  await dialog.getByRole('textbox', { name: /Reason/ }).fill(reason);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  // Gone, not fading out: the checks that follow see the page as it stands.
  await expect(dialog).toHaveCount(0);
}

test('an admin records a cheque for a trainer they added: paid in the list, detail and ledger, and the portal stops asking', async ({
  page,
  browser,
}) => {
  const trainer = newTrainer();
  await signInAs(page, ADMIN);
  await addTrainerAndOpen(page, trainer);
  await expectNoSeriousA11yViolations(page);

  // The trainer's portal asks for the payment until it is recorded.
  const portal = waitsForTheApp(await (await browser.newContext()).newPage());
  await signInAs(portal, trainer.email);
  await expect(portal).toHaveURL(/\/trainer-portal/);
  const paymentStep = portal.getByRole('listitem').filter({ hasText: 'Payment Completed' });
  await expect(paymentStep.getByText('Pending', { exact: true })).toBeVisible();

  await recordOfflinePayment(
    page,
    'Cheque',
    /The Pay in Full plan/,
    'Cheque 1042 received at the Tulsa office',
  );

  // Detail: the status badge and the ledger, with the note saying how it was paid and why.
  await expect(page.getByText('Paid in full')).toBeVisible();
  const ledger = page.getByRole('region', { name: 'Payment ledger' });
  const firstPayment = ledger.getByRole('row').nth(1);
  await expect(firstPayment.getByText('Paid', { exact: true })).toBeVisible();
  await expect(firstPayment).toContainText(
    'Offline payment (Cheque): Cheque 1042 received at the Tulsa office',
  );
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
  const history = page.getByRole('region', { name: 'Change history' });
  await expect(history).toContainText(ADMIN_NAME);
  await expect(history).toContainText('No payment plan → Offline payment (Cheque): Cheque 1042');
  await expectNoSeriousA11yViolations(page);

  // The list shows them paid.
  await page.goto(`/admin/trainers?q=${encodeURIComponent(trainer.email)}`);
  await expect(page.getByRole('listitem', { name: trainer.name })).toContainText('Completed');

  // The portal no longer asks for payment.
  await portal.reload();
  await expect(paymentStep.getByText('Complete', { exact: true })).toBeVisible();
  await expect(paymentStep.getByText('Pending', { exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(portal);
  await portal.context().close();
});

test('the ledger on a phone: the table scrolls inside its frame, badges whole, statuses in words', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const trainer = newTrainer();
  await signInAs(page, ADMIN);
  await addTrainerAndOpen(page, trainer);
  await recordOfflinePayment(
    page,
    'Bank transfer',
    /One monthly payment of the Flex Plan/,
    'Transfer ref 88213',
  );
  await expect(page.getByText(/^1 of 6 paid/)).toBeVisible();

  const ledger = page.getByRole('region', { name: 'Payment ledger' });
  await expect(ledger.getByRole('row')).toHaveCount(7);
  await expect(ledger.getByText('Paid', { exact: true })).toHaveCount(1);
  await expect(ledger.getByText('Scheduled', { exact: true })).toHaveCount(5);
  await expect(ledger.getByText(/^(paid|scheduled|past_due)$/)).toHaveCount(0);

  // The page itself never scrolls sideways; the ledger does, inside its frame, and reaches its last column.
  const pageOverflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(pageOverflow).toBeLessThanOrEqual(0);
  const frame = await ledger.evaluate((el) => ({ scroll: el.scrollWidth, visible: el.clientWidth }));
  expect(frame.scroll).toBeGreaterThan(frame.visible);
  // Focusable, so a keyboard can scroll it too.
  await ledger.focus();
  await expect(ledger).toBeFocused();
  await ledger.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await expect(ledger.getByRole('columnheader', { name: 'Note' })).toBeInViewport();

  // Every badge shows its whole word (none cut to an ellipsis).
  const cut = await ledger.locator('.mantine-Badge-root').evaluateAll((badges) =>
    badges
      .filter((b) => {
        const label = b.querySelector('.mantine-Badge-label') ?? b;
        return label.scrollWidth > label.clientWidth + 1 || b.scrollWidth > b.clientWidth + 1;
      })
      .map((b) => b.textContent),
  );
  expect(cut).toEqual([]);
  await expectNoSeriousA11yViolations(page);
});

test('an admin e-mails the enrolment link; the trainer follows it, pays by card and is paid everywhere', async ({
  page,
  browser,
}) => {
  const trainer = newTrainer();
  await signInAs(page, ADMIN);
  await addTrainerAndOpen(page, trainer);
  await page.getByRole('button', { name: 'E-mail an enrolment link' }).click();
  await expect(
    page.getByText(`${trainer.email} can now choose a plan and pay from their portal.`),
  ).toBeVisible();

  // The trainer signs in, then opens the link from the e-mail.
  const portal = waitsForTheApp(await (await browser.newContext()).newPage());
  await signInAs(portal, trainer.email);
  await expect(portal.getByRole('status').filter({ hasText: 'Complete your enrolment' })).toBeVisible();
  const invitation = (await mailTo(portal.request, trainer.email)).find(
    (m) => m.subject === 'Complete your Soul Punch Trainer Certification enrolment',
  );
  const link = invitation?.text.match(/https?:\/\/\S+\/trainer-portal\/enrolment/)?.[0];
  expect(link).toBeTruthy();
  await portal.goto(new URL(link as string).pathname);
  await expect(portal.getByRole('heading', { level: 1, name: 'Complete Your Enrolment' })).toBeVisible();
  await expectNoSeriousA11yViolations(portal);
  await portal.getByRole('radio', { name: /Pay in Full/ }).check();
  await portal.getByRole('checkbox', { name: /I agree to the/ }).check();
  await portal.getByRole('button', { name: 'Proceed to Payment' }).click();

  // The provider's page (test mode), then back to the dashboard, paid.
  await expect(portal).toHaveURL(/\/test-checkout\/cs_test_/);
  await portal.getByLabel('Card number').fill('4242 4242 4242 4242');
  await portal.getByLabel('Expiry (MM / YY)').fill('12 / 30');
  await portal.getByLabel('CVC').fill('123');
  await portal.getByLabel('Name on card').fill(trainer.name);
  await portal.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(portal).toHaveURL(/\/trainer-portal\/dashboard$/);
  const paymentStep = portal.getByRole('listitem').filter({ hasText: 'Payment Completed' });
  await expect(paymentStep.getByText('Complete', { exact: true })).toBeVisible();
  await expect(portal.getByText('Complete your enrolment')).toHaveCount(0);
  await expectNoSeriousA11yViolations(portal);
  await portal.context().close();

  await page.reload();
  await expect(page.getByText('Paid in full')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Change history' })).toContainText(
    `Enrolment link e-mailed to ${trainer.email}`,
  );

  // The provider's event names the trainer (a link to their page) and its amount.
  await page.goto('/admin/payment-events');
  const events = page.getByRole('region', { name: 'Payment events' });
  const paidEvent = events
    .getByRole('row')
    .filter({ hasText: 'checkout.session.completed' })
    .filter({ has: page.getByRole('link', { name: trainer.name }) });
  await expect(paidEvent).toHaveCount(1);
  await expect(paidEvent).toContainText(/\$\d[\d,]*/);
  await expectNoSeriousA11yViolations(page);
});
