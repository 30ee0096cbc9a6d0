import type { EnrolmentView } from '@soulpunch/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const paidFlex: EnrolmentView = {
  id: 'enr_1',
  fullName: 'Dana Reyes',
  email: 'dana@example.com',
  phone: '+1 555 0100',
  city: 'Tulsa',
  state: 'OK',
  plan: 'flex',
  amountCents: 49_900,
  totalCents: 299_400,
  status: 'paid',
  paid: true,
  checkoutUrl: null,
  lastError: null,
  trainerId: 42,
  confirmed: false,
  emailVerified: true,
};

describe('post-payment confirmation page', () => {
  it('shows the receipt facts and the details prefilled from the enrolment', async () => {
    mockApi({ 'GET /api/auth/session': json({ user: null }), 'GET /api/enrolments/current': json(paidFlex) });
    renderApp('/onboarding/confirmation');

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Completed' })).toBeInTheDocument();
    expect(
      screen.getByText(/We received \$499 for the Flex Plan \(payment 1 of 6, \$2,994 in total\)/),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /full name/i })).toHaveValue('Dana Reyes');
  });

  it("names the plan in full words: 'for the Pay in Full plan'", async () => {
    const paidFull = { ...paidFlex, plan: 'full' as const, amountCents: 199_700, totalCents: 199_700 };
    mockApi({ 'GET /api/auth/session': json({ user: null }), 'GET /api/enrolments/current': json(paidFull) });
    renderApp('/onboarding/confirmation');
    expect(
      await screen.findByText(/We received \$1,997 for the Pay in Full plan\. A receipt/),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /city/i })).toHaveValue('Tulsa');
    // The address paid under is shown, not offered for editing (the server would refuse a change).
    const email = screen.getByRole('textbox', { name: /^email/i });
    expect(email).toHaveValue(paidFlex.email);
    expect(email).toHaveAttribute('readonly');
  });

  it('asks for the missing required fields without calling the server', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': json({ user: null }),
      'GET /api/enrolments/current': json(paidFlex),
    });
    const view = renderApp('/onboarding/confirmation');
    await view.user.clear(await screen.findByRole('textbox', { name: /phone/i }));
    await view.user.click(screen.getByRole('button', { name: 'Continue to Document Signing' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all required fields.');
    expect(requestsMade(fetchMock)).not.toContain('POST /api/enrolments/current/confirm');
  });

  it('confirms the details and goes to document signing', async () => {
    let user: unknown = null;
    const fetchMock = mockApi({
      'GET /api/auth/session': () => json({ user }),
      'GET /api/enrolments/current': json(paidFlex),
      'POST /api/enrolments/current/confirm': () => {
        user = { id: 9, email: 'dana@example.com', roles: ['trainer'], trainerId: 42 };
        return json({ trainerId: 42, redirectTo: '/onboarding/documents' });
      },
    });
    const view = renderApp('/onboarding/confirmation');
    await view.user.click(await screen.findByRole('button', { name: 'Continue to Document Signing' }));

    await vi.waitFor(() => expect(view.currentPath()).toBe('/onboarding/documents'));
    const confirm = fetchMock.mock.calls.find(([url]) => url === '/api/enrolments/current/confirm');
    expect(JSON.parse(String(confirm?.[1]?.body))).toEqual({
      fullName: 'Dana Reyes',
      email: 'dana@example.com',
      phone: '+1 555 0100',
      city: 'Tulsa',
      state: 'OK',
    });
  });
});
