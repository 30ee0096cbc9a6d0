import { formatUsd, type LedgerEntry, type PaymentSummary, RENEWAL_FEE } from '@soulpunch/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { json, mockApi } from '@/test/mock-api';
import { LedgerPanel } from './ledger-panel';
import { PaymentBanner } from './payment-banner';
import { ResourcesPaused } from './resources-paused';

function renderWithApp(ui: ReactNode) {
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

const entry = (n: number, over: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id: 100 + n,
  instalment: n,
  kind: 'instalment',
  purpose: 'program',
  renewsExpiresOn: null,
  amountCents: 49_900,
  currency: 'usd',
  dueOn: `2027-0${n}-05`,
  status: 'scheduled',
  attempts: 0,
  paidAt: null,
  failedAt: null,
  receiptUrl: null,
  note: null,
  ...over,
});

const flexOnTrack: PaymentSummary = {
  plan: 'flex',
  paymentStatus: 'completed',
  paidCount: 3,
  totalCount: 6,
  progressLabel: '3 of 6 paid · next $499 on Apr 5, 2027',
  nextDue: { amountCents: 49_900, dueOn: '2027-04-05' },
  pastDue: false,
  graceEndsAt: null,
  accessPaused: false,
  certificationSuspended: false,
  suspensionReason: null,
  payNowUrl: null,
  entries: [
    entry(1, {
      status: 'paid',
      attempts: 1,
      paidAt: '2027-01-05T10:00:00Z',
      receiptUrl: 'https://r.example/1',
    }),
    entry(2, { status: 'paid', attempts: 1, paidAt: '2027-02-05T10:00:00Z' }),
    entry(3, { status: 'paid', attempts: 1, paidAt: '2027-03-05T10:00:00Z' }),
    entry(4),
    entry(5),
    entry(6),
  ],
};

const pastDue: PaymentSummary = {
  ...flexOnTrack,
  paymentStatus: 'past_due',
  paidCount: 1,
  progressLabel: '1 of 6 paid · next $499 on Feb 5, 2027',
  pastDue: true,
  graceEndsAt: '2027-02-12T10:00:00Z',
  payNowUrl: '/test-checkout/cs_test_pay2',
  entries: [
    entry(1, { status: 'paid', attempts: 1, paidAt: '2027-01-05T10:00:00Z' }),
    entry(2, { status: 'failed', attempts: 1, failedAt: '2027-02-05T10:00:00Z' }),
    entry(3),
    entry(4),
    entry(5),
    entry(6),
  ],
};

describe('payment banner', () => {
  it("shows the flex plan's progress while it is on track", async () => {
    mockApi({ 'GET /api/trainers/7/payments': json(flexOnTrack) });
    renderWithApp(<PaymentBanner trainerId={7} />);

    expect(await screen.findByRole('status')).toHaveTextContent('3 of 6 paid · next $499 on Apr 5, 2027');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says which instalment failed and links to pay it now', async () => {
    mockApi({ 'GET /api/trainers/7/payments': json(pastDue) });
    renderWithApp(<PaymentBanner trainerId={7} />);

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Your instalment of $499 due Feb 5, 2027 failed.');
    expect(banner).toHaveTextContent('Pay now to keep your access (resources pause on Feb 12, 2027).');
    expect(within(banner).getByRole('link', { name: 'Pay now' })).toHaveAttribute(
      'href',
      '/test-checkout/cs_test_pay2',
    );
  });

  it('says the resources are paused once the grace period is over', async () => {
    mockApi({ 'GET /api/trainers/7/payments': json({ ...pastDue, accessPaused: true }) });
    renderWithApp(<PaymentBanner trainerId={7} />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Your portal resources are paused');
  });

  it("shows the server's paused-access message with the way to pay", async () => {
    mockApi({ 'GET /api/trainers/7/payments': json({ ...pastDue, accessPaused: true }) });
    const message =
      'Your portal resources are paused because an instalment is unpaid. Pay now to restore access at once.';
    const { ApiError } = await import('@/lib/api-client');
    const error = new ApiError(
      403,
      'Forbidden',
      { error: { code: 'access_paused', message } },
      new Headers(),
    );
    renderWithApp(<ResourcesPaused trainerId={7} error={error} />);

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(await within(alert).findByRole('link', { name: 'Pay now' })).toHaveAttribute(
      'href',
      '/test-checkout/cs_test_pay2',
    );
  });
});

describe('admin ledger panel', () => {
  it('shows the plan, its progress and every ledger row', async () => {
    mockApi({ 'GET /api/trainers/7/payments': json(flexOnTrack) });
    renderWithApp(<LedgerPanel trainerId={7} />);

    expect(await screen.findByText('3 of 6 paid · next $499 on Apr 5, 2027')).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(7);
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: /Receipt/ })).toHaveAttribute(
      'href',
      'https://r.example/1',
    );
    expect(screen.getByRole('link', { name: 'Payment events' })).toHaveAttribute(
      'href',
      '/admin/payment-events',
    );
    // Statuses in words, never the stored values.
    expect(within(rows[1] as HTMLElement).getByText('Paid')).toBeInTheDocument();
    expect(within(rows[6] as HTMLElement).getByText('Scheduled')).toBeInTheDocument();
    expect(screen.getByText('Completed')).toBeInTheDocument();
  });

  it('labels renewal fees and their refunds, even for a trainer without a plan, and offers a refund', async () => {
    const renewal = entry(1, {
      id: 300,
      kind: 'renewal',
      purpose: 'renewal',
      renewsExpiresOn: '2027-04-20',
      amountCents: RENEWAL_FEE.amountCents,
      status: 'refunded',
      paidAt: '2027-03-01T10:00:00Z',
    });
    const refund = entry(1, {
      id: 301,
      instalment: null,
      kind: 'refund',
      purpose: 'renewal',
      renewsExpiresOn: '2027-04-20',
      amountCents: -RENEWAL_FEE.amountCents,
      status: 'refunded',
    });
    const again = { ...renewal, id: 302, renewsExpiresOn: '2029-04-20', status: 'paid' as const };
    mockApi({
      'GET /api/trainers/7/payments': json({
        ...flexOnTrack,
        plan: null,
        paymentStatus: 'pending',
        entries: [renewal, refund, again],
      }),
    });
    renderWithApp(<LedgerPanel trainerId={7} />);
    const ledger = await screen.findByRole('region', { name: 'Payment ledger' });
    const rows = within(ledger).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Renewal fee (was valid through Apr 20, 2027)');
    expect(rows[1]).toHaveTextContent(formatUsd(RENEWAL_FEE.amountCents));
    expect(rows[2]).toHaveTextContent('Renewal fee refund');
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(within(rows[3] as HTMLElement).getByRole('button', { name: 'Refund' })).toBeInTheDocument();
  });

  it("says 'Past Due', not the stored value", async () => {
    mockApi({
      'GET /api/trainers/7/payments': json({ ...flexOnTrack, paymentStatus: 'past_due', pastDue: true }),
    });
    renderWithApp(<LedgerPanel trainerId={7} />);
    expect(await screen.findByText('Past Due')).toBeInTheDocument();
    expect(screen.queryByText('past_due')).toBeNull();
  });

  it('records an offline payment for a trainer with no plan, sending one request id however often it is sent', async () => {
    const noPlan: PaymentSummary = {
      ...flexOnTrack,
      plan: null,
      paymentStatus: 'pending',
      paidCount: 0,
      totalCount: 0,
      progressLabel: 'No payment recorded',
      nextDue: null,
      entries: [],
    };
    const paidInFull: PaymentSummary = {
      ...noPlan,
      plan: 'full',
      paymentStatus: 'completed',
      paidCount: 1,
      totalCount: 1,
      progressLabel: 'Paid in full',
      entries: [entry(1, { kind: 'payment', status: 'paid', paidAt: '2027-01-05T10:00:00Z' })],
    };
    let tries = 0;
    const fetchMock = mockApi({
      'GET /api/trainers/7/payments': json(noPlan),
      // The first answer is lost (a network error); the retry of the same form goes through.
      'POST /api/trainers/7/payments/offline': () =>
        ++tries === 1
          ? json({ error: { code: 'internal_error', message: 'Try again' } }, { status: 503 })
          : json(paidInFull),
    });
    const { user } = renderWithApp(<LedgerPanel trainerId={7} />);

    expect(await screen.findByText('Pending')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record offline payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record an offline payment' });
    await user.click(within(dialog).getByRole('combobox', { name: /How it was paid/ }));
    await user.click(await screen.findByRole('option', { name: 'Cheque' }));
    await user.click(within(dialog).getByRole('radio', { name: /The Pay in Full plan/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Cheque 1042');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Record an offline payment failed')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    expect(await screen.findByText('Paid in full')).toBeInTheDocument();
    const bodies = fetchMock.mock.calls
      .filter(([url]) => url === '/api/trainers/7/payments/offline')
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toEqual({
      method: 'cheque',
      plan: 'full',
      reason: 'Cheque 1042',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(bodies[1].requestId).toBe(bodies[0].requestId);
  });

  it('waives an instalment with a reason and shows the answer', async () => {
    const waived = {
      ...flexOnTrack,
      entries: flexOnTrack.entries.map((e) => (e.instalment === 6 ? { ...e, status: 'waived' as const } : e)),
    };
    const fetchMock = mockApi({
      'GET /api/trainers/7/payments': json(flexOnTrack),
      'POST /api/trainers/7/payments/106/waive': json(waived),
    });
    const { user } = renderWithApp(<LedgerPanel trainerId={7} />);

    const row6 = (await screen.findAllByRole('row'))[6] as HTMLElement;
    await user.click(within(row6).getByRole('button', { name: 'Waive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Waive this instalment' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Hardship, agreed by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Waive instalment' }));

    expect(await screen.findByText('Waive this instalment: done')).toBeInTheDocument();
    expect(within(screen.getAllByRole('row')[6] as HTMLElement).getByText('Waived')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/trainers/7/payments/106/waive');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ reason: 'Hardship, agreed by phone' });
  });

  it('keeps the dialog open with the reason error when the server refuses', async () => {
    mockApi({
      'GET /api/trainers/7/payments': json(flexOnTrack),
      'POST /api/trainers/7/payment-plan/pause': json(
        {
          error: {
            code: 'validation_failed',
            message: 'Please check the highlighted fields.',
            fields: { reason: 'Please give a reason' },
          },
        },
        { status: 400 },
      ),
    });
    const { user } = renderWithApp(<LedgerPanel trainerId={7} />);

    await user.click(await screen.findByRole('button', { name: 'Plan actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pause plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause the plan' });
    await user.click(within(dialog).getByRole('button', { name: 'Pause plan' }));

    expect(await within(dialog).findByText('Please give a reason')).toBeInTheDocument();
    expect(await screen.findByText('Pause the plan failed')).toBeInTheDocument();
  });
});
