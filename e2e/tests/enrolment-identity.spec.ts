import { signInAs } from '../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { enterEnrolmentCode, latestEnrolmentCode } from '../fixtures/enrolment';
import { type Browser, expect, type Page, test, waitsForTheApp } from '../fixtures/test';

/**
 * Issue 22, findings 2 and 3 in the browser: an enrolment signs in only the browser that entered the code e-mailed
 * to the address (decision 0008), and never as an account that existed before.
 */

const uniqueEmail = (label: string) =>
  `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

async function newBrowser(browser: Browser) {
  const context = await browser.newContext();
  const page = waitsForTheApp(await context.newPage());
  return { page, close: () => context.close() };
}

/** Details and the plan, then 'Proceed to Payment': the page asks for the e-mailed code. */
async function checkoutAs(page: Page, email: string, fullName: string) {
  await page.goto('/onboarding/checkout');
  await page.getByLabel('Full name').fill(fullName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('(918) 555-0142');
  await page.getByLabel('City').fill('Tulsa');
  await page.getByLabel('State').fill('OK');
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Continue to Payment Options' }).click();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
}

async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 30');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Riley Brooks');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

const sessionUser = async (page: Page) =>
  (await (await page.request.get('/api/auth/session')).json()).user as {
    email: string;
    roles: string[];
  } | null;

/** Confirm's POST as the page sends it (page.request sends no Origin of its own; the server insists on one). */
const postConfirm = (page: Page, email: string, fullName: string) =>
  page.request.post('/api/enrolments/current/confirm', {
    data: { fullName, email, phone: '(918) 555-0142', city: 'Tulsa', state: 'OK' },
    headers: { origin: new URL(page.url()).origin },
  });

test('two browsers, one e-mail: the second never takes the first one’s enrolment, and only the browser that entered the code is signed in', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('two-browsers');
  // The owner's browser: the code from their mailbox opens the checkout.
  await checkoutAs(page, email, 'Riley Brooks');
  await expect(page.getByText(/We sent a 6-digit code to your email/)).toContainText(email);
  await expectNoSeriousA11yViolations(page);
  await enterEnrolmentCode(page);
  await expect(page).toHaveURL(/\/test-checkout\/cs_test_/);
  const mine = (await (await page.request.get('/api/enrolments/current')).json()) as { id: string };

  // Another browser submits the checkout with the same address: it gets its own enrolment, with a code it
  // does not have; a guess is refused and no checkout opens.
  const other = await newBrowser(browser);
  await checkoutAs(other.page, email, 'Mallory Vance');
  const ownersCode = await latestEnrolmentCode(page, email);
  const guess = ownersCode === '000000' ? '000001' : '000000';
  await other.page.getByLabel('6-digit code').fill(guess);
  await other.page.getByRole('button', { name: 'Verify and continue to payment' }).click();
  await expect(other.page.getByText('This code is not right.')).toBeVisible();
  await expect(other.page.getByLabel('6-digit code')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(other.page);
  await expect(other.page).toHaveURL(/\/onboarding\/checkout$/);
  const theirs = (await (await other.page.request.get('/api/enrolments/current')).json()) as {
    id: string;
    emailVerified: boolean;
  };
  expect(theirs.id).not.toBe(mine.id);
  expect(theirs.emailVerified).toBe(false);
  // The owner's enrolment is still the owner's.
  expect((await (await page.request.get('/api/enrolments/current')).json()).id).toBe(mine.id);

  // The owner pays and confirms: signed in as themselves.
  await payWith(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/onboarding\/payment-confirmation$/);
  await page.getByRole('button', { name: "I've Completed Payment" }).click();
  await expect(page).toHaveURL(/\/onboarding\/confirmation$/);
  await page.getByRole('button', { name: 'Continue to Document Signing' }).click();
  await expect(page).toHaveURL(/\/onboarding\/documents$/);
  expect(await sessionUser(page)).toMatchObject({ email, roles: ['trainer'] });

  // The other browser: the address is taken now; its confirm signs no one in.
  const refused = await postConfirm(other.page, email, 'Mallory Vance');
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error.code).toBe('already_enrolled');
  expect(await sessionUser(other.page)).toBeNull();
  await other.page.goto('/onboarding/confirmation');
  await expect(other.page.getByText('We have not received confirmation of your payment yet.')).toBeVisible();
  expect(await sessionUser(other.page)).toBeNull();
  await other.close();
});

test('a pre-enrolled address that an admin later makes an administrator: confirm does not sign in as them', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('later-admin');
  await checkoutAs(page, email, 'Mallory Vance');
  await enterEnrolmentCode(page);
  await expect(page).toHaveURL(/\/test-checkout\/cs_test_/);

  // Later, an administrator adds the address as an administrator.
  const admin = await newBrowser(browser);
  await signInAs(admin.page, 'admin@soulpunch.example');
  await expect(admin.page).toHaveURL(/\/admin$/);
  const added = await admin.page.request.post('/api/admin/administrators', {
    data: { email },
    headers: { origin: new URL(admin.page.url()).origin },
  });
  expect(added.status()).toBe(201);
  await admin.close();

  // The kept enrolment can no longer be paid, nor confirmed: the address is an account now.
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('alert')).toContainText(
    'This email already belongs to an enrolled trainer. Please sign in instead.',
  );
  await expectNoSeriousA11yViolations(page);
  const refused = await postConfirm(page, email, 'Mallory Vance');
  expect(refused.status()).toBe(409);
  expect(await sessionUser(page)).toBeNull();
  await page.goto('/onboarding/confirmation');
  await expect(page.getByText('We have not received confirmation of your payment yet.')).toBeVisible();
  expect(await sessionUser(page)).toBeNull();
  await page.goto('/admin');
  await expect(page).not.toHaveURL(/\/admin$/);
});
