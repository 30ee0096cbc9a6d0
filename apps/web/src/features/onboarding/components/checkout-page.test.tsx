import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const signedOut = { 'GET /api/auth/session': json({ user: null }) };

async function fillDetails(view: ReturnType<typeof renderApp>, { agree = true } = {}) {
  await view.user.type(await screen.findByRole('textbox', { name: /full name/i }), 'Dana Reyes');
  await view.user.type(screen.getByRole('textbox', { name: /email/i }), 'dana@example.com');
  await view.user.type(screen.getByRole('textbox', { name: /phone/i }), '+1 555 0100');
  if (agree) await view.user.click(screen.getByRole('checkbox', { name: /agree to the/i }));
}

describe('checkout page', () => {
  it('shows the tabs and, with a required field missing, the spec alert without calling the server', async () => {
    const fetchMock = mockApi(signedOut);
    const view = renderApp('/onboarding/checkout');

    expect(await screen.findByRole('tab', { name: 'Your Details' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Payment Options' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/legal/terms');

    await fillDetails(view, { agree: false });
    await view.user.click(screen.getByRole('button', { name: 'Continue to Payment Options' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please fill all required fields and agree to the terms.',
    );
    expect(screen.getByRole('tab', { name: 'Your Details' })).toHaveAttribute('aria-selected', 'true');
    expect(requestsMade(fetchMock).filter((r) => r.includes('/api/enrolments'))).toEqual([]);
  });

  it('shows the way back to the public site and, for trainers, to the login', async () => {
    mockApi(signedOut);
    renderApp('/onboarding/checkout');

    const nav = await screen.findByRole('navigation', { name: 'Soul Punch' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Back to the Soul Punch site', '/public'],
      ['Already a trainer? Sign in', '/trainer-portal/login'],
    ]);
  });

  it('offers both plans with their amounts, full by default, and says what the flex plan totals', async () => {
    mockApi(signedOut);
    const view = renderApp('/onboarding/checkout');
    await fillDetails(view);
    await view.user.click(screen.getByRole('button', { name: 'Continue to Payment Options' }));

    const full = await screen.findByRole('radio', { name: 'Pay in Full: $1,997' });
    const flex = screen.getByRole('radio', { name: 'Flex Plan: $499 per month for 6 months' });
    expect(full).toBeChecked();
    expect(flex).not.toBeChecked();
    expect(within(full).getByText('$2,997')).toBeInTheDocument();
    expect(within(full).getByText('save 33%')).toBeInTheDocument();
    expect(within(flex).getByText(/\$2,994 in total/)).toBeInTheDocument();

    await view.user.click(flex);
    expect(flex).toBeChecked();
    expect(
      screen.getByText(/then \$499 each month for 5 more months \(\$2,994 in total\)/),
    ).toBeInTheDocument();
  });

  it('sends the details and the chosen plan, and tells an enrolled e-mail to sign in instead', async () => {
    const fetchMock = mockApi({
      ...signedOut,
      'POST /api/enrolments': json(
        {
          error: {
            code: 'already_enrolled',
            message: 'This email already belongs to an enrolled trainer. Please sign in instead.',
          },
        },
        { status: 409 },
      ),
    });
    const view = renderApp('/onboarding/checkout');
    await fillDetails(view);
    await view.user.click(screen.getByRole('button', { name: 'Continue to Payment Options' }));
    await view.user.click(await screen.findByRole('radio', { name: /Flex Plan/ }));
    await view.user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'This email already belongs to an enrolled trainer. Please sign in instead.',
    );
    expect(within(alert).getByRole('link')).toHaveAttribute('href', '/trainer-portal/login');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/enrolments');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      fullName: 'Dana Reyes',
      email: 'dana@example.com',
      phone: '+1 555 0100',
      city: null,
      state: null,
      agreeTerms: true,
      plan: 'flex',
    });
  });

  it("puts the server's field errors next to their fields", async () => {
    mockApi({
      ...signedOut,
      'POST /api/enrolments': json(
        {
          error: {
            code: 'validation_failed',
            message: 'Please check the highlighted fields.',
            fields: { phone: 'Please enter a valid phone number' },
          },
        },
        { status: 400 },
      ),
    });
    const view = renderApp('/onboarding/checkout');
    await fillDetails(view);
    await view.user.click(screen.getByRole('button', { name: 'Continue to Payment Options' }));
    await view.user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));

    const phone = await screen.findByRole('textbox', { name: /phone/i });
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
  });

  describe('the e-mailed code (decision 0008)', () => {
    const enrolment = {
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
      checkoutUrl: null,
      lastError: null,
      trainerId: null,
      confirmed: false,
      emailVerified: false,
    };
    const assign = vi.fn();
    afterEach(() => {
      vi.unstubAllGlobals();
      assign.mockReset();
    });

    it('asks for the code before the checkout, says what is wrong, and opens the checkout with the right one', async () => {
      vi.stubGlobal('location', { ...window.location, assign });
      const fetchMock = mockApi({
        ...signedOut,
        'POST /api/enrolments': json({ enrolment, checkoutUrl: null }, { status: 201 }),
        'POST /api/enrolments/current/verify-email': (_url, init) =>
          JSON.parse(String(init?.body)).code === '246810'
            ? json({
                enrolment: { ...enrolment, emailVerified: true },
                checkoutUrl: '/test-checkout/cs_test_1',
              })
            : json(
                {
                  error: {
                    code: 'invalid_code',
                    message: 'This code is not right. Please check the code in the email and try again.',
                    fields: {
                      code: 'This code is not right. Please check the code in the email and try again.',
                    },
                  },
                },
                { status: 400 },
              ),
      });
      const view = renderApp('/onboarding/checkout');
      await fillDetails(view);
      await view.user.click(screen.getByRole('button', { name: 'Continue to Payment Options' }));
      await view.user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));

      const heading = await screen.findByRole('heading', { name: 'Check your email' });
      expect(heading).toHaveFocus();
      expect(screen.getByText(/We sent a 6-digit code to your email/)).toHaveTextContent('dana@example.com');
      expect(assign).not.toHaveBeenCalled();

      const input = screen.getByRole('textbox', { name: /6-digit code/ });
      await view.user.click(screen.getByRole('button', { name: 'Verify and continue to payment' }));
      expect(await screen.findByText('Please enter the 6-digit code from the email')).toBeInTheDocument();
      expect(requestsMade(fetchMock)).not.toContain('POST /api/enrolments/current/verify-email');

      await view.user.type(input, '111111');
      await view.user.click(screen.getByRole('button', { name: 'Verify and continue to payment' }));
      expect(
        await screen.findByText('This code is not right. Please check the code in the email and try again.'),
      ).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(assign).not.toHaveBeenCalled();

      await view.user.clear(input);
      await view.user.type(input, '246810');
      await view.user.click(screen.getByRole('button', { name: 'Verify and continue to payment' }));
      await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/test-checkout/cs_test_1'));
    });

    it('sends a new code on request and says so', async () => {
      mockApi({
        ...signedOut,
        'POST /api/enrolments': json({ enrolment, checkoutUrl: null }, { status: 201 }),
      });
      const view = renderApp('/onboarding/checkout');
      await fillDetails(view);
      await view.user.click(screen.getByRole('button', { name: 'Continue to Payment Options' }));
      await view.user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
      await view.user.click(await screen.findByRole('button', { name: 'Send a new code' }));
      expect(await screen.findByText(/A new code is on its way/)).toBeInTheDocument();
      await view.user.click(screen.getByRole('button', { name: 'Change my details' }));
      expect(await screen.findByRole('tab', { name: 'Your Details' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
    });
  });
});
