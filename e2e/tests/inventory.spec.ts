import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { signInAs } from '../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { signInThroughApi } from '../fixtures/classes';
import { expect, test, waitsForTheApp } from '../fixtures/test';

// Inventory and shipping (decision record 0017): an admin ships a new trainer's starter kit and the trainer sees
// the tracking number on a phone; a trainer asks for a replacement with a photo and an admin approves it.

const ADMIN = 'admin@soulpunch.example';
const PHONE = { width: 390, height: 844 };

/** An API client of its own, signed in as this person. */
async function apiAs(baseURL: string, email: string): Promise<{ api: APIRequestContext; trainerId: number }> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  return { api, trainerId: await signInThroughApi(api, baseURL, email) };
}

/** A trainer of this test alone: added by the admin, paid offline, the three documents signed, trained. */
async function readyTrainer(baseURL: string, admin: APIRequestContext, first: string) {
  const surname = Array.from({ length: 8 }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join('');
  const name = `${first} ${surname[0]?.toUpperCase()}${surname.slice(1)}`;
  const email = `${first.toLowerCase()}.${surname}@example.com`;
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
  for (const doc of documents) {
    const signed = await trainer.post(`/api/documents/${doc.id}/sign`, {
      data: { templateHash: doc.templateHash, agreed: true, fullName: name },
    });
    expect(signed.status(), await signed.text()).toBe(200);
  }
  const trained = await trainer.put(`/api/trainers/${id}/onboarding/weekly_training_access`, {
    data: { completed: true },
  });
  expect(trained.status(), await trained.text()).toBe(200);
  await trainer.dispose();
  return { id, name, email };
}

test('an admin ships the starter kit a certificate brings; the trainer sees its tracking number on a phone', async ({
  page,
  browser,
  baseURL,
}) => {
  const { api: admin } = await apiAs(baseURL as string, ADMIN);
  const trainer = await readyTrainer(baseURL as string, admin, 'Kit');
  // The existing issue flow: the certificate brings the starter kit's shipment, to pack.
  const issued = await admin.post(`/api/trainers/${trainer.id}/certification-record/issue`, {
    data: { reason: 'Completed Train the Trainer' },
  });
  expect(issued.status(), await issued.text()).toBe(200);

  await signInAs(page, ADMIN);
  await page.goto('/admin/inventory');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory Management' })).toBeVisible();
  await expect(page.getByText(/coming soon/i)).toHaveCount(0);
  await expect(page.getByRole('rowheader', { name: /Rubber training knife/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The other new screens, each checked once: the starter kit, the accounting report, the dashboard's insights.
  await page.getByRole('tab', { name: 'Starter kit' }).click();
  await expect(page.getByRole('rowheader', { name: 'Trainer workbook', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('tab', { name: 'Accounting' }).click();
  await expect(page.getByRole('table', { name: /by month$/ })).toContainText('Total');
  await expectNoSeriousA11yViolations(page);
  await page.goto('/admin?view=insights');
  await expect(
    page.getByRole('region', { name: 'Trainers per state' }).locator('svg path').first(),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Revenue per month' }).getByRole('link', { name: 'Download CSV' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/admin/inventory?tab=shipments');
  const kit = page.getByRole('listitem', { name: new RegExp(`to ${trainer.name}$`) });
  await expect(kit).toContainText('Starter kit');
  await expect(kit).toContainText('1 x Trainer workbook');
  await kit.getByRole('button', { name: 'Ship' }).click();
  const dialog = page.getByRole('dialog', { name: `Ship to ${trainer.name}` });
  await dialog.getByRole('combobox', { name: /Carrier/ }).click();
  await page.getByRole('option', { name: 'UPS' }).click();
  await dialog.getByRole('textbox', { name: /Tracking number/ }).fill('1Z999AA10123456784');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Mark as Shipped' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(kit).toHaveCount(0); // no longer to pack
  // The filter's segments are labels over visually hidden radios.
  await page.locator('label[for$="-shipped"]').click();
  await expect(page.getByRole('listitem', { name: new RegExp(`to ${trainer.name}$`) })).toContainText(
    '1Z999AA10123456784',
  );

  const context = await browser.newContext({ viewport: PHONE });
  const portal = waitsForTheApp(await context.newPage());
  await signInAs(portal, trainer.email);
  await expect(portal).toHaveURL(/\/trainer-portal\/dashboard$/);
  const card = portal.getByRole('region', { name: 'Shipments' });
  await expect(card.getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute(
    'href',
    'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  );
  await expect(card).toContainText('Shipped');
  await card.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(portal);
  await context.close();
  await admin.dispose();
});

test('a trainer asks for a replacement with a photo; an admin approves it and it becomes a shipment', async ({
  page,
  browser,
  baseURL,
}) => {
  const { api: admin } = await apiAs(baseURL as string, ADMIN);
  const trainer = await readyTrainer(baseURL as string, admin, 'Rory');

  const context = await browser.newContext({ viewport: PHONE });
  const portal = waitsForTheApp(await context.newPage());
  await signInAs(portal, trainer.email);
  const card = portal.getByRole('region', { name: 'Shipments' });
  await card.getByRole('button', { name: 'Request a Replacement' }).click();
  const form = portal.getByRole('dialog', { name: 'Request a replacement' });
  await form.getByRole('combobox', { name: /Item/ }).click();
  await portal.getByRole('option', { name: 'Kick shield (Equipment)' }).click();
  await form
    .getByRole('textbox', { name: /What happened/ })
    .fill('The kick shield split along the seam in class.');
  // A small PNG, as a phone's camera roll would give one.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4pBqDFTEMLQkApxlQwVPc/0EAAAAASUVORK5CYII=',
    'base64',
  );
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'shield.png', mimeType: 'image/png', buffer: png });
  await expectNoSeriousA11yViolations(portal);
  await form.getByRole('button', { name: 'Send Request' }).click();
  await expect(form).toHaveCount(0);
  const mine = card.getByRole('list', { name: 'Your replacement requests' });
  await expect(mine).toContainText('1 x Kick shield');
  await expect(mine).toContainText('Waiting for review');

  await signInAs(page, ADMIN);
  await page.goto('/admin/inventory?tab=requests');
  const request = page.getByRole('listitem', { name: new RegExp(`from ${trainer.name}$`) });
  await expect(request).toContainText('The kick shield split along the seam in class.');
  await expect(
    request.getByRole('img', { name: `Photo of the Kick shield from ${trainer.name}` }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await request.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve the replacement' });
  await dialog.getByRole('textbox', { name: /Note for the trainer/ }).fill('A new shield is on its way.');
  await dialog.getByRole('button', { name: 'Approve Request' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('tab', { name: /Shipments/ }).click();
  const shipment = page.getByRole('listitem', { name: new RegExp(`to ${trainer.name}$`) });
  await expect(shipment).toContainText('Replacement');
  await expect(shipment).toContainText('1 x Kick shield');
  await expect(shipment).toContainText('To pack');

  await portal.reload();
  await expect(mine).toContainText('Approved');
  await expect(mine).toContainText('A new shield is on its way.');
  await expect(card).toContainText('To pack');
  await context.close();
  await admin.dispose();
});
