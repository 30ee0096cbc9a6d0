import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

describe('welcome page', () => {
  it('asks a visitor to sign in, without telling them their documents are signed', async () => {
    const fetchMock = mockApi({ 'GET /api/auth/session': json({ user: null }) });
    renderApp('/onboarding/welcome');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/trainer-portal/login',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Soul Punch' })).toBeInTheDocument();
    expect(screen.queryByText(/Your documents are signed/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The trainers' catalogue is not asked for on a visitor's behalf.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/resources');
  });
});
