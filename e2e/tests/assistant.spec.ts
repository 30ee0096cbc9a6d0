import { signInAs } from '../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { expect, type Locator, type Page, test } from '../fixtures/test';

// Each test adds its own new trainer (fresh documents, no answers yet), so tests share nothing but the
// seeded knowledge base, and every trainer stays far below the 10 questions a minute.
const ADMIN = 'admin@soulpunch.example';
const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;

// Long walks through several sign-ins, on machines that may be busy: a larger budget, no timed assertion.
test.describe.configure({ timeout: 300_000 });
let trainerCount = 0;

async function addTrainer(page: Page, baseURL: string | undefined): Promise<string> {
  const email = `asker.${stamp}.${++trainerCount}@example.com`;
  const res = await page.request.post('/api/admin/trainers', {
    data: { name: `Asa Asker ${trainerCount}`, email },
    headers: { origin: baseURL ?? '' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return email;
}

/** The admin adds a trainer, signs out, and the new trainer signs in on their dashboard. */
async function signInAsNewTrainer(page: Page, baseURL: string | undefined): Promise<string> {
  await signInAs(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  const email = await addTrainer(page, baseURL);
  await page.context().clearCookies();
  await signInAs(page, email);
  await expect(page).toHaveURL(/\/trainer-portal\/dashboard$/);
  await expect(page.getByText(/^Welcome back, .+!$/)).toBeVisible();
  return email;
}

const log = (scope: Page | Locator) => scope.getByRole('log', { name: 'Conversation with the assistant' });
const question = (scope: Page | Locator) => scope.getByRole('textbox', { name: 'Your question' });
const answers = (scope: Page | Locator) => log(scope).getByTestId('assistant-answer');

/** Asks a question with Enter and waits for the complete answer (the input comes back). */
async function ask(scope: Page | Locator, text: string): Promise<Locator> {
  const before = await answers(scope).count();
  await question(scope).fill(text);
  await question(scope).press('Enter');
  await expect(answers(scope)).toHaveCount(before + 1);
  await expect(question(scope)).toBeEnabled();
  return answers(scope).nth(before);
}

test('a trainer asks on the dashboard and on the profile screen and gets cited answers', async ({
  page,
  baseURL,
}) => {
  await signInAsNewTrainer(page, baseURL);
  // A new trainer's dashboard carries the documents notice: it must read well too.
  await expect(page.getByText('Documents to sign')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'AI Assistant - Click to open' }).click();
  await expect(page.getByRole('heading', { name: 'Soul Punch Assistant' })).toBeVisible();
  await expect(question(page)).toBeFocused();
  await expect(question(page)).toHaveAttribute('placeholder', 'Ask me anything...');

  // Hold the first answer back, to see the waiting state without racing it.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    '**/api/chatbot',
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  await question(page).fill('How do I apply for an EIN for my training business?');
  await question(page).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Thinking...' })).toBeVisible();
  await expect(question(page)).toBeDisabled();
  await expect(log(page).getByText('How do I apply for an EIN for my training business?')).toBeVisible();
  release();

  const first = answers(page).first();
  await expect(first).toContainText('NAICS');
  await expect(first.getByRole('link', { name: /EIN/ }).first()).toBeVisible();
  await expect(question(page)).toBeEnabled();
  await expect(question(page)).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  // Thumbs up is kept with the question.
  const feedback = page.waitForResponse((r) => /\/api\/chatbot\/\d+\/feedback$/.test(r.url()));
  await first.getByRole('button', { name: 'Helpful', exact: true }).click();
  expect((await feedback).status()).toBe(204);
  await expect(first.getByRole('button', { name: 'Helpful', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Shift+Enter is a new line, not a send; Enter then sends both lines.
  await question(page).fill('How do I take payments for my classes?');
  await question(page).press('Shift+Enter');
  await question(page).pressSequentially('Stripe or PayPal?');
  await expect(question(page)).toHaveValue('How do I take payments for my classes?\nStripe or PayPal?');
  await expect(answers(page)).toHaveCount(1);
  await question(page).press('Enter');
  await expect(answers(page)).toHaveCount(2);
  await expect(
    answers(page)
      .nth(1)
      .getByRole('link', { name: /Stripe, PayPal and Pillar/ }),
  ).toBeVisible();
  await expect(question(page)).toHaveValue('');

  // A blank question is not sent.
  await question(page).fill('   ');
  await question(page).press('Enter');
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(log(page).getByText(/^You said:/)).toHaveCount(2);

  // The conversation survives a reload within the session.
  await page.reload();
  await expect(answers(page)).toHaveCount(2);
  await expect(answers(page).first()).toContainText('NAICS');

  // The profile screen: the floating button at the bottom right opens the same conversation.
  await page.getByRole('link', { name: 'Profile', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trainer Profile' })).toBeVisible();
  const launcher = page.getByRole('button', { name: 'AI Assistant - Click to open' });
  const box = await launcher.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  if (box && viewport) {
    expect(box.x + box.width).toBeGreaterThan(viewport.width - 48);
    expect(box.y + box.height).toBeGreaterThan(viewport.height - 48);
  }
  await launcher.click();
  const panel = page.getByRole('dialog', { name: 'Soul Punch Assistant' });
  await expect(question(panel)).toBeFocused();
  await expect(answers(panel)).toHaveCount(2);
  const renewal = await ask(panel, 'When is my certification renewal due?');
  await expect(renewal.getByRole('link', { name: 'Renewing your certification' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(launcher).toBeFocused();

  // Logout forgets the conversation.
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/trainer-portal\/login$/);
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain('EIN');
});

test('an admin edits an article, the next answer uses the new text, and an unanswered question becomes a draft', async ({
  page,
  baseURL,
}) => {
  const code = `WORKSHOP-${stamp}`;
  await signInAs(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  const trainer = await addTrainer(page, baseURL);

  // The knowledge base: find the renewal article and add a section to it.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Knowledge base' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Knowledge base' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill('Renewing your certification');
  const link = page.getByRole('link', { name: 'Renewing your certification' });
  await expect(link).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Renewing your certification' })).toBeVisible();
  const body = page.getByRole('textbox', { name: 'Text (Markdown)' });
  const text = await body.inputValue();
  await body.fill(
    `${text}\n\n## Recertification workshop\nThe recertification workshop meets in Tulsa every spring; the workshop sign-up code is ${code}.`,
  );
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByLabel('Preview of the text').getByText(code)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The server's validation message shows beside the field, and nothing is saved.
  await page.getByRole('tab', { name: 'Write' }).click();
  await page.getByRole('textbox', { name: 'Source link' }).fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(/Please enter a full link, starting with https:\/\//)).toBeVisible();
  await page.getByRole('textbox', { name: 'Source link' }).fill('/legal/terms');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText("'Renewing your certification' was saved.")).toBeVisible();

  // The trainer's next answer quotes the new text.
  await page.context().clearCookies();
  await signInAs(page, trainer);
  await expect(page).toHaveURL(/\/trainer-portal\/dashboard$/);
  await page.getByRole('button', { name: 'AI Assistant - Click to open' }).click();
  const answer = await ask(page, 'What is the recertification workshop sign-up code?');
  await expect(answer).toContainText(code);
  await expect(answer.getByRole('link', { name: 'Renewing your certification' })).toBeVisible();
  const declined = await ask(page, 'What is the capital city of Mongolia?');
  await expect(declined).toContainText("I couldn't find anything about that");
  // Issue 23: a question worded unlike the articles finds the right one; one close to the brand's subjects that
  // nothing answers is declined (and reaches the Unanswered list below), not answered with a stray passage.
  const paid = await ask(page, 'How do I get paid by the people who attend my classes?');
  await expect(paid.getByRole('link').first()).toHaveText(
    'Taking payments for your classes: Stripe, PayPal and Pillar',
  );
  const kids = await ask(page, 'Can I teach kids under 12?');
  await expect(kids).toContainText("I couldn't find anything about that");

  // The admin sees the declined question and turns it into a draft article.
  await page.context().clearCookies();
  await signInAs(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/assistant/questions');
  await expect(page.getByRole('heading', { level: 1, name: 'Assistant questions' })).toBeVisible();
  await page.getByText('Unanswered', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Unanswered' })).toBeChecked();
  await expect(page.getByRole('row').filter({ hasText: 'Can I teach kids under 12?' }).first()).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'What is the capital city of Mongolia?' }).first();
  await expect(row).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('button', { name: /^Turn into draft article/ }).click();
  await expect(page).toHaveURL(/\/admin\/knowledge\/\d+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'What is the capital city of Mongolia?' }),
  ).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('an admin edits the resources catalogue and sees the server refuse a bad link', async ({ page }) => {
  await signInAs(page, ADMIN);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Resources' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Resources catalogue' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Essential Access' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Edit Trainer Badges' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Trainer Badges' });
  await expectNoSeriousA11yViolations(page);
  const url = dialog.getByRole('textbox', { name: 'Link' });
  const original = await url.inputValue();
  await url.fill('not a link');
  await dialog.getByRole('button', { name: 'Save resource' }).click();
  await expect(dialog.getByText('Please enter a full link, starting with https://')).toBeVisible();
  await url.fill(original);
  await dialog
    .getByRole('textbox', { name: 'Description' })
    .fill(`Badges for your website and social posts (${stamp}).`);
  await dialog.getByRole('button', { name: 'Save resource' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Badges for your website and social posts (${stamp}).`)).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the chat fits the screen on the dashboard and on the profile screen', async ({ page, baseURL }) => {
    await signInAsNewTrainer(page, baseURL);
    const fits = async (locator: Locator) => {
      const box = await locator.boundingBox();
      expect(box).toBeTruthy();
      if (!box) return;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.height).toBeLessThanOrEqual(844);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    };

    await page.getByRole('button', { name: 'AI Assistant - Click to open' }).click();
    const card = page.getByRole('region', { name: 'Soul Punch Assistant' });
    const answer = await ask(card, 'How do I sign my documents?');
    await expect(answer.getByRole('link').first()).toBeVisible();
    await fits(card);
    await insideOf(card.getByRole('button', { name: 'Minimize' }), card);
    await notClipped(card.getByRole('button', { name: 'Minimize' }));
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    await page.getByRole('button', { name: 'AI Assistant - Click to open' }).click();
    const panel = page.getByRole('dialog', { name: 'Soul Punch Assistant' });
    await expect(answers(panel)).toHaveCount(1);
    await fits(panel);
    const box = await panel.boundingBox();
    if (box) {
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(844);
    }
    await expect(question(panel)).toBeInViewport();
    await expectNoSeriousA11yViolations(page);

    // Issue 23: the Minimize button was clipped by the panel's edge on a phone.
    const minimize = panel.getByRole('button', { name: 'Minimize' });
    await insideOf(minimize, panel);
    await notClipped(minimize);
    await expect(minimize).toBeInViewport({ ratio: 1 });
    await minimize.click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: 'AI Assistant - Click to open' })).toBeFocused();
  });
});

/** Nothing inside `locator` is cut off: no element of it that clips its content has more than it shows. */
async function notClipped(locator: Locator) {
  const clipped = await locator.evaluate((el) =>
    [el, ...el.querySelectorAll('*')]
      .filter((e) => e instanceof HTMLElement && getComputedStyle(e).overflowX !== 'visible')
      .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
      .map((e) => `${e.className}: ${e.scrollWidth}x${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight}`),
  );
  expect(clipped).toEqual([]);
}

/** The whole of `inner` lies within `outer` (nothing clipped by its edges). */
async function insideOf(inner: Locator, outer: Locator) {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  expect(a && b).toBeTruthy();
  if (!a || !b) return;
  expect(a.x).toBeGreaterThanOrEqual(b.x);
  expect(a.y).toBeGreaterThanOrEqual(b.y);
  expect(a.x + a.width).toBeLessThanOrEqual(b.x + b.width);
  expect(a.y + a.height).toBeLessThanOrEqual(b.y + b.height);
}
