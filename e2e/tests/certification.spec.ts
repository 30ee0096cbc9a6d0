import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { signInAs } from '../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { signInThroughApi } from '../fixtures/classes';
import { expect, type Page, test, waitsForTheApp } from '../fixtures/test';

// The certification record on a phone (decision record 0014): a trainer whose certificate is due (the demo's,
// who attended a refresher lately) renews from the portal; an admin issues a certificate to a trainer who has paid, signed and trained,
// then suspends it, and the trainer's standing follows.

const ADMIN = 'admin@soulpunch.example';
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

interface CertificationView {
  status: string;
  expiresOn: string | null;
  daysLeft: number | null;
  certificateNumber: string | null;
}

const longDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

/** An API client of its own, signed in as this person (no page's cookies shared). */
async function apiAs(baseURL: string, email: string): Promise<{ api: APIRequestContext; trainerId: number }> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const trainerId = await signInThroughApi(api, baseURL, email);
  return { api, trainerId };
}

/** The demo's certificate due for renewal (demo-stories.ts issues one to expire 45 days after loading). */
async function trainerDueForRenewal(admin: APIRequestContext) {
  const trainers = (await (
    await admin.get('/api/trainers?paymentStatus=completed&limit=200')
  ).json()) as Array<{
    id: number;
    name: string;
    email: string;
  }>;
  for (const trainer of trainers) {
    const record = (await (
      await admin.get(`/api/trainers/${trainer.id}/certification-record`)
    ).json()) as CertificationView;
    if (record.status === 'renewal_due' && record.daysLeft === 45) return { ...trainer, record };
  }
  throw new Error('The demo data has no certificate due for renewal');
}

const certificateCard = (page: Page) => page.getByRole('region', { name: 'Certificate' });
/** The checklist's training step (a trainer who completed every step sees the completion message instead). */
const weeklyTraining = (page: Page) =>
  page
    .getByRole('list', { name: 'Onboarding checklist' })
    .getByRole('listitem')
    .filter({ has: page.getByText('Weekly Live Training Link', { exact: true }) });

test('a trainer whose certificate is due sees it and what renewal requires, and renews 2 years from the old expiry', async ({
  page,
  baseURL,
}) => {
  const { api: admin } = await apiAs(baseURL as string, ADMIN);
  const trainer = await trainerDueForRenewal(admin);
  const oldExpiry = trainer.record.expiresOn as string;
  const newExpiry = `${Number(oldExpiry.slice(0, 4)) + 2}${oldExpiry.slice(4)}`;

  await signInAs(page, trainer.email);
  await expect(page).toHaveURL(/\/trainer-portal\/dashboard$/);
  const alert = page.getByRole('alert').filter({ hasText: 'Your certification renewal is due' });
  await expect(alert).toContainText(`expires on ${longDay(oldExpiry)} (in 45 days)`);
  const card = certificateCard(page);
  await expect(card.getByText('Renewal due')).toBeVisible();
  await expect(card.getByText(trainer.record.certificateNumber as string)).toBeVisible();
  // The demo's trainer attended the weekly live training lately: the refresher renewal requires.
  await expect(card.getByRole('list', { name: 'What renewal requires' })).toContainText(
    'A refresher training session attended since renewal came due: done',
  );
  await expect(card).toContainText(`valid through ${longDay(newExpiry)}`);
  await expectNoSeriousA11yViolations(page);

  await card.getByRole('button', { name: 'Renew Certification' }).click();
  await expect(card.getByText('Certified', { exact: true })).toBeVisible();
  await expect(card.getByText(longDay(newExpiry), { exact: true })).toBeVisible();
  await expect(page.getByText('Your certification renewal is due')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const record = (await (
    await admin.get(`/api/trainers/${trainer.id}/certification-record`)
  ).json()) as CertificationView & { history: Array<{ action: string; by: string }> };
  expect(record).toMatchObject({ status: 'certified', expiresOn: newExpiry });
  expect(record.history[0]).toMatchObject({ action: 'renewed', by: trainer.name });
  await admin.dispose();
});

/** A trainer of this test alone: added by the admin, paid offline and with the three documents signed. */
async function paidAndSignedTrainer(baseURL: string, admin: APIRequestContext) {
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
  const surname = `${letters[0]?.toUpperCase()}${letters.slice(1).join('')}`;
  const name = `Cora ${surname}`;
  const email = `cora.${surname.toLowerCase()}@example.com`;
  const added = await admin.post('/api/admin/trainers', { data: { name, email } });
  expect(added.status(), await added.text()).toBe(201);
  const { id } = (await added.json()) as { id: number };
  const paid = await admin.post(`/api/trainers/${id}/payments/offline`, {
    data: { method: 'cheque', plan: 'full', reason: 'Cheque received', requestId: crypto.randomUUID() },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  const { api: trainer } = await apiAs(baseURL, email);
  const consent = (await (await trainer.get('/api/esign-consent')).json()) as {
    disclosure: { version: number; sha256: string };
  };
  await trainer.post('/api/esign-consent', {
    data: { disclosureVersion: consent.disclosure.version, disclosureSha256: consent.disclosure.sha256 },
  });
  const documents = (await (await trainer.get(`/api/trainers/${id}/documents`)).json()) as Array<{
    id: number;
    templateHash: string;
  }>;
  expect(documents).toHaveLength(3);
  for (const doc of documents) {
    const signed = await trainer.post(`/api/documents/${doc.id}/sign`, {
      data: { templateHash: doc.templateHash, agreed: true, fullName: name },
    });
    expect(signed.status(), await signed.text()).toBe(200);
  }
  await trainer.dispose();
  return { id, name, email };
}

async function actWithReason(page: Page, action: string, reason: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: action });
  await dialog.getByRole('textbox', { name: /Reason/ }).fill(reason);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: action }).click();
  await expect(dialog).toHaveCount(0);
}

test('an admin issues the certificate once paid, signed and trained, then suspends it; the trainer sees each', async ({
  page,
  browser,
  baseURL,
}) => {
  const { api: admin } = await apiAs(baseURL as string, ADMIN);
  const trainer = await paidAndSignedTrainer(baseURL as string, admin);
  const standing = async () =>
    (await (await admin.get(`/api/trainers/${trainer.id}/standing`)).json()) as {
      listed: boolean;
      reasons: string[];
    };

  // The trainer, on a phone: in training, and attends the weekly live training (the checklist's training step).
  const context = await browser.newContext({ viewport: PHONE });
  const portal = waitsForTheApp(await context.newPage());
  await signInAs(portal, trainer.email);
  await expect(portal).toHaveURL(/\/trainer-portal\/dashboard$/);
  await expect(certificateCard(portal).getByText('In training')).toBeVisible();
  await expectNoSeriousA11yViolations(portal);
  await weeklyTraining(portal).getByRole('button', { name: 'Mark Complete' }).click();
  await expect(weeklyTraining(portal).getByRole('button', { name: 'Completed' })).toBeVisible();

  // The admin, on a phone, issues it from the trainer's page.
  await signInAs(page, ADMIN);
  await page.goto(`/admin/trainers/${trainer.id}`);
  const panel = page.getByRole('region', { name: 'Certificate' });
  await expect(panel.getByText('In training').first()).toBeVisible();
  await actWithReason(page, 'Issue Certificate', 'Completed Train the Trainer in Tulsa');
  await expect(panel.getByText('Certified', { exact: true }).first()).toBeVisible();
  await expect(panel.getByText(/Certificate number: SP-[0-9A-F]{4}(-[0-9A-F]{4}){3}/)).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Certification history' })).toContainText(
    'Completed Train the Trainer in Tulsa',
  );
  expect(await standing()).toEqual({ listed: true, reasons: [] });
  await expectNoSeriousA11yViolations(page);

  await portal.reload();
  await expect(certificateCard(portal).getByText('Certified', { exact: true })).toBeVisible();

  await actWithReason(page, 'Suspend', 'Complaint under review');
  await expect(panel.getByText('Suspended', { exact: true }).first()).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Certification history' })).toContainText(
    'Complaint under review',
  );
  expect((await standing()).listed).toBe(false);
  await portal.reload();
  await expect(certificateCard(portal).getByText('Suspended', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(portal);

  await context.close();
  await admin.dispose();
});
