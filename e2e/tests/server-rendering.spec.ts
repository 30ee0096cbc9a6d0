import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { expect, type Page, test } from '../fixtures/test';

// The public pages arrive rendered by the server (decision record 0007): read without JavaScript, they already
// show what a visitor came for, and when React takes over nothing on them moves.

interface PublicClass {
  id: number;
  title: string;
}

test('without JavaScript the public pages show their trainers, classes and profile text', async ({
  browser,
  request,
}) => {
  const classes = (await (await request.get('/api/classes')).json()) as PublicClass[];
  const firstClass = classes[0] as PublicClass;
  const trainer = (await (await request.get('/api/public-trainers/1')).json()) as {
    displayName: string;
    publicBio: string;
  };

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto('/find-trainer');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Find Your Self Defense Trainer' }),
    ).toBeVisible();
    await expect(
      page.getByRole('article').first().getByRole('heading', { name: 'Jasmine Carter' }),
    ).toBeVisible();
    expect(await page.getByRole('article').count()).toBeGreaterThan(10);

    await page.goto('/trainer/1');
    await expect(page.getByRole('heading', { level: 1, name: trainer.displayName })).toBeVisible();
    await expect(page.getByText(trainer.publicBio)).toBeVisible();

    await page.goto('/classes');
    await expect(page.getByText(firstClass.title).first()).toBeVisible();

    await page.goto(`/public/class/${firstClass.id}`);
    await expect(page.getByRole('heading', { level: 1, name: firstClass.title })).toBeVisible();

    await page.goto('/trainer-portal/login');
    await expect(page.getByLabel(/email/i)).toBeVisible();
  } finally {
    await context.close();
  }
});

/** Public pages whose content is loaded data and whose parts mount or load after hydration. */
const LIVELY_PAGES = ['/find-trainer', '/public/find-trainer', '/public-calendar', '/classes', '/trainer/1'];

/** The stylesheets a page has linked (the server's, and those its scripts added). */
function stylesheets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
      (link) => new URL(link.href).pathname,
    ),
  );
}

/** Whether any rule of the stylesheet at `href` styles an element of the page (rules in @layer and @media too). */
function stylesSomething(page: Page, href: string): Promise<boolean> {
  return page.evaluate(async (url) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(await (await fetch(url)).text());
    const matches = (rules: CSSRuleList): boolean =>
      [...rules].some((rule) => {
        if (rule instanceof CSSStyleRule) {
          try {
            return document.querySelector(rule.selectorText.replace(/::?[a-z-]+(\([^)]*\))?/g, '')) !== null;
          } catch {
            return false;
          }
        }
        return 'cssRules' in rule && matches((rule as CSSGroupingRule).cssRules);
      });
    return matches(sheet.cssRules);
  }, href);
}

test("the server's page links every stylesheet its markup needs, so it is styled before any script runs", async ({
  browser,
  page,
}) => {
  const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
  const served = await withoutScripts.newPage();
  try {
    for (const path of LIVELY_PAGES) {
      await served.goto(path);
      await page.goto(path);
      const linked = await stylesheets(served);
      // What the live page loaded later (the toasts', the map's) may style only what came later.
      const added = (await stylesheets(page)).filter((href) => !linked.includes(href));
      for (const href of added) expect(await stylesSomething(served, href), `${path}: ${href}`).toBe(false);
      expect(linked.length, path).toBeGreaterThan(1);
    }
  } finally {
    await withoutScripts.close();
  }
});

/** The sum of the page's layout shifts so far (the browser's own Cumulative Layout Shift entries). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
            total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

for (const viewport of [
  { name: 'a phone', width: 390, height: 844 },
  { name: 'a desktop', width: 1280, height: 800 },
]) {
  test(`on ${viewport.name} the public pages do not move when they come alive`, async ({ browser }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    try {
      for (const path of [...LIVELY_PAGES, '/public']) {
        await page.goto(path, { waitUntil: 'networkidle' });
        await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
        expect(await layoutShift(page), path).toBe(0);
      }
      await expectNoSeriousA11yViolations(page);
    } finally {
      await context.close();
    }
  });
}
