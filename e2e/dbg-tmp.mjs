import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-background-networking'] });
const page = await browser.newPage();
await page.addInitScript(() => {
  document.addEventListener('DOMContentLoaded', () => { window.__h = document.querySelector('h1'); window.__t0 = performance.now(); });
  new MutationObserver(() => {}).observe(document, { childList: true, subtree: true });
});
await page.goto('http://localhost:3111/find-trainer');
await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
for (let i = 0; i < 8; i++) {
  console.log(i * 250, await page.evaluate(() => {
    const tile = [...document.querySelectorAll('button')].find((b) => /Colorado/.test(b.textContent));
    const keys = tile ? Object.keys(tile).filter((k) => k.startsWith('__react')) : [];
    return [window.__h === document.querySelector('h1'), keys.length, document.documentElement.dataset.hydrating !== undefined];
  }));
  await page.waitForTimeout(250);
}
await browser.close();
