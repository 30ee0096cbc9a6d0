import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const trainer = { id: 3, email: 'tina@example.com', name: 'Tina Trainer', roles: ['trainer'], trainerId: 7 };
const admin = { id: 1, email: 'boss@example.com', name: 'Bea Boss', roles: ['admin'], trainerId: null };

describe('unknown paths', () => {
  it("show 'Page Not Found' to a visitor in the public header, with a link to the visitors' home", async () => {
    mockApi({ 'GET /api/auth/session': json({ user: null }) });
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/public');
    expect(screen.getByRole('navigation', { name: 'Visitor' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('show a trainer the portal header and lead back to the dashboard', async () => {
    mockApi({ 'GET /api/auth/session': json({ user: trainer }) });
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    const portal = within(screen.getByRole('navigation', { name: 'Trainer portal' }));
    expect(portal.getByRole('link', { name: 'Calendar' })).toHaveAttribute(
      'href',
      '/trainer-portal/calendar',
    );
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute(
      'href',
      '/trainer-portal/dashboard',
    );
  });

  it('show an administrator the admin shell', async () => {
    mockApi({ 'GET /api/auth/session': json({ user: admin }) });
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/admin');
  });
});
