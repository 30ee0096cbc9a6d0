import { chromium } from 'playwright-core';

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
page.on('console', (m) => {
  if (m.text().startsWith('UPDATE')) console.log(m.text());
});
await page.goto('http://localhost:3113' + (process.argv[2] ?? '/find-trainer'), { waitUntil: 'load' });
await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
await page.waitForTimeout(2500);
await browser.close();
