import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { expect, test } from '../fixtures/test';

test('the Terms & Conditions page has its 7 sections and no serious accessibility issue', async ({
  page,
}) => {
  await page.goto('/legal/terms');
  await expect(page.getByRole('heading', { level: 1, name: /Terms & Conditions/ })).toBeVisible();
  await expect(page.getByText('Version 1.0')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(7);
  await expectNoSeriousA11yViolations(page);
});

test('the public privacy policy links back to the directory', async ({ page }) => {
  await page.goto('/privacy-policy-public');
  await expect(page.getByRole('heading', { level: 1, name: /Privacy Policy/ })).toBeVisible();
  await expect(page.getByText(/Effective May 2025/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Find a Trainer' })).toHaveAttribute(
    'href',
    '/find-trainer',
  );
  await expectNoSeriousA11yViolations(page);
});

test('an unknown address shows Page Not Found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('pages are served with a strict content security policy', async ({ page }) => {
  const response = await page.goto('/trainer-portal/login');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Trainer Portal' })).toBeVisible();
  expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
});

test('the accessibility check fails a page with a serious issue (a nameless button, low contrast)', async ({
  page,
}) => {
  await page.goto('/legal/terms');
  await expect(page.getByRole('heading', { level: 1, name: /Terms & Conditions/ })).toBeVisible();
  // Checked once as it is: axe stays in the page and must check the changed page anew.
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    main.insertAdjacentHTML(
      'afterbegin',
      '<button type="button"></button><p style="color:#ddd;background:#fff">Faint words</p>',
    );
  });
  const failure = await expectNoSeriousA11yViolations(page).then(
    () => '',
    (error: Error) => error.message,
  );
  expect(failure).toContain('button-name');
  expect(failure).toContain('color-contrast');
});
