import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardRoutes } from '@/features/trainer-portal/testing/fixtures';
import { json, mockApi, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const trainer = {
  id: 3,
  email: 'trainer@example.com',
  name: 'Tina Trainer',
  roles: ['trainer'],
  trainerId: 7,
};
const validToken = 'a'.repeat(43);

describe('confirm sign-in page', () => {
  it('does not use the token until the button is clicked', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/verify': json({ user: trainer, redirectTo: '/trainer-portal/dashboard' }),
      'GET /api/auth/session': json({ user: trainer }),
      'GET /api/trainers/by-email/trainer%40example.com': json({
        id: 7,
        name: 'Tina Trainer',
        email: 'trainer@example.com',
        status: 'active',
      }),
      ...dashboardRoutes(7),
    });
    const view = renderApp(`/auth/confirm?token=${validToken}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm sign-in' })).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toEqual([]);

    await view.user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Welcome back, Tina Trainer!')).toBeInTheDocument();
    expect(view.currentPath()).toBe('/trainer-portal/dashboard');
    const verifyCall = fetchMock.mock.calls.find(([url]) => url === '/api/auth/verify');
    expect(verifyCall?.[1]?.body).toBe(JSON.stringify({ token: validToken }));
  });

  it("shows the server's message and a way back when the link is spent", async () => {
    const message =
      'This sign-in link is invalid, has expired or was already used. Please request a new one.';
    mockApi({ 'POST /api/auth/verify': json({ error: { code: 'invalid_link', message } }, { status: 400 }) });
    const view = renderApp(`/auth/confirm?token=${validToken}`);

    await view.user.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute(
      'href',
      '/trainer-portal/login',
    );
  });

  it('shows the error view when the link has no token', async () => {
    const fetchMock = mockApi({});
    renderApp('/auth/confirm');

    expect(await screen.findByText(/this sign-in link is invalid/i)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toEqual([]);
  });
});
