import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { signInAs } from '../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { expect, type Page, test } from '../fixtures/test';

// Demo data: the administrator. The trainers are new each run, so their documents are fresh.
const ADMIN = 'admin@soulpunch.example';
const TITLES = ['Trainer Agreement', 'Non-Disclosure Agreement', 'Liability Waiver'];
const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
const SIGNER = { name: `Dana Signer ${stamp}`, email: `dana.${stamp}@example.com` };
const WAITER = { name: `Wes Waiting ${stamp}`, email: `wes.${stamp}@example.com` };

test.use({ viewport: { width: 390, height: 844 }, acceptDownloads: true });

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function addTrainer(page: Page, trainer: { name: string; email: string }) {
  const card = page.getByRole('region', { name: 'Add Trainer' });
  await card.getByRole('textbox', { name: 'Name' }).fill(trainer.name);
  await card.getByRole('textbox', { name: 'Email' }).fill(trainer.email);
  await card.getByRole('button', { name: 'Add Trainer' }).click();
  await expect(page.getByText(`${trainer.name} has been e-mailed a sign-in link.`)).toBeVisible();
}

async function drawSignature(page: Page) {
  const canvas = page.getByRole('img', { name: 'Draw your signature (optional)' });
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('The signature canvas has no box');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(box.x + 20 + i * 20, box.y + box.height / 2 + (i % 2 ? -25 : 25));
  }
  await page.mouse.up();
}

test('on a phone, a signature must name the signer, and each brings its confirmation into view with the focus, the count and what is next', async ({
  page,
}) => {
  const trainer = { name: `Nora Next ${stamp}`, email: `nora.${stamp}@example.com` };
  await signInAs(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/settings');
  await addTrainer(page, trainer);
  await page.context().clearCookies();

  await signInAs(page, trainer.email);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await page.goto('/onboarding/documents');
  await page.getByRole('link', { name: `Review and sign ${TITLES[0]}` }).click();
  await page.getByRole('button', { name: 'I agree to use electronic records and signatures' }).click();

  for (const [i, title] of TITLES.entries()) {
    await expect(page).toHaveURL(/\/trainer-portal\/documents\/\d+$/);
    const sign = page.getByRole('button', { name: `Sign ${title}` });
    await page.getByRole('checkbox', { name: 'I have read and agree' }).check();
    if (i === 0) {
      // Another person's name is no signature: the form says whose name signs, and nothing is signed.
      await page.getByRole('textbox', { name: /Full name/ }).fill('Mickey Mouse');
      await sign.click();
      await expect(page.getByText(`Type '${trainer.name}', or ask an administrator`)).toBeVisible();
      await expect(sign).toBeVisible();
    }
    // Her own name, however she types its case.
    await page
      .getByRole('textbox', { name: /Full name/ })
      .fill(i === 1 ? trainer.name.toUpperCase() : trainer.name);
    // Where a person presses Sign on a phone: below the whole text, its top long out of view.
    await sign.scrollIntoViewIfNeeded();
    await expect(page.getByRole('heading', { level: 1, name: title })).not.toBeInViewport();
    await sign.click();

    const confirmation = page.getByRole('status', { name: `${title} signed` });
    await expect(confirmation).toBeFocused({ timeout: 30_000 });
    await expect(confirmation).toBeInViewport();
    await expect(confirmation).toContainText(`${i + 1} of 3 signed.`);
    await expect(sign).toHaveCount(0);
    if (i === 0) await expectNoSeriousA11yViolations(page);
    const next = TITLES[i + 1];
    if (next) {
      await expect(confirmation).toContainText(`Next: the ${next}.`);
      await confirmation.getByRole('link', { name: `Review and sign ${next}` }).click();
    } else {
      await expect(confirmation).toContainText(
        'All your documents are signed. Continue to your welcome page and your trainer access.',
      );
      await expectNoSeriousA11yViolations(page);
      await confirmation.getByRole('link', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/onboarding\/welcome$/);
    }
  }
  await expectNoSidewaysScroll(page);
});

test('a new trainer consents and signs all three documents on a phone; the admin sees, reminds, checks; the PDF verifies', async ({
  page,
}, testInfo) => {
  // Three signatures, two PDFs checked and the admin's whole round: the longest journey of the suite.
  test.slow();
  // The admin adds two trainers: the server sends each the three required documents.
  await signInAs(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/settings');
  await addTrainer(page, SIGNER);
  await addTrainer(page, WAITER);
  await page.context().clearCookies();

  // The trainer signs in through the mailbox and finds the three documents.
  await signInAs(page, SIGNER.email);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await page.goto('/onboarding/documents');
  await expect(page.getByText('0 of 3 signed')).toBeVisible();
  await expect(page.getByText('Please sign all required documents to continue.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await expectNoSidewaysScroll(page);

  let pdfPath = '';
  let firstDocumentId = '';
  for (const [i, title] of TITLES.entries()) {
    await page.getByRole('link', { name: `Review and sign ${title}` }).click();
    await expect(page).toHaveURL(/\/trainer-portal\/documents\/\d+$/);
    if (i === 0) {
      // The consent comes once, before the first signature.
      const agree = page.getByRole('button', { name: 'I agree to use electronic records and signatures' });
      await expect(agree).toBeVisible();
      await expectNoSidewaysScroll(page);
      await agree.click();
    }
    const sign = page.getByRole('button', { name: `Sign ${title}` });
    await expect(sign).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'I have read and agree' })).not.toBeChecked();
    if (i === 0) {
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);
      // Signing without the box is refused.
      await page.getByRole('textbox', { name: /Full name/ }).fill(SIGNER.name);
      await sign.click();
      await expect(page.getByText("Please tick 'I have read and agree' to sign.")).toBeVisible();
      await drawSignature(page);
    } else {
      await page.getByRole('textbox', { name: /Full name/ }).fill(SIGNER.name);
    }
    await page.getByRole('checkbox', { name: 'I have read and agree' }).check();
    await sign.click();
    const download = page.getByRole('link', { name: 'Download signed PDF' });
    await expect(download).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByText(/Signed by .+ on [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M/),
    ).toBeVisible();
    if (i === 0) {
      firstDocumentId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
      await expectNoSeriousA11yViolations(page);
      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      pdfPath = testInfo.outputPath('signed.pdf');
      await file.saveAs(pdfPath);
    }
    await page.getByRole('link', { name: 'Back to your documents' }).click();
    await expect(page).toHaveURL(/\/onboarding\/documents$/);
  }

  await expect(page.getByText('3 of 3 signed')).toBeVisible();
  await expect(page.getByText('Please sign all required documents to continue.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onboarding\/welcome$/);

  // The address printed with the QR code shows what was recorded, with the signer, and asks for the file to
  // compare; the document's number alone (numbers run in order) does not say who signed.
  const printed = execFileSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' })
    .replace(/\s+/g, ' ')
    .match(/\/verify-document\?id=\d+&code=[\w-]+/)?.[0];
  expect(printed).toContain(`id=${firstDocumentId}&`);
  await page.goto(printed ?? '');
  await expect(page.getByText(`What we recorded for document ${firstDocumentId}`)).toBeVisible();
  await expect(page.getByText(new RegExp(`Trainer Agreement, signed by ${SIGNER.name}`))).toBeVisible();
  // Documents sealed before the certificates' page took /verify printed /verify?id=: they land here too.
  await page.goto((printed ?? '').replace('/verify-document?', '/verify?'));
  await expect(page).toHaveURL(/\/verify-document\?id=/);
  await expect(page.getByText(new RegExp(`Trainer Agreement, signed by ${SIGNER.name}`))).toBeVisible();
  await page.goto(`/verify-document?id=${firstDocumentId}`);
  await expect(page.getByText(/^Trainer Agreement, signed on /)).toBeVisible();
  await expect(page.getByText(SIGNER.name)).toHaveCount(0);

  // The verify page accepts the issued PDF and rejects it with one byte changed.
  await page.goto('/verify-document');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Choose the signed PDF').setInputFiles(pdfPath);
  await expect(page.getByText('Issued by Soul Punch and unaltered', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const bytes = await readFile(pdfPath);
  const middle = Math.floor(bytes.length / 3);
  bytes[middle] = bytes[middle] === 0x41 ? 0x42 : 0x41;
  const altered = testInfo.outputPath('altered.pdf');
  await writeFile(altered, bytes);
  await page.getByLabel('Choose the signed PDF').setInputFiles(altered);
  await expect(page.getByText('This file could not be verified', { exact: true })).toBeVisible();

  // The admin sees the three signed documents with their times, reminds the other trainer and checks status.
  await page.context().clearCookies();
  await signInAs(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/documents');
  await expect(page.getByRole('tab', { name: 'All Documents' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: 'Signed' }).click();
  const signedPanel = page.getByRole('tabpanel', { name: 'Signed' });
  for (const title of TITLES) {
    const card = signedPanel.getByRole('article', { name: `${title}, ${SIGNER.name}` });
    await expect(card).toBeVisible();
    await expect(card.getByText(/^Signed: [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M$/)).toBeVisible();
    await expect(card.getByRole('button')).toHaveCount(0);
  }

  await page.getByRole('tab', { name: 'Pending' }).click();
  const waiting = page
    .getByRole('tabpanel', { name: 'Pending' })
    .getByRole('article', { name: `Trainer Agreement, ${WAITER.name}` });
  await expect(waiting.getByRole('button', { name: 'Send Reminder' })).toBeVisible();
  await waiting.getByRole('button', { name: 'Send Reminder' }).click();
  await expect(
    page.getByText('A reminder has been sent to the trainer to sign this document.'),
  ).toBeVisible();
  await expect(waiting.getByRole('button', { name: 'Send Reminder' })).toHaveCount(0);
  await expect(waiting.getByText(/^Reminder sent: [A-Z][a-z]{2} \d/)).toBeVisible();

  await waiting.getByRole('button', { name: 'Check Status' }).click();
  await expect(page.getByText('Document status has been checked and updated if needed.')).toBeVisible();

  // The templates page and the trainer's own documents with their audit trail and the chain check.
  await page.goto('/admin/documents/templates');
  await expect(page.getByRole('button', { name: 'Publish new version' }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/trainer-portal/documents/${firstDocumentId}`);
  const trail = page.getByRole('list', { name: `Audit trail of document ${firstDocumentId}` });
  await expect(trail).toContainText('Signed');
  const trainerId = (await page.getByText(/^Trainer ID: \d+/).textContent())?.match(/\d+/)?.[0];
  await page.goto(`/admin/trainers/${trainerId}`);
  const documentsSection = page.getByRole('region', { name: 'Documents' });
  await documentsSection.getByRole('button', { name: 'Verify audit chain' }).click();
  await expect(documentsSection.getByText(/^The audit chain holds: \d+ entries checked\.$/)).toBeVisible();
  await expectNoSidewaysScroll(page);
});
