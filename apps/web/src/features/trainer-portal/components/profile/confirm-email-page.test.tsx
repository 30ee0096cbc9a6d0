import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const validToken = 'b'.repeat(43);

describe('confirm new e-mail page', () => {
  it('spends the token only when the button is pressed, then names the new address', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': json({ user: null }),
      'POST /api/email-change/confirm': json({ email: 'tina.new@example.com' }),
    });
    const view = renderApp(`/auth/confirm-email?token=${validToken}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirm your new e-mail' }),
    ).toBeInTheDocument();
    expect(requestsMade(fetchMock).filter((r) => r.startsWith('POST'))).toEqual([]);

    await view.user.click(screen.getByRole('button', { name: 'Confirm new e-mail' }));

    expect(
      await screen.findByText(
        'Your sign-in e-mail is now tina.new@example.com. Use it the next time you sign in.',
      ),
    ).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/email-change/confirm');
    expect(call?.[1]?.body).toBe(JSON.stringify({ token: validToken }));
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute(
      'href',
      '/trainer-portal/login',
    );
  });

  it("shows the server's message when the link is spent or stale", async () => {
    const message =
      'Your sign-in e-mail changed after this link was sent, so it no longer applies. Ask for a new one from your profile.';
    mockApi({
      'GET /api/auth/session': json({ user: null }),
      'POST /api/email-change/confirm': json({ error: { code: 'invalid_link', message } }, { status: 400 }),
    });
    const view = renderApp(`/auth/confirm-email?token=${validToken}`);
    await view.user.click(await screen.findByRole('button', { name: 'Confirm new e-mail' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('offers no button for a link without a token', async () => {
    mockApi({ 'GET /api/auth/session': json({ user: null }) });
    renderApp('/auth/confirm-email');
    expect(await screen.findByText(/this confirmation link is invalid/i)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm new e-mail' })).not.toBeInTheDocument();
  });
});
