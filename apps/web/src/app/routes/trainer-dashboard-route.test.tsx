import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  checklistFixture,
  profileFixture,
  resourcesFixture,
} from '@/features/trainer-portal/testing/fixtures';
import { json, mockApi, pending, requestsMade, sessionRoutes } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const trainerUser = {
  id: 3,
  email: 'tina@example.com',
  name: 'Tina Trainer',
  roles: ['trainer'],
  trainerId: 7,
};
const byEmail = 'GET /api/trainers/by-email/tina%40example.com';
const tina = { id: 7, name: 'Tina Trainer', email: 'tina@example.com', status: 'active' };
// What the dashboard loads once it knows the trainer; these tests look at the shell and the guard.
const dashboardData = {
  'GET /api/trainer-profile/7': json(profileFixture()),
  'GET /api/trainers/7/onboarding': json(checklistFixture()),
  'GET /api/resources': json(resourcesFixture()),
};

describe('trainer dashboard', () => {
  it('sends a visitor to the login page', async () => {
    mockApi({ 'GET /api/auth/session': json({ user: null }) });
    const view = renderApp('/trainer-portal/dashboard');

    await screen.findByRole('heading', { name: 'Enter Your Email' });
    expect(view.currentPath()).toBe('/trainer-portal/login');
  });

  it('sends an admin without the trainer role to the trainer list', async () => {
    mockApi({
      'GET /api/auth/session': json({
        user: { id: 1, email: 'boss@example.com', name: 'Boss', roles: ['admin'], trainerId: null },
      }),
      'GET /api/trainers?limit=50&offset=0': pending,
    });
    const view = renderApp('/trainer-portal');

    // Two redirects (/trainer-portal, then /trainers), each in its own frame.
    await screen.findByRole('heading', { level: 1, name: 'Admin Portal' }, { timeout: 5000 });
    expect(view.currentPath()).toBe('/admin/trainers');
  });

  it('signs out a user who is neither trainer nor admin', async () => {
    const fetchMock = mockApi({
      ...sessionRoutes({ id: 9, email: 'x@example.com', name: 'X', roles: [], trainerId: null }),
    });
    const view = renderApp('/trainer-portal/dashboard');

    await screen.findByRole('heading', { name: 'Enter Your Email' });
    expect(view.currentPath()).toBe('/trainer-portal/login');
    expect(requestsMade(fetchMock)).toContain('POST /api/auth/logout');
  });

  it('welcomes the trainer by name, with no Admin View for a plain trainer', async () => {
    mockApi({
      'GET /api/auth/session': json({ user: trainerUser }),
      [byEmail]: json(tina),
      ...dashboardData,
    });
    renderApp('/trainer-portal/dashboard');

    expect(await screen.findByText('Loading your profile...')).toBeInTheDocument();
    expect(await screen.findByText('Welcome back, Tina Trainer!')).toBeInTheDocument();
    expect(screen.getByText('Certified Trainer')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/trainer-portal/profile');
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/support');
    expect(screen.queryByRole('link', { name: 'Admin View' })).not.toBeInTheDocument();
  });

  it('offers Admin View to a trainer who is also an admin', async () => {
    mockApi({
      'GET /api/auth/session': json({ user: { ...trainerUser, roles: ['admin', 'trainer'] } }),
      [byEmail]: json(tina),
      ...dashboardData,
    });
    renderApp('/trainer-portal');

    expect(await screen.findByRole('link', { name: 'Admin View' })).toHaveAttribute('href', '/admin');
  });

  it('explains when no trainer profile matches the e-mail', async () => {
    mockApi({
      ...sessionRoutes(trainerUser),
      [byEmail]: json({ error: { code: 'not_found', message: 'Trainer not found' } }, { status: 404 }),
    });
    const view = renderApp('/trainer-portal/dashboard');

    expect(
      await screen.findByText('Could not find trainer profile for tina@example.com'),
    ).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Back to Login' }));

    await screen.findByRole('heading', { name: 'Enter Your Email' });
    expect(view.currentPath()).toBe('/trainer-portal/login');
  });

  it("logs out with a 'Logging out' toast", async () => {
    const fetchMock = mockApi({
      ...sessionRoutes(trainerUser),
      [byEmail]: json(tina),
      ...dashboardData,
    });
    const view = renderApp('/trainer-portal/dashboard');

    await view.user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logging out')).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Enter Your Email' });
    expect(view.currentPath()).toBe('/trainer-portal/login');
    expect(requestsMade(fetchMock)).toContain('POST /api/auth/logout');
  });
});
