import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { signInAs } from '../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { signInThroughApi } from '../fixtures/classes';
import { expect, type Page, test, waitsForTheApp } from '../fixtures/test';

// The renewal fee (decision records 0002 and 0014): an administrator makes renewal require the fee (Settings), and
// the demo's second certificate due (jordan.wood, demo-stories.ts; no other spec uses this trainer) is renewed by
// paying it from the portal, on a phone, through the test provider's checkout. The setting is put back after.

const ADMIN = 'admin@soulpunch.example';
const TRAINER = 'jordan.wood@example.com';
const PHONE = { width: 390, height: 844 };

interface CertificationView {
  status: string;
  expiresOn: string;
  renewal: { feeCents: number | null; canPayFee: boolean };
  history: Array<{ action: string; by: string | null }>;
}

const longDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
/** US dollars as the app writes them: the amount comes from the server, never a literal here. */
const usd = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 ? 2 : 0 })}`;

async function apiAs(baseURL: string, email: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  await signInThroughApi(api, baseURL, email);
  return api;
}

async function trainerIdOf(admin: APIRequestContext, email: string): Promise<number> {
  const trainers = (await (
    await admin.get('/api/trainers?paymentStatus=completed&limit=200')
  ).json()) as Array<{
    id: number;
    email: string;
  }>;
  const trainer = trainers.find((t) => t.email === email);
  if (!trainer) throw new Error(`The demo data has no ${email}`);
  return trainer.id;
}

/** Settings' Certification tab, as the administrator uses it: only the fee ticked, then saved. */
async function requireOnlyTheFee(page: Page) {
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: 'Certification' }).click();
  const card = page.getByRole('region', { name: 'Certificate Renewal' });
  await expect(card.getByRole('checkbox').first()).toBeVisible();
  for (const box of await card.getByRole('checkbox').all()) {
    const label = (await box.getAttribute('value')) ?? '';
    if (label === 'fee') await box.check();
    else await box.uncheck();
  }
  await expectNoSeriousA11yViolations(page);
  await card.getByRole('button', { name: 'Save Requirements' }).click();
  await expect(page.getByText('Renewal requirements saved')).toBeVisible();
  await expect(card).toContainText('Last changed by');
}

test('a trainer whose certificate is due pays the renewal fee from the portal and sees the new expiry', async ({
  browser,
  baseURL,
}) => {
  const admin = await apiAs(baseURL as string, ADMIN);
  const before = (await (await admin.get('/api/admin/certification-settings')).json()) as {
    renewalRequires: string[];
  };
  const adminContext = await browser.newContext();
  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  try {
    const trainerId = await trainerIdOf(admin, TRAINER);
    const recordOf = async () =>
      (await (
        await admin.get(`/api/trainers/${trainerId}/certification-record`)
      ).json()) as CertificationView;
    const due = await recordOf();
    expect(due.status).toBe('renewal_due');
    const newExpiry = `${Number(due.expiresOn.slice(0, 4)) + 2}${due.expiresOn.slice(4)}`;

    const adminPage = waitsForTheApp(await adminContext.newPage());
    await signInAs(adminPage, ADMIN);
    await requireOnlyTheFee(adminPage);
    const fee = (await recordOf()).renewal;
    expect(fee.canPayFee).toBe(true);
    const amount = usd(fee.feeCents as number);

    // The trainer, on a phone: what renewal requires, then the fee at the provider's (test) checkout.
    const page = waitsForTheApp(await phone.newPage());
    await signInAs(page, TRAINER);
    await expect(page).toHaveURL(/\/trainer-portal\/dashboard$/);
    const card = page.getByRole('region', { name: 'Certificate' });
    await expect(card.getByText('Renewal due')).toBeVisible();
    await expect(card.getByRole('list', { name: 'What renewal requires' })).toContainText(
      `The renewal fee of ${amount} paid: not yet`,
    );
    await expect(card).toContainText(`Paying the renewal fee of ${amount} renews your certificate at once.`);
    await expect(card).toContainText(`valid through ${longDay(newExpiry)}`);
    await expectNoSeriousA11yViolations(page);

    await card.getByRole('button', { name: 'Pay Renewal Fee' }).click();
    await expect(page).toHaveURL(/\/test-checkout\/cs_test_/);
    await expect(page.getByText(/Certification Renewal/)).toBeVisible();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 30');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Jordan Wood');
    await page.getByRole('button', { name: `Pay ${amount}` }).click();

    // Back on the dashboard: renewed, 2 years from the old expiry.
    await expect(page).toHaveURL(/\/trainer-portal\/dashboard$/);
    await expect(card.getByText('Certified', { exact: true })).toBeVisible();
    await expect(card.getByText(longDay(newExpiry), { exact: true })).toBeVisible();
    await expect(page.getByText('Your certification renewal is due')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    const renewed = await recordOf();
    expect(renewed).toMatchObject({ status: 'certified', expiresOn: newExpiry });
    expect(renewed.history[0]).toMatchObject({ action: 'renewed', by: 'Jordan Wood' });
    // The admin's ledger shows the fee, labelled as a renewal.
    await adminPage.goto(`/admin/trainers/${trainerId}`);
    await expect(adminPage.getByRole('region', { name: 'Payment ledger' })).toContainText(
      `Renewal fee (was valid through`,
    );
  } finally {
    await admin.put('/api/admin/certification-settings', {
      data: { renewalRequires: before.renewalRequires },
    });
    await admin.dispose();
    await adminContext.close();
    await phone.close();
  }
});
