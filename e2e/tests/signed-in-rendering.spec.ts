import { signInByLink } from '../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { type Browser, type BrowserContext, expect, type Page, test } from '../fixtures/test';

// The pages behind a sign-in the server renders for the person who asks (decision record 0026): read without
// JavaScript they already show that person's own data, and the browser's first render is the server's HTML.

const TRAINER = 'olivia.johnson@example.com';
const ADMIN = 'admin@soulpunch.example';
const PHONE = { width: 390, height: 844 };

/** A browser context signed in as `email`, with or without JavaScript. */
async function signedInContext(
  browser: Browser,
  email: string,
  options: { javaScriptEnabled?: boolean; timezoneId?: string } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: PHONE, ...options });
  await signInByLink(context.request, email);
  return context;
}

const comesAlive = (page: Page) => page.locator('html[data-app-ready]').waitFor({ state: 'attached' });

test('without JavaScript the trainer and admin pages show the signed-in person their own data', async ({
  browser,
}) => {
  const trainer = await signedInContext(browser, TRAINER, { javaScriptEnabled: false });
  const admin = await signedInContext(browser, ADMIN, { javaScriptEnabled: false });
  try {
    const page = await trainer.newPage();
    await page.goto('/trainer-portal/dashboard');
    await expect(page.getByRole('heading', { name: /Welcome back, Olivia Johnson/ })).toBeVisible();
    await page.goto('/trainer-portal/profile');
    await expect(page.getByRole('heading', { name: 'Trainer Profile' })).toBeVisible();
    // The calendar's month on a phone is its agenda; the table is in the page too, for a wider screen.
    await page.goto('/trainer-portal/calendar');
    await expect(page.getByRole('heading', { name: 'Class Calendar' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Train the Trainer sessions' })).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    // A trainer asking for the admin's pages gets the empty page, as before: the app sends them away.
    await page.goto('/admin/trainers');
    await expect(page.locator('#root')).toBeEmpty();

    const adminPage = await admin.newPage();
    await adminPage.goto('/admin');
    await expect(
      adminPage.getByRole('heading', { name: 'Trainer Onboarding Dashboard' }).first(),
    ).toBeVisible();
    await adminPage.goto('/admin/trainers');
    await expect(adminPage.getByText('Olivia Johnson').first()).toBeVisible();
  } finally {
    await trainer.close();
    await admin.close();
  }
});

for (const timezoneId of [undefined, 'Pacific/Kiritimati']) {
  test(`the signed-in pages hydrate without a mismatch (${timezoneId ?? "the server's zone"})`, async ({
    browser,
  }) => {
    const contexts = [
      {
        email: TRAINER,
        paths: ['/trainer-portal/dashboard', '/trainer-portal/profile', '/trainer-portal/calendar'],
      },
      { email: ADMIN, paths: ['/admin', '/admin/trainers'] },
    ];
    for (const { email, paths } of contexts) {
      const context = await signedInContext(browser, email, timezoneId ? { timezoneId } : {});
      try {
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('pageerror', (error) => problems.push(error.message));
        page.on('console', (message) => {
          if (['error', 'warning'].includes(message.type())) problems.push(message.text());
        });
        for (const path of paths) {
          const response = await page.goto(path);
          expect(response?.headers()['cache-control']).toBe('private, no-store');
          // Rendered by the server: the page's data came with it.
          expect(await response?.text()).toContain('id="server-state"');
          await comesAlive(page);
          await expect(page).toHaveURL(path);
          await expect(page.getByRole('heading').first()).toBeVisible();
          await expectNoSeriousA11yViolations(page);
        }
        expect(problems.filter((p) => /#418|#423|#425|hydrat|did not match/i.test(p))).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
}
