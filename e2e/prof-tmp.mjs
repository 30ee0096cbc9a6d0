import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto('http://localhost:3113' + (process.argv[2] ?? '/find-trainer'), { waitUntil: 'load' });
await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
await page.waitForTimeout(2000);
const { profile } = await cdp.send('Profiler.stop');
writeFileSync('/tmp/hydrate.cpuprofile', JSON.stringify(profile));
await browser.close();
