import type { InventoryItem, ReplacementRequest, Shipment } from '@soulpunch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, adminUser } from '@/features/admin/testing/fixtures';
import { mockPortalApi, TRAINER_ID } from '@/features/trainer-portal/testing/fixtures';
import { json, mockApi, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const item = (overrides: Partial<InventoryItem> = {}): InventoryItem => ({
  id: 1,
  kind: 'equipment',
  name: 'Focus mitts',
  sku: 'MITT-01',
  stock: 3,
  reorderThreshold: 5,
  lowStock: true,
  committed: 2,
  updatedAt: '2026-03-01T15:00:00.000Z',
  ...overrides,
});

const shipment = (overrides: Partial<Shipment> = {}): Shipment => ({
  id: 9,
  trainerId: TRAINER_ID,
  trainerName: 'Tina Trainer',
  kind: 'starter_kit',
  status: 'to_pack',
  items: [{ itemId: 1, name: 'Focus mitts', sku: 'MITT-01', quantity: 2 }],
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  replacementRequestId: null,
  createdAt: '2026-03-01T15:00:00.000Z',
  shippedAt: null,
  deliveredAt: null,
  ...overrides,
});

const request = (overrides: Partial<ReplacementRequest> = {}): ReplacementRequest => ({
  id: 4,
  trainerId: TRAINER_ID,
  trainerName: 'Tina Trainer',
  itemId: 1,
  itemName: 'Focus mitts',
  quantity: 1,
  reason: 'The strap tore during a class.',
  hasPhoto: true,
  status: 'pending',
  decisionNote: null,
  decidedAt: null,
  shipmentId: null,
  createdAt: '2026-03-02T15:00:00.000Z',
  ...overrides,
});

/** The request bodies sent to a route, parsed. */
const bodiesTo = (fetchMock: ReturnType<typeof mockApi>, url: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input) === url && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('the Inventory page', () => {
  it('lists items with their low stock, and adjusts stock with a reason', async () => {
    const fetchMock = mockApi({
      ...adminSession,
      'GET /api/admin/inventory': json({ items: [item()] }),
      'POST /api/admin/inventory/items/1/adjustments': json(item({ stock: 23, lowStock: false })),
    });
    const { user } = renderApp('/admin/inventory');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inventory Management' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
    const row = (await screen.findByRole('rowheader', { name: /Focus mitts/ })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Low stock')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Focus mitts (3 left, reorder at 5)');

    await user.click(within(row).getByRole('button', { name: 'Adjust stock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock: Focus mitts' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Adjustment' }));
    expect(
      within(dialog).getByText('Enter how many to add (e.g. 20) or remove (e.g. -3)'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Change/ }), '20');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Delivery from the supplier');
    expect(within(dialog).getByText(/After this change: 23/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save Adjustment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesTo(fetchMock, '/api/admin/inventory/items/1/adjustments')).toEqual([
      { change: 20, reason: 'Delivery from the supplier' },
    ]);
  });

  it('shows staff the stock, shipments and requests without the buttons that change them', async () => {
    mockApi({
      'GET /api/auth/session': json({ user: { ...adminUser, roles: ['staff'] } }),
      'GET /api/admin/inventory': json({ items: [item()] }),
      'GET /api/admin/shipments?status=to_pack': json([shipment()]),
      'GET /api/admin/replacement-requests?status=pending': json([request()]),
    });
    const { user } = renderApp('/admin/inventory');
    const row = (await screen.findByRole('rowheader', { name: /Focus mitts/ })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Low stock')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Adjust stock' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Item' })).not.toBeInTheDocument();
    // The stock history stays open to staff.
    await user.click(within(row).getByRole('button', { name: 'More for Focus mitts' }));
    expect(await screen.findByRole('menuitem', { name: 'Stock history' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Edit item' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Shipments/ }));
    const card = await screen.findByRole('listitem', { name: 'Shipment 9 to Tina Trainer' });
    expect(within(card).queryByRole('button', { name: 'Ship' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Replacement requests/ }));
    const asked = await screen.findByRole('listitem', { name: 'Request 4 from Tina Trainer' });
    expect(within(asked).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('ships a kit with its carrier and tracking number, checked before sending', async () => {
    const fetchMock = mockApi({
      ...adminSession,
      'GET /api/admin/shipments?status=to_pack': json([shipment()]),
      'POST /api/admin/shipments/9/ship': json(
        shipment({ status: 'shipped', carrier: 'usps', trackingNumber: '9400100000' }),
      ),
    });
    const { user } = renderApp('/admin/inventory?tab=shipments');

    const card = await screen.findByRole('listitem', { name: 'Shipment 9 to Tina Trainer' });
    expect(card).toHaveTextContent('2 x Focus mitts');
    await user.click(within(card).getByRole('button', { name: 'Ship' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship to Tina Trainer' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Shipped' }));
    expect(within(dialog).getByText('Choose the carrier')).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/api/admin/shipments/9/ship')).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: /Carrier/ }));
    await user.click(await screen.findByRole('option', { name: 'USPS' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Tracking number/ }), '9400100000');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Shipped' }));
    await waitFor(() => expect(bodiesTo(fetchMock, '/api/admin/shipments/9/ship')).toHaveLength(1));
    expect(bodiesTo(fetchMock, '/api/admin/shipments/9/ship')[0]).toEqual({
      carrier: 'usps',
      trackingNumber: '9400100000',
    });
  });

  it('approves a replacement request with a note for the trainer', async () => {
    const fetchMock = mockApi({
      ...adminSession,
      'GET /api/admin/replacement-requests?status=pending': json([request()]),
      'POST /api/admin/replacement-requests/4/approve': json(request({ status: 'approved', shipmentId: 12 })),
    });
    const { user } = renderApp('/admin/inventory?tab=requests');

    const card = await screen.findByRole('listitem', { name: 'Request 4 from Tina Trainer' });
    expect(
      within(card).getByRole('img', { name: 'Photo of the Focus mitts from Tina Trainer' }),
    ).toHaveAttribute('src', `/api/trainers/${TRAINER_ID}/replacement-requests/4/photo`);
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the replacement' });
    await user.type(
      within(dialog).getByRole('textbox', { name: /Note for the trainer/ }),
      'A new pair is on its way.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Approve Request' }));
    await waitFor(() =>
      expect(bodiesTo(fetchMock, '/api/admin/replacement-requests/4/approve')).toEqual([
        { note: 'A new pair is on its way.' },
      ]),
    );
  });
});

describe("the trainer's shipments card", () => {
  it('shows the tracking number with its link, and sends a replacement request', async () => {
    const fetchMock = mockPortalApi({
      routes: {
        [`GET /api/trainers/${TRAINER_ID}/shipments`]: json([
          shipment({
            status: 'shipped',
            carrier: 'ups',
            trackingNumber: '1Z999AA10123456784',
            trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
            shippedAt: '2026-03-03T15:00:00.000Z',
          }),
        ]),
        [`GET /api/trainers/${TRAINER_ID}/replacement-requests`]: json({
          items: [{ id: 1, name: 'Focus mitts', kind: 'equipment' }],
          requests: [],
        }),
        [`POST /api/trainers/${TRAINER_ID}/replacement-requests`]: json(request({ hasPhoto: false }), {
          status: 201,
        }),
      },
    });
    const { user } = renderApp('/trainer-portal/dashboard');

    const card = await screen.findByRole('region', { name: 'Shipments' });
    expect(within(card).getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute(
      'href',
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(card).toHaveTextContent('Shipped');

    await user.click(within(card).getByRole('button', { name: 'Request a Replacement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a replacement' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(within(dialog).getByText('Choose the item')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Item/ }));
    await user.click(await screen.findByRole('option', { name: 'Focus mitts (Equipment)' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: /What happened/ }),
      'The strap tore during a class.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesTo(fetchMock, `/api/trainers/${TRAINER_ID}/replacement-requests`)).toEqual([
      { itemId: 1, quantity: 1, reason: 'The strap tore during a class.' },
    ]);
    expect(requestsMade(fetchMock)).not.toContain(
      `POST /api/trainers/${TRAINER_ID}/replacement-requests/4/photo`,
    );
  });
});
