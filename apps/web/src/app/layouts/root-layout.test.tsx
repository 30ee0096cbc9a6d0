import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardRoutes } from '@/features/trainer-portal/testing/fixtures';
import { json, mockApi, pending, requestsMade, sessionRoutes } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const admin = { id: 1, email: 'boss@example.com', name: 'Bea Boss', roles: ['admin'], trainerId: null };
// The admin screens' own data; these tests look only at the shell around them.
const settingsData = {
  'GET /api/admin/administrators': pending,
  'GET /api/admin/staff': pending,
  'GET /api/admin/role-changes': pending,
};

describe('admin shell', () => {
  it('shows the title, the sidebar, the signed-in administrator and the footer', async () => {
    mockApi({ 'GET /api/auth/session': json({ user: admin }), ...settingsData });
    renderApp('/admin/settings');

    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('Settings')).toBeInTheDocument();

    const sidebar = screen.getByRole('navigation', { name: 'Admin' });
    const links = within(sidebar).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/admin'],
      ['Trainers', '/admin/trainers'],
      ['Documents', '/admin/documents'],
      ['Calendar', '/admin/calendar'],
      ['Inventory', '/admin/inventory'],
      ['Knowledge base', '/admin/knowledge'],
      ['Assistant questions', '/admin/assistant/questions'],
      ['Resources', '/admin/resources'],
      ['Reviews', '/admin/reviews'],
      ['Settings', '/admin/settings'],
    ]);
    expect(within(sidebar).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    expect(await within(sidebar).findByText('Bea Boss')).toBeInTheDocument();
    expect(within(sidebar).getByText('boss@example.com')).toBeInTheDocument();

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(footer).getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Soul Punch`);
  });

  // The header's button shows from the sidebar's breakpoint up, the phone menu's below it (CSS, not jsdom).
  it.each([
    ['the header', () => screen.getByRole('banner')],
    ['the phone menu', () => screen.getByRole('navigation', { name: 'Admin' })],
  ])(
    'logs an administrator out from %s: the server ends the session, then the sign-in page',
    async (_, place) => {
      const fetchMock = mockApi({ ...sessionRoutes(admin), ...settingsData });
      const view = renderApp('/admin/settings');

      await screen.findByRole('heading', { level: 1, name: 'Settings' });
      await view.user.click(within(place()).getByRole('button', { name: 'Logout' }));

      expect(await screen.findByText('Logging out')).toBeInTheDocument();
      await screen.findByRole('heading', { name: 'Enter Your Email' });
      expect(view.currentPath()).toBe('/trainer-portal/login');
      expect(requestsMade(fetchMock)).toContain('POST /api/auth/logout');
      expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    },
  );

  it('shows Settings with every planned setting built, none still to come', async () => {
    mockApi({ 'GET /api/auth/session': json({ user: admin }), ...settingsData });
    renderApp('/admin/settings');

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByText('Coming Soon')).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Accounts',
      'Notifications',
      'Branding',
      'Integrations',
      'Certification',
    ]);
  });

  it('titles the trainer detail page', async () => {
    mockApi({
      'GET /api/auth/session': json({ user: admin }),
      'GET /api/trainers/12/full': pending,
    });
    renderApp('/admin/trainers/12');

    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('Trainer Details')).toBeInTheDocument();
  });

  it('sends a visitor from /admin to the login page', async () => {
    mockApi({ 'GET /api/auth/session': json({ user: null }) });
    const view = renderApp('/admin/inventory');

    await screen.findByRole('heading', { name: 'Enter Your Email' });
    expect(view.currentPath()).toBe('/trainer-portal/login');
  });

  it('sends a trainer from /admin to the trainer dashboard', async () => {
    const trainer = { id: 2, email: 't@example.com', name: 'Tom', roles: ['trainer'], trainerId: 4 };
    mockApi({
      'GET /api/auth/session': json({ user: trainer }),
      'GET /api/trainers/by-email/t%40example.com': json({
        id: 4,
        name: 'Tom',
        email: trainer.email,
        status: 'active',
      }),
      ...dashboardRoutes(4),
    });
    const view = renderApp('/admin');

    await screen.findByText('Welcome back, Tom!');
    expect(view.currentPath()).toBe('/trainer-portal/dashboard');
  });

  it('redirects /trainers to the admin trainer list', async () => {
    mockApi({
      'GET /api/auth/session': json({ user: admin }),
      'GET /api/trainers?limit=50&offset=0': pending,
    });
    const view = renderApp('/trainers');

    // The session first, then the redirect, then the list: more than the default wait on a busy machine.
    await screen.findByRole('heading', { level: 1, name: 'Admin Portal' }, { timeout: 5000 });
    expect(view.currentPath()).toBe('/admin/trainers');
  });
});

describe('pages without the admin shell', () => {
  it('shows the test mode page with its onboarding shortcuts and the footer', async () => {
    const fetchMock = mockApi({});
    renderApp('/test');

    expect(await screen.findByRole('heading', { level: 1, name: 'Test Mode' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    const hrefs = ['Checkout', 'Payment Completed', 'Document Signing', 'Welcome', 'Return to Dashboard'].map(
      (name) => screen.getByRole('link', { name }).getAttribute('href'),
    );
    expect(hrefs).toEqual([
      '/onboarding/checkout',
      '/onboarding/confirmation',
      '/onboarding/documents',
      '/onboarding/welcome',
      '/',
    ]);
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    // Only the check that the test payment provider is the active one.
    expect(requestsMade(fetchMock)).toEqual(['GET /api/payments/provider']);
  });

  it('hides the footer on public pages', async () => {
    mockApi({ 'GET /api/classes?limit=12': pending });
    renderApp('/public/classes');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Upcoming Classes & Workshops' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
  });
});

describe('frames by who is looking (issue #14)', () => {
  const trainer = {
    id: 3,
    email: 'tina@example.com',
    name: 'Tina Trainer',
    roles: ['trainer'],
    trainerId: 7,
  };

  it.each(['/privacy', '/terms-of-service', '/support'])(
    'shows a visitor %s in the public header and footer, never the admin shell',
    async (path) => {
      mockApi({ 'GET /api/auth/session': json({ user: null }) });
      renderApp(path);

      const visitorNav = await screen.findByRole('navigation', { name: 'Visitor' });
      expect(within(visitorNav).getByRole('link', { name: 'Find a Trainer' })).toHaveAttribute(
        'href',
        '/find-trainer',
      );
      expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
      expect(screen.queryByText('Admin Portal')).not.toBeInTheDocument();
      expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    },
  );

  it('leads a visitor on /support back to the directory', async () => {
    mockApi({ 'GET /api/auth/session': json({ user: null }) });
    renderApp('/support');

    expect(await screen.findByRole('link', { name: 'Back to Find a Trainer' })).toHaveAttribute(
      'href',
      '/find-trainer',
    );
  });

  it("shows a trainer /support (the dashboard's Help) inside the portal header", async () => {
    mockApi({ 'GET /api/auth/session': json({ user: trainer }) });
    renderApp('/support');

    const portal = within(await screen.findByRole('navigation', { name: 'Trainer portal' }));
    expect(portal.getByRole('link', { name: 'Help' })).toHaveAttribute('aria-current', 'page');
    expect(portal.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/trainer-portal/profile');
    expect(portal.getByRole('link', { name: 'Calendar' })).toHaveAttribute(
      'href',
      '/trainer-portal/calendar',
    );
    expect(portal.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(portal.queryByRole('link', { name: 'Admin View' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Soul Punch/ })).toHaveAttribute(
      'href',
      '/trainer-portal/dashboard',
    );
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('gives an administrator who is also a trainer the way back to the portal', async () => {
    mockApi({
      'GET /api/auth/session': json({ user: { ...admin, roles: ['admin', 'trainer'], trainerId: 7 } }),
      ...settingsData,
    });
    renderApp('/admin/settings');

    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'Trainer View' })).toHaveAttribute(
      'href',
      '/trainer-portal/dashboard',
    );
  });

  it('offers no Trainer View to an administrator who is not a trainer', async () => {
    mockApi({ 'GET /api/auth/session': json({ user: admin }), ...settingsData });
    renderApp('/admin/settings');

    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    expect(screen.queryByRole('link', { name: 'Trainer View' })).not.toBeInTheDocument();
  });
});
