import { expectNoSeriousA11yViolations } from '../fixtures/axe';
import { expect, type Page, test } from '../fixtures/test';

// The e2e server loads about 40 demo trainers; Jasmine Carter (Tulsa, OK) is headquarters.

/**
 * The demo data is geocoded when it is loaded, so the map and the distance sort have its trainers. Only the demo's:
 * other specs on this worker's server may have certified a trainer whose place is unknown, who is listed but off
 * the map, as the spec says.
 */
test.beforeAll(async ({ request }) => {
  const trainers = (await (await request.get('/api/public-trainers')).json()) as {
    displayName: string;
    latitude: number | null;
  }[];
  expect(trainers.filter((t) => t.latitude !== null).length).toBeGreaterThan(10);
  expect(trainers.find((t) => t.displayName === 'Jasmine Carter')?.latitude).not.toBeNull();
});

const cards = (page: Page) => page.getByRole('article');

async function openDirectory(page: Page, path = '/find-trainer') {
  await page.goto(path);
  await expect(cards(page).first()).toBeVisible();
}

/** The map is built when the visitor scrolls near it, as a person would. */
async function showMap(page: Page) {
  await page.getByRole('region', { name: 'Trainer Map' }).scrollIntoViewIfNeeded();
  const map = page.getByRole('region', { name: 'Map of certified trainers' });
  await expect(map).toBeVisible();
  return map;
}

test('the directory lists headquarters first', async ({ page }) => {
  await openDirectory(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Find Your Self Defense Trainer' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Find a Certified Trainer' })).toBeVisible();

  const first = cards(page).first();
  await expect(first.getByRole('heading', { name: 'Jasmine Carter' })).toBeVisible();
  await expect(first.getByText('Tulsa, OK', { exact: true })).toBeVisible();
  await expect(first.getByText('Headquarters')).toBeVisible();
  expect(await cards(page).count()).toBeGreaterThan(10);
});

test('the map shows the trainers as markers and clusters, and a popup leads to the card', async ({
  page,
}) => {
  await openDirectory(page);
  const map = await showMap(page);
  await expect(map).toHaveClass(/leaflet-container/);
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();

  // Filtered to one state, the map zooms in far enough to show single markers.
  await page.getByRole('button', { name: /^Oklahoma\W+\d+ trainers?$/ }).click();
  const marker = page.locator('img.leaflet-marker-icon[alt^="Jasmine Carter"]');
  await expect(marker).toBeVisible();
  // Pressed from the keyboard, here and on the popup's button: a mouse press first focuses the map (Leaflet's
  // keyboard handler), which can scroll the page under the pointer so that the release misses its target (one run
  // in ten on a busy machine). A marker is a button to a keyboard user too.
  // The state's button zooms the map, and until the zoom settles the marker layer can redraw its markers, which
  // closes a popup just opened (a CI rehearsal saw the name, then no popup): pressed again until it stays open.
  const popup = page.locator('.leaflet-popup');
  await expect(async () => {
    await marker.focus();
    await page.keyboard.press('Enter');
    await expect(popup.getByText('Jasmine Carter')).toBeVisible({ timeout: 2_000 });
    await expect(popup.getByText('Tulsa, OK')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await popup.getByRole('button', { name: 'View Profile' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article', { name: 'Jasmine Carter' })).toBeFocused();
});

test('the map draws the states itself: public pages ask no outside server and log no error', async ({
  page,
  request,
  baseURL,
}) => {
  const own = new URL(baseURL ?? 'http://localhost').host;
  const outside: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith('http') && url.host !== own) outside.push(r.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));

  await page.goto('/find-trainer');
  const map = await showMap(page);
  // The states from the bundled atlas are drawn on the map's canvas (pixels painted there); there is no tile layer.
  const paintedPixels = () =>
    map.locator('.leaflet-overlay-pane canvas').evaluate((canvas: HTMLCanvasElement) => {
      const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
      let painted = 0;
      for (let alpha = 3; alpha < pixels.length; alpha += 4) if ((pixels[alpha] ?? 0) > 0) painted++;
      return painted;
    });
  await expect.poll(paintedPixels).toBeGreaterThan(10_000);
  await expect(map.locator('.leaflet-tile')).toHaveCount(0);
  await expect(map.locator('.marker-cluster, .leaflet-marker-icon').first()).toBeVisible();

  const [trainer] = (await (await request.get('/api/public-trainers?limit=1')).json()) as { id: number }[];
  const [listed] = (await (await request.get('/api/classes')).json()) as { id: number }[];
  const pages = [
    '/classes',
    '/public-calendar',
    `/trainer/${trainer?.id}`,
    '/public',
    '/trainer-portal/login',
  ];
  if (listed) pages.push(`/public/class/${listed.id}`);
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(outside).toEqual([]);
  expect(errors).toEqual([]);
});

test('a state tile filters the cards to that state', async ({ page }) => {
  await openDirectory(page);
  const tile = page.getByRole('button', { name: /^Colorado\W+\d+ trainers?$/ });
  const count = Number((await tile.textContent())?.match(/(\d+) trainer/)?.[1]);
  await tile.click();

  await expect(tile).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/state=CO/);
  await expect(cards(page)).toHaveCount(count);
  for (const card of await cards(page).all()) await expect(card).toContainText(', CO');
});

test('a class-type tab shows only trainers who teach it', async ({ page, request }) => {
  await openDirectory(page);
  const expected = (await (await request.get('/api/public-trainers?classType=Private+Lessons')).json()) as {
    displayName: string;
  }[];
  const all = await cards(page).count();
  expect(expected.length).toBeGreaterThan(0);
  expect(expected.length).toBeLessThan(all);

  await page.getByRole('tab', { name: 'Private Lessons' }).click();
  await expect(page).toHaveURL(/classType=Private\+Lessons/);
  await expect(cards(page)).toHaveCount(expected.length);
  await expect(cards(page).first().getByRole('heading')).toHaveText(expected[0]?.displayName ?? '');
});

test('a ZIP search sorts the trainers by distance', async ({ page }) => {
  await openDirectory(page);
  await page.getByLabel('ZIP or city').fill('74103');
  await page.getByRole('button', { name: 'Sort by Distance' }).click();

  await expect(page.getByText('Sorted by distance from 74103.')).toBeVisible();
  const first = cards(page).first();
  await expect(first.getByRole('heading', { name: 'Jasmine Carter' })).toBeVisible();
  await expect(first.getByText(/^[\d.,]+ mi away$/)).toBeVisible();

  const miles = await page
    .getByText(/^[\d.,]+ mi away$/)
    .evaluateAll((nodes) => nodes.map((n) => Number(n.textContent?.replace(/[^\d.]/g, ''))));
  expect(miles.length).toBeGreaterThan(3);
  expect(miles).toEqual([...miles].sort((a, b) => a - b));
});

test('an unknown ZIP shows only Place not found', async ({ page }) => {
  await openDirectory(page);
  await page.getByLabel('ZIP or city').fill('00000');
  await page.getByRole('button', { name: 'Sort by Distance' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'Place not found' })).toBeVisible();
  await expect(page.getByText(/Sorted by distance from/)).toHaveCount(0);
  await page.getByRole('alert').getByRole('button', { name: 'Clear distance' }).click();
  await expect(cards(page).first()).toBeVisible();
});

test('the search finds a surname shown on the card, and the map follows the search', async ({ page }) => {
  await openDirectory(page);
  await page.getByLabel('Search trainers').fill('carter');
  await expect(page).toHaveURL(/q=carter/);
  await expect(cards(page).first().getByRole('heading', { name: 'Jasmine Carter' })).toBeVisible();
  await showMap(page);
  await expect(page.locator('img.leaflet-marker-icon[alt^="Jasmine Carter"]')).toBeVisible();
});

test("a card's class leads to that class's page", async ({ page }) => {
  await openDirectory(page);
  const classLink = cards(page).first().locator('a[href^="/public/class/"]').first();
  const title = (await classLink.textContent()) ?? '';
  await classLink.click();
  await expect(page).toHaveURL(/\/public\/class\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('/public/find-trainer?location=Chicago arrives filtered to Chicago', async ({ page }) => {
  await openDirectory(page, '/public/find-trainer?location=Chicago');
  await expect(page.getByRole('heading', { level: 1, name: 'Find a Certified Trainer' })).toBeVisible();
  await expect(page.getByLabel('Location')).toHaveValue('Chicago, IL');
  for (const card of await cards(page).all()) await expect(card).toContainText('Chicago, IL');
});

test('a card opens the trainer profile', async ({ page }) => {
  await openDirectory(page);
  await cards(page).first().getByRole('link', { name: 'View Full Profile' }).click();

  await expect(page).toHaveURL(/\/trainer\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Jasmine Carter' })).toBeVisible();
  await expect(page).toHaveTitle(/Jasmine Carter/);
  await expect(page.getByRole('heading', { name: 'About' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Upcoming Classes' })).toBeVisible();
  await page.getByRole('link', { name: 'Find Other Trainers' }).click();
  await expect(page).toHaveURL(/\/find-trainer$/);
});

test('an unknown trainer shows Error Loading Trainer', async ({ page }) => {
  await page.goto('/public/trainer/999999');
  await expect(page.getByRole('heading', { name: 'Error Loading Trainer' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Trainer Directory' })).toHaveAttribute(
    'href',
    '/public/find-trainer',
  );
});

// The map is checked with its markers on screen; the (unreachable) tiles raise no violation, so nothing is excluded.
test('the directory has no serious accessibility issue', async ({ page }) => {
  await openDirectory(page);
  await showMap(page);
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the public directory, a profile and the landing page have no serious accessibility issue', async ({
  page,
}) => {
  await openDirectory(page, '/public/find-trainer');
  await showMap(page);
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await cards(page).first().getByRole('link', { name: 'View Full Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jasmine Carter' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/public');
  await expect(page.getByRole('heading', { level: 1, name: 'Find Your Self Defense Trainer' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test.describe('on a phone (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('filters by a state tile, by text and by a tab, with the map clustered', async ({ page }) => {
    await openDirectory(page);
    const map = await showMap(page);
    await expect(map.locator('.marker-cluster, .leaflet-marker-icon').first()).toBeVisible();

    const tile = page.getByRole('button', { name: /^Oklahoma\W+\d+ trainers?$/ });
    const count = Number((await tile.textContent())?.match(/(\d+) trainer/)?.[1]);
    await tile.click();
    await expect(page).toHaveURL(/state=OK/);
    await expect(cards(page)).toHaveCount(count);
    for (const card of await cards(page).all()) await expect(card).toContainText(', OK');

    await page.getByRole('button', { name: /Clear state filter/ }).click();
    await page.getByLabel('Search trainers').fill('Jasmine');
    await expect(page).toHaveURL(/q=Jasmine/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first().getByRole('heading', { name: 'Jasmine Carter' })).toBeVisible();

    await openDirectory(page);
    await page.getByRole('tab', { name: 'Corporate Training' }).click();
    await expect(page).toHaveURL(/classType=Corporate\+Training/);
    const expected = (await (
      await page.request.get('/api/public-trainers?classType=Corporate+Training')
    ).json()) as {
      displayName: string;
    }[];
    // The first page of cards (12), and the total above them.
    await expect(cards(page)).toHaveCount(Math.min(expected.length, 12));
    await expect(page.getByText(new RegExp(`^${expected.length} trainers found`))).toBeVisible();
    await expect(cards(page).first().getByRole('heading')).toHaveText(expected[0]?.displayName ?? '');
  });

  test('a card opens the profile, whose contact button targets the trainer', async ({ page, request }) => {
    await openDirectory(page);
    const trainers = (await (await request.get('/api/public-trainers')).json()) as {
      id: number;
      displayName: string;
      displayContact: string | null;
    }[];
    const withEmail = trainers.find((t) => t.displayContact?.includes('@'));
    const withoutContact = trainers.find((t) => !t.displayContact);
    if (!withEmail) throw new Error('the demo data has a trainer who shows an e-mail');

    await page.getByLabel('Search trainers').fill(withEmail.displayName.split(' ')[0] ?? '');
    const card = cards(page).filter({ hasText: withEmail.displayName }).first();
    await card.getByRole('link', { name: /View Full Profile/ }).click();
    await expect(page).toHaveURL(new RegExp(`/trainer/${withEmail.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: withEmail.displayName })).toBeVisible();
    const contact = page.getByRole('link', { name: 'Contact' }).first();
    await expect(contact).toHaveAttribute(
      'href',
      `mailto:${withEmail.displayContact}?subject=Soul%20Punch%20Training%20Inquiry`,
    );
    await expectNoSeriousA11yViolations(page);

    if (withoutContact) {
      await page.goto(`/public/trainer/${withoutContact.id}`);
      await page.getByRole('button', { name: 'Contact' }).first().click();
      await expect(page.getByText('Contact this trainer via the Soul Punch website.')).toBeVisible();
    }
  });
});
