import type { PaymentSummary } from '@soulpunch/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { json, mockApi } from '@/test/mock-api';
import { LedgerPanel } from './ledger-panel';
import { PaymentBanner } from './payment-banner';
import { PortalEnrolmentPage } from './portal-enrolment-page';

function renderWithApp(ui: ReactNode) {
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

const noPlan: PaymentSummary = {
  plan: null,
  paymentStatus: 'pending',
  paidCount: 0,
  totalCount: 0,
  progressLabel: 'No payment recorded',
  nextDue: null,
  pastDue: false,
  graceEndsAt: null,
  accessPaused: false,
  certificationSuspended: false,
  suspensionReason: null,
  payNowUrl: null,
  entries: [],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the enrolment of a trainer an admin added', () => {
  it('lets the admin e-mail the enrolment link', async () => {
    const fetchMock = mockApi({
      'GET /api/trainers/7/payments': json(noPlan),
      'POST /api/trainers/7/enrolment-link': json({ sentTo: 'olive@example.com' }),
    });
    const { user } = renderWithApp(<LedgerPanel trainerId={7} />);
    await user.click(await screen.findByRole('button', { name: 'E-mail an enrolment link' }));
    expect(
      await screen.findByText('olive@example.com can now choose a plan and pay from their portal.'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/trainers/7/enrolment-link')).toBe(true);
  });

  it("shows the trainer the way to enrol on the dashboard's banner", async () => {
    mockApi({ 'GET /api/trainers/7/payments': json(noPlan) });
    renderWithApp(<PaymentBanner trainerId={7} />);
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Complete your enrolment');
    expect(within(banner).getByRole('link', { name: 'Choose your plan' })).toHaveAttribute(
      'href',
      '/trainer-portal/enrolment',
    );
  });

  it('asks for the terms, then goes to the checkout for the plan chosen', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    let answered = 0;
    const fetchMock = mockApi({
      'GET /api/trainers/7/payments': json(noPlan),
      'POST /api/trainers/7/enrolment/checkout': () =>
        ++answered === 1
          ? json(
              {
                error: {
                  code: 'validation_error',
                  message: 'Please agree to the terms',
                  fields: { agreeTerms: 'Please agree to the terms' },
                },
              },
              { status: 400 },
            )
          : json({ checkoutUrl: '/test-checkout/cs_test_abcdefghijkl' }),
    });
    const { user } = renderWithApp(<PortalEnrolmentPage trainerId={7} />);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Complete Your Enrolment' }),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: /Flex Plan/ }));
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText('Please agree to the terms')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/test-checkout/cs_test_abcdefghijkl'));
    const bodies = fetchMock.mock.calls
      .filter(([url]) => url === '/api/trainers/7/enrolment/checkout')
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies.at(-1)).toEqual({ plan: 'flex', agreeTerms: true });
  });

  it('says the payment is recorded once there is a plan', async () => {
    mockApi({
      'GET /api/trainers/7/payments': json({
        ...noPlan,
        plan: 'full',
        paymentStatus: 'completed',
        progressLabel: 'Paid in full',
      }),
    });
    renderWithApp(<PortalEnrolmentPage trainerId={7} />);
    expect(await screen.findByText('Your payment is recorded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).toBeNull();
  });
});
