import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, pending, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const signedOut = json({ user: null });

async function submitEmail(view: ReturnType<typeof renderApp>, email: string) {
  await view.user.type(await screen.findByLabelText(/email/i), email);
  await view.user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login page', () => {
  it('shows the title, the card and a labelled email field', async () => {
    mockApi({ 'GET /api/auth/session': signedOut });
    renderApp('/trainer-portal/login');

    expect(await screen.findByRole('heading', { level: 1, name: 'Trainer Portal' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Enter Your Email' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /email/i })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Soul Punch`);
  });

  it("at '/', shows a visitor the way to enrolment and to the public site", async () => {
    mockApi({ 'GET /api/auth/session': signedOut });
    const view = renderApp('/');

    const nav = await screen.findByRole('navigation', { name: 'Soul Punch' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Become a certified trainer', '/onboarding/checkout'],
      ['Visit the Soul Punch site', '/public'],
    ]);
    await view.user.click(within(nav).getByRole('link', { name: 'Become a certified trainer' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Become a Certified Soul Punch Trainer' }),
    ).toBeInTheDocument();
    expect(view.currentPath()).toBe('/onboarding/checkout');
  });

  it('rejects an invalid e-mail without calling the server', async () => {
    const fetchMock = mockApi({ 'GET /api/auth/session': signedOut });
    const view = renderApp('/');

    await submitEmail(view, 'not-an-email');

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /email/i })).toHaveAttribute('aria-invalid', 'true');
    expect(requestsMade(fetchMock)).toEqual(['GET /api/auth/session']);
  });

  it("reads 'Logging in...' while the request is on its way", async () => {
    mockApi({ 'GET /api/auth/session': signedOut, 'POST /api/auth/magic-link': pending });
    const view = renderApp('/trainer-portal/login');

    await submitEmail(view, 'trainer@example.com');

    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
  });

  it('shows the sent state and returns to the form with Send Another Link', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': signedOut,
      'POST /api/auth/magic-link': json({ sent: true }, { status: 202 }),
    });
    const view = renderApp('/trainer-portal/login');

    await submitEmail(view, ' Trainer@Example.com ');

    expect(await screen.findByText('Magic link sent! Check your email inbox.')).toBeInTheDocument();
    expect(screen.getByText(/check your spam or junk folder/i)).toBeInTheDocument();
    const magicLinkCall = fetchMock.mock.calls.find(([url]) => url === '/api/auth/magic-link');
    expect(magicLinkCall?.[1]?.body).toBe('{"email":"trainer@example.com"}');

    await view.user.click(screen.getByRole('button', { name: 'Send Another Link' }));

    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: /email/i })).toHaveValue('trainer@example.com');
  });

  it('shows an error toast for an unknown e-mail and keeps the form', async () => {
    mockApi({
      'GET /api/auth/session': signedOut,
      'POST /api/auth/magic-link': json(
        {
          error: {
            code: 'unknown_email',
            message: 'This email is not registered in our system. Please try again.',
          },
        },
        { status: 404 },
      ),
    });
    const view = renderApp('/trainer-portal/login');

    await submitEmail(view, 'stranger@example.com');

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(
      within(toast).getByText('This email is not registered in our system. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.queryByText('Magic link sent! Check your email inbox.')).not.toBeInTheDocument();
  });

  it("shows the server's message when sign-in requests are rate limited", async () => {
    mockApi({
      'GET /api/auth/session': signedOut,
      'POST /api/auth/magic-link': json(
        {
          error: {
            code: 'rate_limited',
            message: 'Too many sign-in requests. Please wait a moment and try again.',
          },
        },
        { status: 429, headers: { 'Retry-After': '60' } },
      ),
    });
    const view = renderApp('/trainer-portal/login');

    await submitEmail(view, 'trainer@example.com');

    expect(
      await screen.findByText('Too many sign-in requests. Please wait a moment and try again.'),
    ).toBeInTheDocument();
  });

  it('sends a signed-in trainer to the dashboard and an admin to the admin area', async () => {
    mockApi({
      'GET /api/auth/session': json({
        user: { id: 1, email: 'boss@example.com', name: 'Boss', roles: ['admin'], trainerId: null },
      }),
      'GET /api/dashboard/stats': pending,
    });
    const view = renderApp('/trainer-portal/login');

    await screen.findByRole('heading', { name: 'Trainer Onboarding Dashboard' });
    expect(view.currentPath()).toBe('/admin');
  });

  // The form posted before the page came alive: the server sent the browser back here with the outcome.
  it('shows the link sent by the form posted before the page came alive', async () => {
    mockApi({ 'GET /api/auth/session': signedOut });
    const view = renderApp('/trainer-portal/login?sent=trainer%40example.com');

    expect(await screen.findByText('Magic link sent! Check your email inbox.')).toBeInTheDocument();
    expect(screen.getByText(/We sent a sign-in link to trainer@example.com/)).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Send Another Link' }));
    expect(screen.getByRole('textbox', { name: /email/i })).toHaveValue('trainer@example.com');
    expect(view.currentPath()).toBe('/trainer-portal/login');
  });

  it('shows why the posted form sent no link, with the e-mail kept in the field', async () => {
    mockApi({ 'GET /api/auth/session': signedOut });
    renderApp('/?email=stranger%40example.com&error=unknown_email');

    const field = await screen.findByRole('textbox', { name: /email/i });
    expect(field).toHaveValue('stranger@example.com');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText('This email is not registered in our system. Please try again.'),
    ).toBeInTheDocument();
  });

  it('is a real form posting the e-mail to its own page, for a press before the page came alive', async () => {
    mockApi({ 'GET /api/auth/session': signedOut });
    renderApp('/trainer-portal/login');

    const field = await screen.findByRole('textbox', { name: /email/i });
    const form = field.closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/trainer-portal/login');
    expect(field).toHaveAttribute('name', 'email');
  });
});
