import { RENEWAL_REQUIREMENT_LABELS } from '@soulpunch/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, noContent, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { adminSession, adminUser } from '../../testing/fixtures';

const administrators = [
  { id: 1, email: adminUser.email, name: adminUser.name },
  { id: 5, email: 'second@example.com', name: 'Sam Second' },
];

function card(title: string): HTMLElement {
  return screen.getByRole('region', { name: title });
}

describe('admin settings', () => {
  it("shows what works without a badge and keeps 'Coming Soon' on the settings still being built", async () => {
    mockApi({ ...adminSession, 'GET /api/admin/administrators': json(administrators) });
    renderApp('/admin/settings');

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Add Trainer',
      'Administrators',
      'Certificate Renewal',
      'Module In Development',
    ]);
    expect(card('Add Trainer')).not.toHaveTextContent('Coming Soon');
    expect(card('Administrators')).not.toHaveTextContent('Coming Soon');
    // User accounts and permissions are the two cards above: no longer listed as planned.
    const planned = card('Module In Development');
    expect(within(planned).getByText('Coming Soon')).toBeInTheDocument();
    expect(
      within(planned)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Notification preferences', 'External integrations', 'Branding']);
    expect(screen.getAllByText('Coming Soon')).toHaveLength(1);
    const rows = within(await screen.findByRole('table', { name: 'Administrators' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      'Bea Boss(you)boss@example.comRemove',
      'Sam Secondsecond@example.comRemove',
    ]);
  });

  it('adds a trainer and says the sign-in link was e-mailed', async () => {
    const fetchMock = mockApi({
      ...adminSession,
      'GET /api/admin/administrators': json(administrators),
      'POST /api/admin/trainers': json(
        { id: 41, name: 'Nia Newton', email: 'nia@example.com' },
        { status: 201 },
      ),
    });
    const view = renderApp('/admin/settings');
    const form = within(await screen.findByRole('region', { name: 'Add Trainer' }));

    await view.user.type(form.getByRole('textbox', { name: 'Name' }), 'Nia Newton');
    await view.user.type(form.getByRole('textbox', { name: 'Email' }), 'Nia@Example.com');
    await view.user.click(form.getByRole('button', { name: 'Add Trainer' }));

    expect(await screen.findByText('Trainer added')).toBeInTheDocument();
    expect(screen.getByText('Nia Newton has been e-mailed a sign-in link.')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/admin/trainers' && init?.method === 'POST',
    );
    expect(post?.[1]?.body).toBe('{"name":"Nia Newton","email":"nia@example.com"}');
    expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it("shows the server's field message when the trainer's e-mail is taken", async () => {
    mockApi({
      ...adminSession,
      'GET /api/admin/administrators': json(administrators),
      'POST /api/admin/trainers': json(
        {
          error: {
            code: 'validation_error',
            message: 'A trainer with this email already exists',
            fields: { email: 'A trainer with this email already exists' },
          },
        },
        { status: 400 },
      ),
    });
    const view = renderApp('/admin/settings');
    const form = within(await screen.findByRole('region', { name: 'Add Trainer' }));

    await view.user.type(form.getByRole('textbox', { name: 'Name' }), 'Jasmine Carter');
    await view.user.type(form.getByRole('textbox', { name: 'Email' }), 'jasmine@example.com');
    await view.user.click(form.getByRole('button', { name: 'Add Trainer' }));

    expect(await form.findByText('A trainer with this email already exists')).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the new trainer before sending', async () => {
    const fetchMock = mockApi({ ...adminSession, 'GET /api/admin/administrators': json(administrators) });
    const view = renderApp('/admin/settings');
    const form = within(await screen.findByRole('region', { name: 'Add Trainer' }));

    await view.user.type(form.getByRole('textbox', { name: 'Email' }), 'nope');
    await view.user.click(form.getByRole('button', { name: 'Add Trainer' }));

    expect(await form.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(form.getByText('Please enter a valid email')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).not.toContain('POST /api/admin/trainers');
  });

  it('removes an administrator after confirming', async () => {
    let admins = administrators;
    const fetchMock = mockApi({
      ...adminSession,
      'GET /api/admin/administrators': () => json(admins),
      'DELETE /api/admin/administrators/second%40example.com': () => {
        admins = administrators.slice(0, 1);
        return noContent();
      },
    });
    const view = renderApp('/admin/settings');

    await view.user.click(await screen.findByRole('button', { name: 'Remove second@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove administrator?' });
    expect(dialog).toHaveTextContent('second@example.com will no longer be able to use the admin area.');
    expect(requestsMade(fetchMock)).not.toContain('DELETE /api/admin/administrators/second%40example.com');
    await view.user.click(within(dialog).getByRole('button', { name: 'Remove Administrator' }));

    expect(await screen.findByText('Administrator removed')).toBeInTheDocument();
    expect(await screen.findByText('second@example.com is no longer an administrator.')).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Administrators' });
    expect(within(card('Administrators')).queryByText('Sam Second')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the administrator when Cancel is chosen', async () => {
    const fetchMock = mockApi({ ...adminSession, 'GET /api/admin/administrators': json(administrators) });
    const view = renderApp('/admin/settings');

    await view.user.click(await screen.findByRole('button', { name: 'Remove second@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove administrator?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestsMade(fetchMock).some((r) => r.startsWith('DELETE'))).toBe(false);
  });

  it("shows the server's message when the last administrator cannot be removed", async () => {
    const message = 'The last administrator cannot be removed. Add another administrator first.';
    mockApi({
      ...adminSession,
      'GET /api/admin/administrators': json(administrators.slice(0, 1)),
      'DELETE /api/admin/administrators/boss%40example.com': json(
        { error: { code: 'last_admin', message } },
        { status: 409 },
      ),
    });
    const view = renderApp('/admin/settings');

    await view.user.click(await screen.findByRole('button', { name: 'Remove boss@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove administrator?' });
    expect(dialog).toHaveTextContent('This is your own account.');
    await view.user.click(within(dialog).getByRole('button', { name: 'Remove Administrator' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(within(card('Administrators')).getByText('Bea Boss')).toBeInTheDocument();
  });

  it('grants the admin role by e-mail', async () => {
    let admins = administrators;
    const fetchMock = mockApi({
      ...adminSession,
      'GET /api/admin/administrators': () => json(admins),
      'POST /api/admin/administrators': () => {
        admins = [...administrators, { id: 9, email: 'new@example.com', name: 'new' }];
        return json({ id: 9, email: 'new@example.com', name: 'new' }, { status: 201 });
      },
    });
    const view = renderApp('/admin/settings');

    const email = await screen.findByRole('textbox', { name: 'Grant admin role' });
    await view.user.type(email, 'New@Example.com');
    await view.user.click(screen.getByRole('button', { name: 'Grant Admin Role' }));

    expect(await screen.findByText('Administrator added')).toBeInTheDocument();
    expect(screen.getByText('new@example.com can now use the admin area.')).toBeInTheDocument();
    expect(await within(card('Administrators')).findByText('new@example.com')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/admin/administrators' && init?.method === 'POST',
    );
    expect(post?.[1]?.body).toBe('{"email":"new@example.com"}');
    expect(email).toHaveValue('');
  });

  it('chooses what renewal requires, the fee among them, and says who changed it', async () => {
    let saved: unknown;
    const fetchMock = mockApi({
      ...adminSession,
      'GET /api/admin/administrators': json(administrators),
      'PUT /api/admin/certification-settings': (_url, init) => {
        saved = JSON.parse(String(init?.body));
        return json({
          renewalRequires: ['refresher', 'fee'],
          defaultRenewalRequires: ['refresher'],
          updatedBy: 'Bea Boss',
          updatedAt: '2027-01-05T10:00:00Z',
        });
      },
    });
    const view = renderApp('/admin/settings');
    const renewal = within(await screen.findByRole('region', { name: 'Certificate Renewal' }));
    expect(await renewal.findByText(/The server's default \(RENEWAL_REQUIRES\) applies/)).toBeInTheDocument();
    expect(renewal.getByRole('checkbox', { name: /refresher training session/ })).toBeChecked();
    const save = renewal.getByRole('button', { name: 'Save Requirements' });
    expect(save).toBeDisabled();
    await view.user.click(renewal.getByRole('checkbox', { name: RENEWAL_REQUIREMENT_LABELS.fee }));
    await view.user.click(save);
    expect(await screen.findByText('Renewal requirements saved')).toBeInTheDocument();
    expect(saved).toEqual({ renewalRequires: ['refresher', 'fee'] });
    expect(await renewal.findByText(/Last changed by Bea Boss/)).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain('PUT /api/admin/certification-settings');
  });
});
