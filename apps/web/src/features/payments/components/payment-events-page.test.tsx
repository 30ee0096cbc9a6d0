import type { PaymentEventView } from '@soulpunch/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminSession } from '@/features/admin/testing/fixtures';
import { json, mockApi, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const processed: PaymentEventView = {
  id: 'evt_ok',
  provider: 'test',
  type: 'checkout.session.completed',
  receivedAt: '2027-01-05T10:00:00Z',
  processedAt: '2027-01-05T10:00:01Z',
  error: null,
  trainer: { id: 7, name: 'Nora Quinn' },
  purpose: 'program',
  amountCents: 49_900,
  currency: 'usd',
};
const failed: PaymentEventView = {
  id: 'evt_failed',
  provider: 'stripe',
  type: 'invoice.paid',
  receivedAt: '2027-02-05T10:00:00Z',
  processedAt: null,
  error: 'No instalment matches subscription sub_123',
  trainer: null,
  purpose: null,
  amountCents: null,
  currency: null,
};

const rowOf = (id: string) => screen.getByText(id).closest('tr') as HTMLElement;

describe('admin payment events page', () => {
  it('lists the events and replays one that was not processed', async () => {
    let events = [failed, processed];
    const fetchMock = mockApi({
      ...adminSession,
      'GET /api/payment-events': () => json(events),
      'POST /api/payment-events/evt_failed/replay': () => {
        const done = { ...failed, processedAt: '2027-02-05T11:00:00Z', error: null };
        events = [done, processed];
        return json(done);
      },
    });
    const view = renderApp('/admin/payment-events');

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment events' })).toBeInTheDocument();
    await screen.findByText('evt_failed');
    const failedRow = rowOf('evt_failed');
    expect(failedRow).toHaveTextContent('No instalment matches subscription sub_123');
    expect(within(failedRow).getByText('Not processed')).toBeInTheDocument();
    // Each event names its trainer (a link to their page) and its amount; one naming none says so.
    const okRow = rowOf('evt_ok');
    expect(within(okRow).getByRole('link', { name: 'Nora Quinn' })).toHaveAttribute(
      'href',
      '/admin/trainers/7',
    );
    expect(okRow).toHaveTextContent('$499');
    expect(failedRow).toHaveTextContent('Unknown');
    // A processed event has nothing to replay.
    expect(within(rowOf('evt_ok')).queryByRole('button')).toBeNull();

    await view.user.click(within(failedRow).getByRole('button', { name: 'Replay' }));

    expect(await screen.findByText('The event was processed.')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain('POST /api/payment-events/evt_failed/replay');
    // The list is asked again: the event now shows as processed, with nothing left to replay.
    await vi.waitFor(() => expect(within(rowOf('evt_failed')).queryByText('Not processed')).toBeNull());
    expect(within(rowOf('evt_failed')).queryByRole('button')).toBeNull();
  });
});
