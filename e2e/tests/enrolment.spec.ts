import { signInAs } from '../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { enterEnrolmentCode } from '../fixtures/enrolment';
import { type Browser, expect, type Page, test, waitsForTheApp } from '../fixtures/test';

// A new visitor each run: the e-mail must not belong to a trainer yet.
const uniqueEmail = (label: string) =>
  `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function fillDetails(page: Page, email: string) {
  await page.goto('/onboarding/checkout');
  await expect(page.getByRole('tab', { name: 'Your Details' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Full name').fill('Riley Brooks');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('(918) 555-0142');
  await page.getByLabel('City').fill('Tulsa');
  await page.getByLabel('State').fill('OK');
}

async function chooseAndPay(page: Page, plan: 'Pay in Full' | 'Flex Plan', card: string) {
  await page.getByRole('tab', { name: 'Payment Options' }).click();
  await page.getByRole('radio', { name: new RegExp(plan) }).check();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  // The e-mailed code comes first: no checkout opens for an address that is not the visitor's (decision 0008).
  await enterEnrolmentCode(page);
  await expect(page).toHaveURL(/\/test-checkout\/cs_test_/);
  await expect(page.getByText('TEST MODE', { exact: true })).toBeVisible();
  await payWith(page, card);
}

async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 30');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Riley Brooks');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

async function confirmAndSignIn(page: Page) {
  await expect(page).toHaveURL(/\/onboarding\/payment-confirmation$/);
  await expect(page.getByRole('heading', { name: 'Complete Your Payment' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: "I've Completed Payment" }).click();
  await expect(page).toHaveURL(/\/onboarding\/confirmation$/);
  await expect(page.getByRole('heading', { name: 'Payment Completed' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Continue to Document Signing' }).click();
  await expect(page).toHaveURL(/\/onboarding\/documents$/);
  const session = await page.request.get('/api/auth/session');
  return (await session.json()).user as { email: string; trainerId: number };
}

async function asAdmin(browser: Browser) {
  const context = await browser.newContext();
  const page = waitsForTheApp(await context.newPage());
  await signInAs(page, 'admin@soulpunch.example');
  await expect(page).toHaveURL(/\/admin$/);
  return { page, close: () => context.close() };
}

for (const device of ['phone', 'desktop'] as const) {
  test.describe(`enrolment on a ${device}`, () => {
    if (device === 'phone')
      test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('a visitor enrols with the 4242 card, confirms, is signed in and lands on document signing', async ({
      page,
    }) => {
      const email = uniqueEmail(`full-${device}`);
      await fillDetails(page, email);
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page);
      // Without agreeing to the terms the spec's alert stops the visitor.
      await page.getByRole('button', { name: 'Continue to Payment Options' }).click();
      await expect(page.getByRole('alert')).toContainText(
        'Please fill all required fields and agree to the terms.',
      );
      await page.getByLabel(/I agree to the/).check();
      await page.getByRole('button', { name: 'Continue to Payment Options' }).click();
      await expect(page.getByText('$1,997').first()).toBeVisible();
      await expect(page.getByText('6 monthly payments, $2,994 in total.')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await chooseAndPay(page, 'Pay in Full', '4242 4242 4242 4242');
      const user = await confirmAndSignIn(page);
      expect(user.email).toBe(email);
    });

    test('a declined card leaves the enrolment unpaid with a clear message, and another card pays', async ({
      page,
    }) => {
      await fillDetails(page, uniqueEmail(`declined-${device}`));
      await page.getByLabel(/I agree to the/).check();
      await page.getByRole('button', { name: 'Continue to Payment Options' }).click();
      await chooseAndPay(page, 'Pay in Full', '4000 0000 0000 0002');
      await expect(page.getByRole('alert')).toContainText('Your card was declined. No money was taken.');
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page);
      // The confirmation screen still sees an unpaid enrolment.
      const current = await page.request.get('/api/enrolments/current');
      expect(await current.json()).toMatchObject({ paid: false });
      await payWith(page, '4242 4242 4242 4242');
      await confirmAndSignIn(page);
    });

    test('a flex trainer whose second instalment fails sees the banner and pays', async ({
      page,
      browser,
    }) => {
      await fillDetails(page, uniqueEmail(`flex-${device}`));
      await page.getByLabel(/I agree to the/).check();
      await page.getByRole('button', { name: 'Continue to Payment Options' }).click();
      await chooseAndPay(page, 'Flex Plan', '4000 0000 0000 0341');
      const user = await confirmAndSignIn(page);

      // "A month later": the admin bills the next instalment now; the saved 0341 card fails it.
      const admin = await asAdmin(browser);
      // page.request sends no Origin of its own; the server refuses a cookie-carrying write without one.
      const origin = new URL(admin.page.url()).origin;
      const bill = await admin.page.request.post('/api/test-provider/instalments/bill-now', {
        data: { trainerId: user.trainerId },
        headers: { origin },
      });
      expect(bill.status()).toBe(200);
      await admin.page.goto(`/admin/trainers/${user.trainerId}`);
      await expect(admin.page.getByText(/1 of 6 paid/)).toBeVisible();
      await expect(admin.page.getByRole('cell', { name: 'Failed', exact: true })).toBeVisible();
      await admin.close();

      await page.goto('/trainer-portal/dashboard');
      const banner = page.getByRole('alert').filter({ hasText: 'A payment did not go through' });
      await expect(banner).toContainText('Your instalment of $499');
      await expectNoSidewaysScroll(page);
      await banner.getByRole('link', { name: 'Pay now' }).click();
      await expect(page).toHaveURL(/\/test-checkout\/cs_test_/);
      await expect(page.getByText('payment 2 of 6')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await payWith(page, '4242 4242 4242 4242');
      await expect(page).toHaveURL(/\/trainer-portal\/dashboard$/);
      await expect(page.getByText(/2 of 6 paid · next \$499 on/)).toBeVisible();
      await expect(page.getByText('A payment did not go through')).toHaveCount(0);
    });
  });
}

test("an admin reads a self-enrolled trainer's change history starting with the self-enrolment", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('history');
  await fillDetails(page, email);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Continue to Payment Options' }).click();
  await chooseAndPay(page, 'Pay in Full', '4242 4242 4242 4242');
  const user = await confirmAndSignIn(page);

  const admin = await asAdmin(browser);
  await admin.page.goto(`/admin/trainers/${user.trainerId}`);
  await expect(admin.page.getByRole('heading', { level: 1, name: 'Riley Brooks' })).toBeVisible();
  const history = admin.page.getByRole('region', { name: 'Change history' });
  await expect(history.getByRole('listitem').last()).toContainText(
    `Trainer added through the checkout: Riley Brooks <${email}>`,
  );
  await expect(history).toContainText('Self-enrolment · ');
  await expectNoSeriousA11yViolations(admin.page);
  await admin.close();
});

test('welcome lists the Essential Access resources and the way into the portal', async ({ page }) => {
  await signInAs(page, 'jasmine.carter@soulpunch.example');
  await page.goto('/onboarding/welcome');
  await expect(page.getByRole('heading', { name: 'Welcome to Soul Punch' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Essential Access' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the Trainer Portal' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
