import type { InventoryItem, ReplacementRequest, Shipment } from '@soulpunch/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ManualClock, manualClock } from '../src/lib/clock';
import { createStarterKitShipment } from '../src/modules/inventory/service';
import {
  buildTestApp,
  emptyTables,
  seedCast,
  signIn,
  TEST_APP_URL,
  type TestApp,
  withCookie,
} from './helper';

// Inventory and shipping through the API (decision record 0017): items and their stock history, the low-stock
// notice, the starter kit a certificate brings, shipping (stock never below zero), replacement requests.

let t: TestApp;
let app: FastifyInstance;
let clock: ManualClock;
let cast: Awaited<ReturnType<typeof seedCast>>;
const START = '2026-03-10T15:00:00Z';

beforeAll(async () => {
  clock = manualClock(START);
  t = await buildTestApp({}, undefined, { clock });
  app = t.app;
});
afterAll(() => t.close());
beforeEach(async () => {
  clock.set(START);
  cast = await seedCast(app);
  await emptyTables(app.db, [
    'inventory_items',
    'starter_kit_items',
    'shipments',
    'shipment_items',
    'stock_movements',
    'replacement_requests',
  ]);
  await app.db.deleteFrom('certificationRecords').where('trainerId', '=', cast.mariaId).execute();
});

const as = (cookie: string, options: InjectOptions) => app.inject(withCookie(cookie, options));
const anon = (options: InjectOptions) =>
  app.inject({ ...options, headers: { origin: TEST_APP_URL, ...(options.headers ?? {}) } });

async function addItem(
  fields: Partial<{ kind: string; name: string; sku: string; reorderThreshold: number; stock: number }> = {},
): Promise<InventoryItem> {
  const res = await as(cast.admin, {
    method: 'POST',
    url: '/api/admin/inventory/items',
    payload: {
      kind: 'equipment',
      name: 'Focus mitts',
      sku: 'MITT-01',
      reorderThreshold: 5,
      stock: 20,
      ...fields,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const adjust = (id: number, change: number, reason = 'Counted the shelf') =>
  as(cast.admin, {
    method: 'POST',
    url: `/api/admin/inventory/items/${id}/adjustments`,
    payload: { change, reason },
  });
const itemOf = async (id: number): Promise<InventoryItem> =>
  (await as(cast.admin, { method: 'GET', url: '/api/admin/inventory' }))
    .json()
    .items.find((i: InventoryItem) => i.id === id);
const subjectsTo = async (email: string) =>
  (
    await app.db
      .selectFrom('outboxMessages')
      .select(['subject', 'textBody'])
      .where('toAddress', '=', email)
      .orderBy('id')
      .execute()
  ).map((m) => m.subject);

/** Paid, documents signed and trained: what issuing a certificate needs. */
async function readyToIssue(trainerId: number) {
  await app.db
    .updateTable('trainers')
    .set({ paymentStatus: 'completed', onboardingStatus: 'completed' })
    .where('id', '=', trainerId)
    .execute();
  await app.db
    .insertInto('trainerOnboardingSteps')
    .values({ trainerId, step: 'weekly_training_access', completedAt: new Date(START) })
    .execute();
}

const issue = (trainerId: number) =>
  as(cast.admin, {
    method: 'POST',
    url: `/api/trainers/${trainerId}/certification-record/issue`,
    payload: { reason: 'Completed Train the Trainer' },
  });

async function kitWith(...lines: Array<{ itemId: number; quantity: number }>) {
  const res = await as(cast.admin, {
    method: 'PUT',
    url: '/api/admin/inventory/starter-kit',
    payload: { items: lines },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const shipmentsOf = async (trainerId: number, cookie = cast.admin): Promise<Shipment[]> =>
  (await as(cookie, { method: 'GET', url: `/api/trainers/${trainerId}/shipments` })).json();
const ship = (id: number, payload: object = { carrier: 'ups', trackingNumber: '1z999aa10123456784' }) =>
  as(cast.admin, { method: 'POST', url: `/api/admin/shipments/${id}/ship`, payload });

describe('items and stock', () => {
  it('adds an item with its starting stock as the first movement, and refuses a second item with its SKU', async () => {
    const item = await addItem({ sku: 'mitt-01' });
    expect(item).toMatchObject({
      sku: 'MITT-01',
      stock: 20,
      reorderThreshold: 5,
      lowStock: false,
      committed: 0,
    });
    const again = await as(cast.admin, {
      method: 'POST',
      url: '/api/admin/inventory/items',
      payload: { kind: 'curriculum', name: 'Other', sku: 'MITT-01', reorderThreshold: 0, stock: 0 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'sku_taken', fields: { sku: 'This SKU is taken' } });
    const movements = await as(cast.admin, {
      method: 'GET',
      url: `/api/admin/inventory/items/${item.id}/movements`,
    });
    expect(movements.json()).toEqual([
      expect.objectContaining({
        kind: 'initial',
        change: 20,
        stockAfter: 20,
        reason: 'Starting stock',
        by: 'Bea Boss',
      }),
    ]);
  });

  it('refuses bad input with its field (400) and unknown fields', async () => {
    for (const payload of [
      { kind: 'equipment', name: 'Pads', sku: 'PAD', reorderThreshold: -1, stock: 0 },
      { kind: 'equipment', name: 'Pads', sku: '-BAD', reorderThreshold: 1, stock: 0 },
      { kind: 'food', name: 'Pads', sku: 'PAD-1', reorderThreshold: 1, stock: 0 },
      { kind: 'equipment', name: '', sku: 'PAD-1', reorderThreshold: 1, stock: 0 },
      { kind: 'equipment', name: 'Pads', sku: 'PAD-1', reorderThreshold: 1, stock: 1.5 },
      { kind: 'equipment', name: 'Pads', sku: 'PAD-1', reorderThreshold: 1, stock: 0, lowStock: true },
    ]) {
      const res = await as(cast.admin, { method: 'POST', url: '/api/admin/inventory/items', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const edit = await as(cast.admin, {
      method: 'PUT',
      url: '/api/admin/inventory/items/1',
      payload: { kind: 'equipment', name: 'Pads', sku: 'PAD-1', reorderThreshold: 1, stock: 50 },
    });
    expect(edit.statusCode).toBe(400); // stock is never edited, only adjusted with a reason
    expect((await adjust(1, 0)).statusCode).toBe(400);
    const noReason = await as(cast.admin, {
      method: 'POST',
      url: '/api/admin/inventory/items/1/adjustments',
      payload: { change: 3 },
    });
    expect(noReason.statusCode).toBe(400);
  });

  it('adjusts stock with a reason, never below zero: a refused change changes nothing', async () => {
    const item = await addItem();
    expect((await adjust(item.id, 12, 'Delivery from the supplier')).json()).toMatchObject({ stock: 32 });
    const refused = await adjust(item.id, -33, 'Damaged in storage');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'insufficient_stock' });
    expect(refused.json().error.message).toContain('has 32 in stock');
    expect((await itemOf(item.id)).stock).toBe(32);
    const movements = (
      await as(cast.admin, { method: 'GET', url: `/api/admin/inventory/items/${item.id}/movements` })
    ).json();
    expect(movements.map((m: { change: number; reason: string }) => [m.change, m.reason])).toEqual([
      [12, 'Delivery from the supplier'],
      [20, 'Starting stock'],
    ]);
    expect((await adjust(item.id, -32)).json()).toMatchObject({ stock: 0, lowStock: true });
    expect((await adjust(999_999, 1)).statusCode).toBe(404);
  });

  it('tells every administrator once when stock falls to the threshold, and again only after it recovered', async () => {
    await as(cast.admin, {
      method: 'POST',
      url: '/api/admin/administrators',
      payload: { email: 'deputy@example.com' },
    });
    // Low stock waits for the daily digest unless a person asks for it at once (modules/notifications).
    const deputy = await signIn(app, 'deputy@example.com');
    for (const cookie of [cast.admin, deputy]) {
      const chose = await as(cookie, {
        method: 'PUT',
        url: '/api/notification-preferences',
        payload: { staff: { low_stock: 'immediately' } },
      });
      expect(chose.statusCode).toBe(200);
    }
    const item = await addItem({ stock: 8, reorderThreshold: 5 });
    await adjust(item.id, -2);
    expect(await subjectsTo('boss@example.com')).not.toContain('Low stock: Focus mitts (6 left)');
    await adjust(item.id, -1);
    await adjust(item.id, -1);
    const low = (await subjectsTo('boss@example.com')).filter((s) => s.startsWith('Low stock'));
    expect(low).toEqual(['Low stock: Focus mitts (5 left)']);
    expect((await subjectsTo('deputy@example.com')).filter((s) => s.startsWith('Low stock'))).toHaveLength(1);
    expect(await subjectsTo('maria@example.com')).toEqual([expect.any(String)]); // her sign-in link only

    await adjust(item.id, 10, 'Restocked');
    await adjust(item.id, -10);
    expect((await subjectsTo('boss@example.com')).filter((s) => s.startsWith('Low stock'))).toHaveLength(2);

    // Raising the threshold above the shelf makes the item low too: one notice.
    const other = await addItem({
      sku: 'WB-1',
      name: 'Workbook',
      kind: 'curriculum',
      stock: 10,
      reorderThreshold: 2,
    });
    const edit = await as(cast.admin, {
      method: 'PUT',
      url: `/api/admin/inventory/items/${other.id}`,
      payload: { kind: 'curriculum', name: 'Workbook', sku: 'WB-1', reorderThreshold: 10 },
    });
    expect(edit.json()).toMatchObject({ lowStock: true, stock: 10 });
    expect(await subjectsTo('boss@example.com')).toContain('Low stock: Workbook (10 left)');
  });
});

describe('the starter kit and shipping', () => {
  it('creates one shipment to pack with the kit when a certificate is issued, never a second', async () => {
    const mitts = await addItem();
    const book = await addItem({ sku: 'WB-1', name: 'Trainer workbook', kind: 'curriculum', stock: 3 });
    const bad = await as(cast.admin, {
      method: 'PUT',
      url: '/api/admin/inventory/starter-kit',
      payload: { items: [{ itemId: 424242, quantity: 1 }] },
    });
    expect(bad.json().error).toMatchObject({ code: 'unknown_item' });
    const twice = await as(cast.admin, {
      method: 'PUT',
      url: '/api/admin/inventory/starter-kit',
      payload: {
        items: [
          { itemId: mitts.id, quantity: 1 },
          { itemId: mitts.id, quantity: 2 },
        ],
      },
    });
    expect(twice.statusCode).toBe(400);
    await kitWith({ itemId: mitts.id, quantity: 2 }, { itemId: book.id, quantity: 1 });

    await readyToIssue(cast.mariaId);
    expect((await issue(cast.mariaId)).statusCode).toBe(200);
    const [shipment, ...more] = await shipmentsOf(cast.mariaId);
    expect(more).toEqual([]);
    expect(shipment).toMatchObject({
      kind: 'starter_kit',
      status: 'to_pack',
      trainerName: 'Maria Garcia',
      carrier: null,
      trackingNumber: null,
    });
    expect(shipment?.items.map((i) => [i.name, i.quantity])).toEqual([
      ['Focus mitts', 2],
      ['Trainer workbook', 1],
    ]);
    expect((await itemOf(mitts.id)).committed).toBe(2);

    expect((await issue(cast.mariaId)).statusCode).toBe(409);
    const again = await app.db
      .transaction()
      .execute((trx) => createStarterKitShipment(trx, cast.mariaId, new Date()));
    expect(again).toBeUndefined();
    expect(await shipmentsOf(cast.mariaId)).toHaveLength(1);
  });

  it('creates no shipment while the kit is empty', async () => {
    await readyToIssue(cast.mariaId);
    expect((await issue(cast.mariaId)).statusCode).toBe(200);
    expect(await shipmentsOf(cast.mariaId)).toEqual([]);
  });

  it('ships only with stock for every line: short, nothing changes; shipped, stock falls and the trainer is told', async () => {
    const mitts = await addItem({ stock: 1, reorderThreshold: 0 });
    const book = await addItem({ sku: 'WB-1', name: 'Trainer workbook', kind: 'curriculum', stock: 5 });
    await kitWith({ itemId: mitts.id, quantity: 2 }, { itemId: book.id, quantity: 1 });
    await readyToIssue(cast.mariaId);
    await issue(cast.mariaId);
    const [shipment] = await shipmentsOf(cast.mariaId);
    const id = shipment?.id as number;

    const short = await ship(id);
    expect(short.statusCode).toBe(409);
    expect(short.json().error.code).toBe('insufficient_stock');
    expect(short.json().error.message).toContain('Focus mitts (needs 2, 1 in stock)');
    expect((await itemOf(book.id)).stock).toBe(5);
    expect((await shipmentsOf(cast.mariaId))[0]?.status).toBe('to_pack');

    for (const payload of [
      { carrier: 'pigeon', trackingNumber: '1Z999' },
      { carrier: 'ups', trackingNumber: 'x' },
      { carrier: 'ups' },
    ]) {
      expect((await ship(id, payload)).statusCode).toBe(400);
    }

    await adjust(mitts.id, 5, 'Delivery from the supplier');
    clock.set('2026-03-12T16:00:00Z');
    const shipped = await ship(id);
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({
      status: 'shipped',
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      shippedAt: '2026-03-12T16:00:00.000Z',
    });
    expect((await itemOf(mitts.id)).stock).toBe(4);
    expect((await itemOf(book.id)).stock).toBe(4);
    const mail = await app.db
      .selectFrom('outboxMessages')
      .selectAll()
      .where('toAddress', '=', 'maria@example.com')
      .where('subject', '=', 'Your Soul Punch starter kit has shipped')
      .executeTakeFirstOrThrow();
    expect(mail.textBody).toContain('1Z999AA10123456784');
    expect(mail.textBody).toContain('2 x Focus mitts');
    const movements = (
      await as(cast.admin, { method: 'GET', url: `/api/admin/inventory/items/${mitts.id}/movements` })
    ).json();
    expect(movements[0]).toMatchObject({ kind: 'shipment', change: -2, shipmentId: id, stockAfter: 4 });

    expect((await ship(id)).json().error.code).toBe('shipment_not_to_pack');
    expect((await itemOf(mitts.id)).stock).toBe(4);

    const delivered = await as(cast.admin, { method: 'POST', url: `/api/admin/shipments/${id}/deliver` });
    expect(delivered.json()).toMatchObject({ status: 'delivered' });
    const twice = await as(cast.admin, { method: 'POST', url: `/api/admin/shipments/${id}/deliver` });
    expect(twice.json().error.code).toBe('shipment_not_shipped');

    // The trainer sees it with its tracking number; another trainer cannot.
    const own = await shipmentsOf(cast.mariaId, cast.maria);
    expect(own[0]).toMatchObject({ trackingNumber: '1Z999AA10123456784', status: 'delivered' });
    const other = await as(cast.devon, { method: 'GET', url: `/api/trainers/${cast.mariaId}/shipments` });
    expect(other.statusCode).toBe(403);
    expect((await anon({ method: 'GET', url: `/api/trainers/${cast.mariaId}/shipments` })).statusCode).toBe(
      401,
    );

    const lists = await as(cast.admin, { method: 'GET', url: '/api/admin/shipments?status=delivered' });
    expect(lists.json().map((s: Shipment) => s.id)).toEqual([id]);
    expect(
      (await as(cast.admin, { method: 'GET', url: '/api/admin/shipments?status=lost' })).statusCode,
    ).toBe(400);
  });
});

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#c2255c' } })
    .png()
    .toBuffer();
const multipart = (data: Buffer, filename = 'mitts.png', type = 'image/png') => {
  const boundary = '----soulpunchinventory';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

describe('replacement requests', () => {
  const requestFor = (cookie: string, trainerId: number, payload: object) =>
    as(cookie, { method: 'POST', url: `/api/trainers/${trainerId}/replacement-requests`, payload });

  it('a trainer asks with a photo; an admin approves with a note: it becomes a shipment and the trainer is told', async () => {
    const mitts = await addItem();
    const options = (
      await as(cast.maria, { method: 'GET', url: `/api/trainers/${cast.mariaId}/replacement-requests` })
    ).json();
    expect(options.items).toEqual([{ id: mitts.id, name: 'Focus mitts', kind: 'equipment' }]);

    const created = await requestFor(cast.maria, cast.mariaId, {
      itemId: mitts.id,
      quantity: 1,
      reason: 'The strap tore during a class.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const request: ReplacementRequest = created.json();
    expect(request).toMatchObject({ status: 'pending', hasPhoto: false, itemName: 'Focus mitts' });

    const photoUrl = `/api/trainers/${cast.mariaId}/replacement-requests/${request.id}/photo`;
    const html = await as(cast.maria, {
      method: 'POST',
      url: photoUrl,
      ...multipart(Buffer.from('<html><script>alert(1)</script></html>'), 'x.png'),
    });
    expect(html.statusCode).toBe(400);
    expect(html.json().error.code).toBe('invalid_image');
    const photo = await as(cast.maria, { method: 'POST', url: photoUrl, ...multipart(await png()) });
    expect(photo.statusCode, photo.body).toBe(200);
    expect(photo.json().hasPhoto).toBe(true);
    expect(
      (await as(cast.devon, { method: 'POST', url: photoUrl, ...multipart(await png()) })).statusCode,
    ).toBe(403);

    const served = await as(cast.admin, { method: 'GET', url: photoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    expect((await as(cast.devon, { method: 'GET', url: photoUrl })).statusCode).toBe(403);
    // Maria's request through Devon's address is nobody's: not found.
    const crossed = await as(cast.devon, {
      method: 'GET',
      url: `/api/trainers/${cast.devonId}/replacement-requests/${request.id}/photo`,
    });
    expect(crossed.statusCode).toBe(404);

    const approved = await as(cast.admin, {
      method: 'POST',
      url: `/api/admin/replacement-requests/${request.id}/approve`,
      payload: { note: 'Sorry about that: a new pair is on its way.' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'approved',
      decisionNote: 'Sorry about that: a new pair is on its way.',
    });
    const [shipment] = await shipmentsOf(cast.mariaId, cast.maria);
    expect(shipment).toMatchObject({
      id: approved.json().shipmentId,
      kind: 'replacement',
      status: 'to_pack',
      replacementRequestId: request.id,
      items: [expect.objectContaining({ name: 'Focus mitts', quantity: 1 })],
    });
    expect(await subjectsTo('maria@example.com')).toContain('Your replacement request is approved');

    const again = await as(cast.admin, {
      method: 'POST',
      url: `/api/admin/replacement-requests/${request.id}/decline`,
      payload: { note: 'Changed my mind' },
    });
    expect(again.json().error.code).toBe('request_decided');
    const late = await as(cast.maria, { method: 'POST', url: photoUrl, ...multipart(await png()) });
    expect(late.json().error.code).toBe('request_decided');
  });

  it('declines with a note, refuses bad input and another trainer, and limits requests waiting at once', async () => {
    const mitts = await addItem();
    const body = { itemId: mitts.id, quantity: 2, reason: 'Lost one at a seminar.' };
    for (const payload of [
      { ...body, itemId: 777 },
      { ...body, quantity: 0 },
      { ...body, quantity: 11 },
      { ...body, reason: 'short' },
      { ...body, status: 'approved' },
    ]) {
      const res = await requestFor(cast.maria, cast.mariaId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await requestFor(cast.devon, cast.mariaId, body)).statusCode).toBe(403);
    expect(
      (
        await anon({
          method: 'POST',
          url: `/api/trainers/${cast.mariaId}/replacement-requests`,
          payload: body,
        })
      ).statusCode,
    ).toBe(401);

    const first = (await requestFor(cast.maria, cast.mariaId, body)).json();
    const noNote = await as(cast.admin, {
      method: 'POST',
      url: `/api/admin/replacement-requests/${first.id}/decline`,
      payload: {},
    });
    expect(noNote.statusCode).toBe(400);
    const declined = await as(cast.admin, {
      method: 'POST',
      url: `/api/admin/replacement-requests/${first.id}/decline`,
      payload: { note: 'Seminar losses are not covered.' },
    });
    expect(declined.json()).toMatchObject({ status: 'declined', shipmentId: null });
    expect(await shipmentsOf(cast.mariaId)).toEqual([]);
    const mail = await app.db
      .selectFrom('outboxMessages')
      .select('textBody')
      .where('subject', '=', 'Your replacement request was declined')
      .executeTakeFirstOrThrow();
    expect(mail.textBody).toContain('Seminar losses are not covered.');

    for (let i = 0; i < 3; i++)
      expect((await requestFor(cast.maria, cast.mariaId, body)).statusCode).toBe(201);
    const fourth = await requestFor(cast.maria, cast.mariaId, body);
    expect(fourth.statusCode).toBe(429);
    const waiting = await as(cast.admin, {
      method: 'GET',
      url: '/api/admin/replacement-requests?status=pending',
    });
    expect(waiting.json()).toHaveLength(3);
    expect(
      (await as(cast.devon, { method: 'GET', url: `/api/trainers/${cast.mariaId}/replacement-requests` }))
        .statusCode,
    ).toBe(403);
  });
});

describe('who may call the inventory routes', () => {
  const ADMIN_ROUTES: InjectOptions[] = [
    { method: 'GET', url: '/api/admin/inventory' },
    { method: 'POST', url: '/api/admin/inventory/items', payload: {} },
    { method: 'PUT', url: '/api/admin/inventory/items/1', payload: {} },
    { method: 'POST', url: '/api/admin/inventory/items/1/adjustments', payload: {} },
    { method: 'GET', url: '/api/admin/inventory/items/1/movements' },
    { method: 'GET', url: '/api/admin/inventory/starter-kit' },
    { method: 'PUT', url: '/api/admin/inventory/starter-kit', payload: { items: [] } },
    { method: 'GET', url: '/api/admin/shipments' },
    { method: 'POST', url: '/api/admin/shipments/1/ship', payload: {} },
    { method: 'POST', url: '/api/admin/shipments/1/deliver' },
    { method: 'GET', url: '/api/admin/replacement-requests' },
    { method: 'POST', url: '/api/admin/replacement-requests/1/approve', payload: {} },
    { method: 'POST', url: '/api/admin/replacement-requests/1/decline', payload: {} },
  ];

  it('answers 401 without a session and 403 to a trainer on every admin route', async () => {
    for (const route of ADMIN_ROUTES) {
      expect((await anon(route)).statusCode, `${route.method} ${route.url}`).toBe(401);
      expect((await as(cast.maria, route)).statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});
