import { readFileSync } from 'node:fs';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { signInAs } from '../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { signInThroughApi } from '../fixtures/classes';
import { type Browser, expect, type Page, test, waitsForTheApp } from '../fixtures/test';

// Proof anyone can check (issue 26 part 4, decision record 0015), on a phone where the trainer and the visitor
// act: a trainer of this test alone books a consultation and is registered for a training session; the admin
// marks the attendance and issues the certificate; the trainer downloads the sealed PDF and the digital
// credential; a visitor checks the number on /verify and reads 'Valid'; the admin revokes it, and the verify page
// and the credential's status both say so.

const ADMIN = 'admin@soulpunch.example';
const PHONE = { width: 390, height: 844 };
const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
const TRAINER = { name: 'Robin Proof', email: `proof.${stamp}@example.com` };
const SESSION = `Train the Trainer ${stamp.slice(-6)}`;

test.describe.configure({ timeout: 240_000 });

/** Two days ahead, in the browser's zone (the forms' default), and as the portal names the day. */
function inTwoDays(): { day: string; long: string } {
  const d = new Date(Date.now() + 2 * 86_400_000);
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

/** The admin's API: adds the trainer, records the payment, publishes a slot and a session. */
async function prepare(baseURL: string, admin: APIRequestContext, day: string) {
  const added = await admin.post('/api/admin/trainers', { data: TRAINER });
  expect(added.status(), await added.text()).toBe(201);
  const { id } = (await added.json()) as { id: number };
  const paid = await admin.post(`/api/trainers/${id}/payments/offline`, {
    data: { method: 'cheque', plan: 'full', reason: 'Cheque received', requestId: crypto.randomUUID() },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const slots = await admin.post('/api/admin/calendar/slots', {
    data: { date: day, startTime: '11:00', timeZone, minutes: 30, count: 1 },
  });
  expect(slots.status(), await slots.text()).toBe(201);
  const session = await admin.post('/api/admin/calendar/sessions', {
    data: {
      title: SESSION,
      date: day,
      startTime: '09:00',
      endTime: '17:00',
      timeZone,
      location: 'Soul Punch HQ, Tulsa, OK',
      capacity: 4,
    },
  });
  expect(session.status(), await session.text()).toBe(201);

  // The trainer signs the three documents through the API (the signing screens have their own spec).
  const trainer = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  await signInThroughApi(trainer, baseURL, TRAINER.email);
  const consent = (await (await trainer.get('/api/esign-consent')).json()) as {
    disclosure: { version: number; sha256: string };
  };
  await trainer.post('/api/esign-consent', {
    data: { disclosureVersion: consent.disclosure.version, disclosureSha256: consent.disclosure.sha256 },
  });
  for (const doc of (await (await trainer.get(`/api/trainers/${id}/documents`)).json()) as Array<{
    id: number;
    templateHash: string;
  }>) {
    const signed = await trainer.post(`/api/documents/${doc.id}/sign`, {
      data: { templateHash: doc.templateHash, agreed: true, fullName: TRAINER.name },
    });
    expect(signed.status(), await signed.text()).toBe(200);
  }
  await trainer.dispose();
  return id;
}

async function actWithReason(page: Page, action: string, reason: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: action });
  await dialog.getByRole('textbox', { name: /Reason/ }).fill(reason);
  await dialog.getByRole('button', { name: action }).click();
  await expect(dialog).toHaveCount(0);
}

/** Clicks a download link and returns the file's bytes and name. */
async function download(page: Page, name: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return { bytes: readFileSync(await file.path()), filename: file.suggestedFilename() };
}

test('a trainer trains, is certified and downloads the proof; a visitor verifies it, valid, then revoked', async ({
  browser,
  baseURL,
}) => {
  const { day, long } = inTwoDays();
  const adminApi = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL as string },
  });
  await signInThroughApi(adminApi, baseURL as string, ADMIN);
  const trainerId = await prepare(baseURL as string, adminApi, day);
  const trainer = await onPhone(browser);
  const admin = await onPhone(browser);
  const visitor = await onPhone(browser);
  try {
    // The trainer books the consultation and registers for the session from the portal's Calendar.
    await signInAs(trainer.page, TRAINER.email);
    await trainer.page.goto('/trainer-portal/calendar');
    const sessionCard = trainer.page.getByRole('article', { name: SESSION });
    await sessionCard.getByRole('button', { name: 'Register' }).click();
    await expect(sessionCard.getByText('Registered', { exact: true })).toBeVisible();
    await trainer.page
      .getByRole('button', { name: `Book ${long}, 11:00 AM - 11:30 AM` })
      .first()
      .click();
    await expect(trainer.page.getByText('Consultation booked', { exact: true }).first()).toBeVisible();

    // The admin marks the attendance on the Calendar, then issues the certificate from the trainer's page.
    await signInAs(admin.page, ADMIN);
    await admin.page.goto('/admin/calendar');
    await admin.page
      .getByRole('region', { name: long })
      .getByRole('button', { name: `${SESSION}, 9:00 AM - 5:00 PM` })
      .click();
    const attended = admin.page.getByRole('checkbox', { name: `${TRAINER.name} attended` });
    await attended.click();
    await expect(attended).toBeChecked();
    await admin.page.goto(`/admin/trainers/${trainerId}`);
    const panel = admin.page.getByRole('region', { name: 'Certificate' });
    await actWithReason(admin.page, 'Issue Certificate', 'Completed Train the Trainer in Tulsa');
    const numberText = await panel.getByText(/Certificate number: SP-/).textContent();
    const number = numberText?.match(/SP-[0-9A-F]{4}(-[0-9A-F]{4}){3}/)?.[0] as string;
    expect(number).toBeTruthy();
    await expect(panel.getByRole('link', { name: 'Download Certificate (PDF)' })).toBeVisible();
    await expectNoSeriousA11yViolations(admin.page);

    // The trainer downloads the sealed PDF and the credential from the dashboard.
    await trainer.page.goto('/trainer-portal/dashboard');
    const card = trainer.page.getByRole('region', { name: 'Certificate' });
    await expect(card.getByText(number)).toBeVisible();
    await expectNoSeriousA11yViolations(trainer.page);
    const pdf = await download(trainer.page, 'Download Certificate (PDF)');
    expect(pdf.filename).toBe(`soul-punch-certificate-${number}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.bytes.toString('latin1')).toContain('/ByteRange');
    const credential = await download(trainer.page, 'Download Digital Credential');
    expect(credential.filename).toBe(`soul-punch-credential-${number}.jwt`);
    const [header, payload] = credential.bytes.toString().split('.') as [string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({
      alg: 'EdDSA',
      typ: 'vc+jwt',
    });
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims.type).toContain('OpenBadgeCredential');
    expect(claims.credentialSubject.licenseNumber).toBe(number);
    for (const [path, type] of [
      [`/api/trainers/${trainerId}/certificate.pdf`, 'application/pdf'],
      [`/api/trainers/${trainerId}/certificate.jwt`, 'application/vc+jwt'],
    ] as const) {
      const res = await trainer.page.request.get(path);
      expect(res.headers()['content-type']).toBe(type);
    }

    // A visitor, signed out, checks the number on /verify.
    await visitor.page.goto('/verify');
    await expect(visitor.page.getByRole('heading', { level: 1, name: 'Verify a Certificate' })).toBeVisible();
    await expectNoSeriousA11yViolations(visitor.page);
    await visitor.page.getByRole('textbox', { name: 'Certificate number' }).fill(number.toLowerCase());
    await visitor.page.getByRole('button', { name: 'Check Certificate' }).click();
    await expect(visitor.page).toHaveURL(new RegExp(`/verify/${number}$`));
    await visitor.page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    const result = visitor.page.getByRole('region', { name: `Certificate ${number}` });
    await expect(result.getByRole('status')).toContainText('Valid');
    await expect(result).toContainText(TRAINER.name);
    await expect(result).not.toContainText(TRAINER.email);
    await expectNoSeriousA11yViolations(visitor.page);

    // The admin revokes: the verify page and the credential's status say so.
    await actWithReason(admin.page, 'Revoke', 'Certification withdrawn by the board');
    await expect(panel.getByText('Revoked', { exact: true }).first()).toBeVisible();
    await visitor.page.reload();
    await expect(result.getByRole('status')).toContainText('Revoked');
    await expect(result).toContainText('This certificate was revoked by Soul Punch');
    await expectNoSeriousA11yViolations(visitor.page);
    const status = await visitor.page.request.get(new URL(claims.credentialStatus.id).pathname);
    expect(await status.json()).toMatchObject({ certificateNumber: number, status: 'revoked' });
  } finally {
    await trainer.close();
    await admin.close();
    await visitor.close();
    await adminApi.dispose();
  }
});
