import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, pending, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { adminSession, fullTrainer, listAnswer, listItem } from '../../testing/fixtures';

const firstPage = 'GET /api/trainers?limit=50&offset=0';

describe('admin trainer list', () => {
  it('shows a spinner while the trainers load', async () => {
    mockApi({ ...adminSession, [firstPage]: pending });
    renderApp('/admin/trainers');

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Portal' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading trainers')).toBeInTheDocument();
  });

  it('shows the total, and for each trainer the badge, contact details, five bars and a View link', async () => {
    mockApi({
      ...adminSession,
      [firstPage]: listAnswer(
        [
          listItem(),
          listItem({
            id: 8,
            name: 'Maria Garcia',
            email: 'maria@example.com',
            phone: null,
            city: 'Denver',
            state: 'CO',
            paymentStatus: 'pending',
            trainingEngagement: {
              profileSetup: 20,
              businessSetup: 0,
              materialAccess: 40,
              communityEngagement: 25,
              overall: 21,
            },
          }),
        ],
        5000,
      ),
    });
    renderApp('/admin/trainers');

    const jasmine = await screen.findByRole('listitem', { name: 'Jasmine Carter' });
    expect(screen.getByRole('status')).toHaveTextContent('Total trainers: 5,000');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    expect(within(jasmine).getByRole('heading', { name: 'Jasmine Carter' })).toBeInTheDocument();
    expect(within(jasmine).getByText('Completed').closest('[data-status]')).toHaveAttribute(
      'data-variant',
      'filled',
    );
    expect(within(jasmine).getByText('jasmine@example.com')).toBeInTheDocument();
    expect(within(jasmine).getByText('(918) 555-0100')).toBeInTheDocument();
    expect(within(jasmine).getByText('Tulsa, OK')).toBeInTheDocument();
    expect(
      within(jasmine)
        .getAllByRole('progressbar')
        .map((bar) => bar.getAttribute('aria-label')),
    ).toEqual([
      'Profile Setup 63%',
      'Business Setup 75%',
      'Material Access 80%',
      'Community 50%',
      'Overall 67%',
    ]);
    expect(within(jasmine).getByText('Medium')).toBeInTheDocument();
    expect(within(jasmine).getByRole('link', { name: 'View Jasmine Carter' })).toHaveAttribute(
      'href',
      '/admin/trainers/7',
    );

    const maria = screen.getByRole('listitem', { name: 'Maria Garcia' });
    expect(within(maria).getByText('Pending').closest('[data-status]')).toHaveAttribute(
      'data-variant',
      'light',
    );
    expect(within(maria).queryByText(/555/)).not.toBeInTheDocument();
    expect(within(maria).getByText('Denver, CO')).toBeInTheDocument();
    expect(within(maria).getByRole('progressbar', { name: 'Overall 21%' })).toBeInTheDocument();
    expect(within(maria).getByText('Very Low')).toBeInTheDocument();
  });

  it("labels the overall bar by band: 80 'High', 60 'Medium', 40 'Low', 39 'Very Low'", async () => {
    const scores = { profileSetup: 0, businessSetup: 0, materialAccess: 0, communityEngagement: 0 };
    mockApi({
      ...adminSession,
      [firstPage]: listAnswer(
        [80, 60, 40, 39].map((overall, index) =>
          listItem({ id: index + 1, name: `Trainer ${overall}`, trainingEngagement: { ...scores, overall } }),
        ),
      ),
    });
    renderApp('/admin/trainers');

    const bands = await Promise.all(
      [80, 60, 40, 39].map(async (overall) => {
        const row = await screen.findByRole('listitem', { name: `Trainer ${overall}` });
        return within(row).getByText(/^(High|Medium|Low|Very Low)$/).textContent;
      }),
    );
    expect(bands).toEqual(['High', 'Medium', 'Low', 'Very Low']);
  });

  it("says 'No trainers found' when there are none", async () => {
    mockApi({ ...adminSession, [firstPage]: listAnswer([], 0) });
    renderApp('/admin/trainers');

    expect(await screen.findByText('No trainers found')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Total trainers: 0');
  });

  it('searches on the server after a pause, keeps q in the address and says when nothing matches', async () => {
    const fetchMock = mockApi({
      ...adminSession,
      [firstPage]: listAnswer([listItem()], 1),
      'GET /api/trainers?q=Zed%20Nobody&limit=50&offset=0': listAnswer([], 0),
    });
    const view = renderApp('/admin/trainers');
    await screen.findByRole('listitem', { name: 'Jasmine Carter' });

    await view.user.type(screen.getByRole('searchbox', { name: 'Search trainers' }), 'Zed Nobody');

    expect(await screen.findByText('No trainers match your search')).toBeInTheDocument();
    expect(view.router.state.location.search).toBe('?q=Zed+Nobody');
    expect(screen.getByRole('status')).toHaveTextContent('Matching trainers: 0');
    // Typing sends one search, not one per key.
    expect(requestsMade(fetchMock).filter((r) => r.startsWith('GET /api/trainers?'))).toEqual([
      firstPage,
      'GET /api/trainers?q=Zed%20Nobody&limit=50&offset=0',
    ]);
  });

  it('starts from the search in the address', async () => {
    mockApi({ ...adminSession, 'GET /api/trainers?q=tulsa&limit=50&offset=0': listAnswer([listItem()], 1) });
    renderApp('/admin/trainers?q=tulsa');

    expect(await screen.findByRole('listitem', { name: 'Jasmine Carter' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search trainers' })).toHaveValue('tulsa');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/trainers/export?q=tulsa',
    );
  });

  it('shows the error view when the list cannot be loaded', async () => {
    mockApi({
      ...adminSession,
      [firstPage]: json({ error: { code: 'internal', message: 'Something broke' } }, { status: 500 }),
    });
    renderApp('/admin/trainers');

    expect(await screen.findByRole('heading', { name: 'Error Loading Data' })).toBeInTheDocument();
    expect(screen.getByText('Unable to load trainer information')).toBeInTheDocument();
  });

  it('applies filters from the address as removable chips, and clears them', async () => {
    const fetchMock = mockApi({
      ...adminSession,
      'GET /api/trainers?paymentStatus=failed&band=Very%20Low&limit=50&offset=0': listAnswer([listItem()], 1),
      'GET /api/trainers?band=Very%20Low&limit=50&offset=0': listAnswer([listItem()], 2),
      [firstPage]: listAnswer([listItem()], 40),
    });
    const view = renderApp('/admin/trainers?paymentStatus=failed&band=Very+Low');

    const chips = await screen.findByRole('group', { name: 'Active filters' });
    expect(within(chips).getByText('Payment: Failed')).toBeInTheDocument();
    expect(within(chips).getByText('Progress: Very Low')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/trainers/export?paymentStatus=failed&band=Very%20Low',
    );
    await screen.findByRole('listitem', { name: 'Jasmine Carter' });

    await view.user.click(screen.getByRole('button', { name: 'Remove filter Payment: Failed' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Matching trainers: 2'));
    expect(within(chips).queryByText('Payment: Failed')).not.toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Total trainers: 40'));
    expect(screen.queryByRole('group', { name: 'Active filters' })).not.toBeInTheDocument();
    expect(view.router.state.location.search).toBe('');
    expect(requestsMade(fetchMock)).toContain('GET /api/trainers?band=Very%20Low&limit=50&offset=0');
  });

  it('pages through the list 50 at a time', async () => {
    mockApi({
      ...adminSession,
      [firstPage]: listAnswer([listItem()], 120),
      'GET /api/trainers?limit=50&offset=50': listAnswer(
        [listItem({ id: 60, name: 'Page Two Trainer' })],
        120,
      ),
    });
    const view = renderApp('/admin/trainers');
    await screen.findByRole('listitem', { name: 'Jasmine Carter' });
    expect(screen.getByText('Showing 1–50 of 120')).toBeInTheDocument();

    const pages = screen.getByRole('navigation', { name: 'Trainer list pages' });
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    await view.user.click(within(pages).getByRole('button', { name: 'Next page' }));

    expect(await screen.findByRole('listitem', { name: 'Page Two Trainer' })).toBeInTheDocument();
    expect(screen.getByText('Showing 51–100 of 120')).toBeInTheDocument();
    expect(view.router.state.location.search).toBe('?page=2');
  });

  it('returns from a trainer to the same search', async () => {
    mockApi({
      ...adminSession,
      'GET /api/trainers?q=tulsa&limit=50&offset=0': listAnswer([listItem()], 1),
      'GET /api/trainers/7/full': json(fullTrainer()),
      'GET /api/trainers/7/changes': json([]),
    });
    const view = renderApp('/admin/trainers?q=tulsa');

    await view.user.click(await screen.findByRole('link', { name: 'View Jasmine Carter' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Jasmine Carter' })).toBeInTheDocument();
    expect(view.currentPath()).toBe('/admin/trainers/7');
    await view.user.click(screen.getByRole('link', { name: 'Back to Trainers' }));

    expect(await screen.findByRole('listitem', { name: 'Jasmine Carter' })).toBeInTheDocument();
    expect(view.router.state.location.search).toBe('?q=tulsa');
    expect(screen.getByRole('searchbox', { name: 'Search trainers' })).toHaveValue('tulsa');
  });

  it("adds a trainer from the list's dialog, the Settings form, and shows them at once", async () => {
    let items = [listItem()];
    const fetchMock = mockApi({
      ...adminSession,
      [firstPage]: () => listAnswer(items),
      'POST /api/admin/trainers': () => {
        items = [...items, listItem({ id: 41, name: 'Nia Newton', email: 'nia@example.com' })];
        return json({ id: 41, name: 'Nia Newton', email: 'nia@example.com' }, { status: 201 });
      },
    });
    const view = renderApp('/admin/trainers');
    await screen.findByRole('listitem', { name: 'Jasmine Carter' });

    await view.user.click(screen.getByRole('button', { name: 'Add Trainer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Trainer' });
    const form = within(dialog).getByRole('form', { name: 'Add Trainer' });
    expect(dialog).toHaveTextContent('The new trainer receives an e-mail with a link to sign in.');
    // The shared rule checks the form before anything is sent.
    await view.user.click(within(form).getByRole('button', { name: 'Add Trainer' }));
    expect(await within(form).findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).not.toContain('POST /api/admin/trainers');

    await view.user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Nia Newton');
    await view.user.type(within(form).getByRole('textbox', { name: 'Email' }), 'nia@example.com');
    await view.user.click(within(form).getByRole('button', { name: 'Add Trainer' }));

    expect(await screen.findByText('Nia Newton has been e-mailed a sign-in link.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('listitem', { name: 'Nia Newton' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Total trainers: 2');
  });
});
