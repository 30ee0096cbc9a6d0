import type { EnrolmentView } from '@soulpunch/shared';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const signedOut = { 'GET /api/auth/session': json({ user: null }) };

const unpaid: EnrolmentView = {
  id: 'enr_1',
  fullName: 'Dana Reyes',
  email: 'dana@example.com',
  phone: '+1 555 0100',
  city: null,
  state: null,
  plan: 'full',
  amountCents: 199_700,
  totalCents: 199_700,
  status: 'checkout',
  paid: false,
  checkoutUrl: '/test-checkout/chk_1',
  lastError: null,
  trainerId: null,
  confirmed: false,
  emailVerified: true,
};
const paid: EnrolmentView = { ...unpaid, status: 'paid', paid: true, checkoutUrl: null, trainerId: 42 };

afterEach(() => {
  vi.useRealTimers();
});

describe('payment confirmation page', () => {
  it('shows the three steps and the button', async () => {
    mockApi({ ...signedOut, 'GET /api/enrolments/current': json(unpaid) });
    renderApp('/onboarding/payment-confirmation');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Complete Your Payment' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    // The checkout moved this tab to the provider's page: nothing 'opened' anywhere else.
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent(
      "Pay on our payment provider's secure page, where the checkout took you.",
    );
    expect(screen.getByRole('button', { name: "I've Completed Payment" })).toBeInTheDocument();
  });

  it('says the payment arrived and that the button goes on, not that anything is confirmed yet', async () => {
    mockApi({ ...signedOut, 'GET /api/enrolments/current': json(paid) });
    renderApp('/onboarding/payment-confirmation');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We have received your payment. Press "I\'ve Completed Payment" to go on.',
    );
  });

  it('waits while the payment is not confirmed, keeps checking, and goes on once it is', async () => {
    let answer = unpaid;
    const fetchMock = mockApi({
      ...signedOut,
      'GET /api/enrolments/current': () => json(answer),
      'PUT /api/trainers/42': json({ id: 42, paymentStatus: 'completed' }),
      'POST /api/trainers/42/trigger-onboarding': json({
        trainerId: 42,
        onboardingStatus: 'documents_pending',
      }),
    });
    const view = renderApp('/onboarding/payment-confirmation');
    await view.user.click(await screen.findByRole('button', { name: "I've Completed Payment" }));

    expect(
      await screen.findByText(/We have not received confirmation of your payment yet\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go back to the payment page' })).toBeInTheDocument();
    expect(requestsMade(fetchMock)).not.toContain('PUT /api/trainers/42');

    answer = paid;
    // The page polls every 2 s; the real timer is enough and keeps user-event simple.
    await vi.waitFor(() => expect(view.currentPath()).toBe('/onboarding/confirmation'), { timeout: 5000 });
    const put = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/trainers/42' && init?.method === 'PUT',
    );
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      paymentStatus: 'completed',
      onboardingStatus: 'documents_pending',
    });
    expect(requestsMade(fetchMock)).toContain('POST /api/trainers/42/trigger-onboarding');
  });

  it('shows why the last attempt failed', async () => {
    mockApi({
      ...signedOut,
      'GET /api/enrolments/current': json({
        ...unpaid,
        lastError: 'Your card was declined. No money was taken. Please try another card.',
      }),
    });
    renderApp('/onboarding/payment-confirmation');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your card was declined. No money was taken. Please try another card.',
    );
  });

  it('says the confirmation failed when the server refuses it', async () => {
    mockApi({
      ...signedOut,
      'GET /api/enrolments/current': json(paid),
      'PUT /api/trainers/42': json(
        { error: { code: 'payment_not_verified', message: 'not yet' } },
        { status: 409 },
      ),
    });
    const view = renderApp('/onboarding/payment-confirmation');
    await view.user.click(await screen.findByRole('button', { name: "I've Completed Payment" }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error processing your confirmation. Please try again.',
    );
    expect(view.currentPath()).toBe('/onboarding/payment-confirmation');
  });

  it('says the session expired and returns to the checkout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({
      ...signedOut,
      'GET /api/enrolments/current': json(
        {
          error: {
            code: 'no_enrolment',
            message: 'Session expired. Please restart the registration process.',
          },
        },
        { status: 404 },
      ),
    });
    const view = renderApp('/onboarding/payment-confirmation');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Session expired. Please restart the registration process.',
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(view.currentPath()).toBe('/onboarding/checkout');
  });
});
