import { signInAs } from '../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { mailTo, waitForMail } from '../fixtures/mailbox';
import { type APIRequestContext, expect, type Page, test } from '../fixtures/test';

// Settings (issue 27): notices in a daily digest on the app's clock, and the brand's colour on pages and e-mails.
// Each test makes its own administrator (the demo admin only grants the role), and puts back what it changed.
const DEMO_ADMIN = 'admin@soulpunch.example';
const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
const DEFAULT_BRAND = {
  name: 'Soul Punch',
  primaryColor: '#1971c2',
  supportEmail: 'support@soulpunch.example',
  postalAddress: null,
};

test.describe.configure({ timeout: 240_000 });

/** The demo admin gives a new address the admin role; that person signs in (a new admin, all of this test's). */
async function signInAsNewAdmin(page: Page, label: string): Promise<string> {
  const email = `settings.${label}.${stamp}@example.com`;
  await signInAs(page, DEMO_ADMIN);
  const origin = new URL(page.url()).origin;
  const granted = await page.request.post('/api/admin/administrators', {
    data: { email },
    headers: { origin },
  });
  expect(granted.status(), await granted.text()).toBe(201);
  await page.context().clearCookies();
  await signInAs(page, email);
  await expect(page).toHaveURL(/\/admin$/);
  return email;
}

/**
 * A visitor enrols on the flex plan with the card whose next instalment fails and pays the first (through the API,
 * in its own cookie jar); the admin then bills the second instalment now, which fails.
 */
async function failAnInstalment(visitor: APIRequestContext, admin: Page, origin: string): Promise<string> {
  const name = `Fay Failing ${stamp}`;
  const email = `settings.failing.${stamp}@example.com`;
  const headers = { origin };
  const started = await visitor.post('/api/enrolments', {
    headers,
    data: {
      fullName: name,
      email,
      phone: '918-555-0101',
      city: 'Tulsa',
      state: 'OK',
      agreeTerms: true,
      plan: 'flex',
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  const code = await waitForMail(visitor, email, /enrolment is (\d{6})\b/);
  const verified = await visitor.post('/api/enrolments/current/verify-email', { headers, data: { code } });
  const checkoutId = new URL((await verified.json()).checkoutUrl).pathname.split('/').pop();
  const paid = await visitor.post(`/api/test-provider/checkouts/${checkoutId}/pay`, {
    headers,
    data: { cardNumber: '4000 0000 0000 0341', expiry: '12 / 30', cvc: '123', name },
  });
  expect((await paid.json()).outcome).toBe('paid');
  const { trainerId } = await (await visitor.get('/api/enrolments/current')).json();
  const billed = await admin.request.post('/api/test-provider/instalments/bill-now', {
    headers,
    data: { trainerId },
  });
  expect(await billed.json()).toEqual({ instalment: 2 });
  return name;
}

test('an admin takes failed instalments in the daily digest: nothing at once, one digest the next day', async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await signInAsNewAdmin(page, 'digest');
  const origin = new URL(page.url()).origin;
  await page.goto('/admin/settings?tab=notifications');
  const failed = page.getByRole('radiogroup', { name: 'Failed instalment' });
  await expect(failed.getByRole('radio', { name: 'Immediately' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await failed.getByRole('radio', { name: 'Daily digest' }).check();
  await expect(page.getByText('Failed instalment: daily digest.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('radiogroup', { name: 'Failed instalment' }).getByRole('radio', { name: 'Daily digest' }),
  ).toBeChecked();

  const visitor = await playwright.request.newContext({ baseURL });
  const trainer = await failAnInstalment(visitor, page, origin);
  await visitor.dispose();
  // Not at once: it waits for tomorrow's digest.
  expect((await mailTo(page.request, admin)).map((m) => m.subject)).not.toContain(
    `Instalment failed: ${trainer}`,
  );

  const digests = async () =>
    (await mailTo(page.request, admin)).filter((m) => m.subject.startsWith('Your Soul Punch daily digest'));
  const moveClock = async (data: object) => {
    const res = await page.request.post('/api/dev/clock', { headers: { origin }, data });
    expect(res.status(), await res.text()).toBe(200);
  };
  try {
    await moveClock({ advanceHours: 24, runJobs: ['notifications:daily-digest'] });
    await expect.poll(async () => (await digests()).length).toBe(1);
    const [digest] = await digests();
    expect(digest?.text).toContain(`Failed instalment (1)\n- Instalment failed: ${trainer}:`);
    expect(digest?.text).toContain(`- New enrolment: ${trainer}:`);
    // Later that day the round runs again: still one digest.
    await moveClock({ advanceHours: 2, runJobs: ['notifications:daily-digest'] });
    expect(await digests()).toHaveLength(1);
  } finally {
    await moveClock({ reset: true, runJobs: [] });
  }
});

test("an admin changes the brand's colour: a public page and an e-mail show it", async ({
  page,
  browser,
}) => {
  const admin = await signInAsNewAdmin(page, 'brand');
  const origin = new URL(page.url()).origin;
  await page.goto('/admin/settings?tab=branding');
  const color = page.getByRole('textbox', { name: 'Primary colour' });
  await expect(color).toHaveValue('#1971c2');
  await expectNoSeriousA11yViolations(page);

  // Refused below AA, with the contrast found.
  await color.fill('#ff6b6b');
  await expect(page.getByText('Contrast against white: 2.77:1, below 4.5:1.')).toBeVisible();
  await color.fill('#0b7285');
  await expect(page.getByText('Contrast against white: 5.58:1 (at least 4.5:1 needed).')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Preview' }).locator('.mantine-Button-root')).toHaveCSS(
    'background-color',
    'rgb(11, 114, 133)',
  );
  try {
    await page.getByRole('button', { name: 'Save Branding' }).click();
    await expect(page.getByText('Every page and e-mail uses it now.')).toBeVisible();

    // A visitor's public page takes it within 2 s, without a new build.
    const visitor = await browser.newContext();
    const publicPage = await visitor.newPage();
    await expect
      .poll(
        async () => {
          await publicPage.goto('/find-trainer');
          return publicPage.evaluate(() =>
            getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-blue-filled').trim(),
          );
        },
        { timeout: 10_000 },
      )
      .toBe('#0b7285');
    await expect(publicPage.getByRole('button', { name: 'Browse Trainers' })).toHaveCSS(
      'background-color',
      'rgb(11, 114, 133)',
    );
    await visitor.close();

    // And an e-mail: the test e-mail from Integrations.
    await page.getByRole('tab', { name: 'Integrations' }).click();
    await page
      .getByRole('region', { name: 'Mail' })
      .getByRole('button', { name: 'Send a test e-mail' })
      .click();
    await expect(page.getByText(`Sent to ${admin}.`)).toBeVisible();
    const mail = (await mailTo(page.request, admin)).find((m) => m.subject === 'Soul Punch test e-mail');
    expect(mail?.html).toContain('<div style="background:#0b7285;');
  } finally {
    const restored = await page.request.put('/api/admin/branding', {
      headers: { origin },
      data: DEFAULT_BRAND,
    });
    expect(restored.status()).toBe(200);
  }
});
