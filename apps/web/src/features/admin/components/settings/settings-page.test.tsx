import { DEFAULT_STAFF_DELIVERY, RENEWAL_REQUIREMENT_LABELS } from '@soulpunch/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, noContent, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { adminSession, adminUser } from '../../testing/fixtures';

const administrators = [
  { id: 1, email: adminUser.email, name: adminUser.name },
  { id: 5, email: 'second@example.com', name: 'Sam Second' },
];

/** The Accounts tab's other lists: nobody on staff, no role changed yet. */
const accounts = {
  'GET /api/admin/staff': json([]),
  'GET /api/admin/role-changes': json([]),
};

function card(title: string): HTMLElement {
  return screen.getByRole('region', { name: title });
}

describe('admin settings', () => {
  it("opens on Accounts, with every planned setting built and no 'Coming Soon' left", async () => {
    mockApi({ ...adminSession, ...accounts, 'GET /api/admin/administrators': json(administrators) });
    renderApp('/admin/settings');

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Accounts',
      'Notifications',
      'Branding',
      'Integrations',
      'Certification',
    ]);
    expect(screen.getByRole('tab', { name: 'Accounts' })).toHaveAttribute('aria-selected', 'true');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Add Trainer', 'Administrators', 'Staff', 'Role history']);
    expect(screen.queryByText('Coming Soon')).not.toBeInTheDocument();
    expect(screen.queryByText('Module In Development')).not.toBeInTheDocument();
    const rows = within(await screen.findByRole('table', { name: 'Administrators' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      'Bea Boss(you)boss@example.comRemove',
      'Sam Secondsecond@example.comRemove',
    ]);
    expect(await within(card('Staff')).findByText('Nobody has this role yet.')).toBeInTheDocument();
    expect(
      within(card('Role history')).getByText('No role has been given or removed here yet.'),
    ).toBeInTheDocument();
  });

  it('adds a trainer and says the sign-in link was e-mailed', async () => {
    const fetchMock = mockApi({
      ...adminSession,
      ...accounts,
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
      ...accounts,
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
    const fetchMock = mockApi({
      ...adminSession,
      ...accounts,
      'GET /api/admin/administrators': json(administrators),
    });
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
      ...accounts,
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
    const fetchMock = mockApi({
      ...adminSession,
      ...accounts,
      'GET /api/admin/administrators': json(administrators),
    });
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
      ...accounts,
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
      ...accounts,
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
    const view = renderApp('/admin/settings?tab=certification');
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

  it('shows staff everything and no control that changes anything', async () => {
    mockApi({
      'GET /api/auth/session': json({ user: { ...adminUser, roles: ['staff'] } }),
      'GET /api/admin/administrators': json(administrators),
      'GET /api/admin/staff': json([{ id: 9, email: adminUser.email, name: adminUser.name }]),
      'GET /api/admin/role-changes': json([
        {
          id: 3,
          email: adminUser.email,
          name: adminUser.name,
          role: 'staff',
          action: 'granted',
          changedAt: '2026-01-05T15:00:00.000Z',
          changedBy: null,
        },
      ]),
    });
    renderApp('/admin/settings');

    expect(await screen.findByText('View only')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Administrators' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Add Trainer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Grant admin role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Grant staff role' })).not.toBeInTheDocument();
    const history = await within(card('Role history')).findByRole('table', { name: 'Role history' });
    expect(within(history).getAllByRole('row')[1]).toHaveTextContent(
      "Bea Boss (boss@example.com)Given: staffThe server's command line",
    );
  });

  it('grants the staff role by e-mail', async () => {
    let staff: Array<{ id: number; email: string; name: string }> = [];
    const fetchMock = mockApi({
      ...adminSession,
      'GET /api/admin/administrators': json(administrators),
      'GET /api/admin/staff': () => json(staff),
      'GET /api/admin/role-changes': json([]),
      'POST /api/admin/staff': () => {
        staff = [{ id: 12, email: 'sue@example.com', name: 'sue' }];
        return json(staff[0], { status: 201 });
      },
    });
    const view = renderApp('/admin/settings');
    const email = await screen.findByRole('textbox', { name: 'Grant staff role' });
    await view.user.type(email, 'Sue@Example.com');
    await view.user.click(screen.getByRole('button', { name: 'Grant Staff Role' }));

    expect(await screen.findByText('sue@example.com can now view the admin area.')).toBeInTheDocument();
    expect(await within(card('Staff')).findByText('sue@example.com')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain('POST /api/admin/staff');
  });

  it('saves a notification choice as soon as it is picked', async () => {
    const defaults = DEFAULT_STAFF_DELIVERY;
    const fetchMock = mockApi({
      ...adminSession,
      'GET /api/notification-preferences': json({
        staff: defaults,
        trainer: null,
        digestTime: '7:00 AM Central time',
      }),
      'PUT /api/notification-preferences': json({
        staff: { ...defaults, dispute: 'daily_digest' },
        trainer: null,
        digestTime: '7:00 AM Central time',
      }),
    });
    const view = renderApp('/admin/settings?tab=notifications');
    const dispute = await screen.findByRole('radiogroup', { name: 'Dispute (chargeback)' });
    expect(within(dispute).getByRole('radio', { name: 'Immediately' })).toBeChecked();
    expect(screen.getByText(/one e-mail at 7:00 AM Central time/)).toBeInTheDocument();
    await view.user.click(within(dispute).getByRole('radio', { name: 'Daily digest' }));

    expect(await screen.findByText('Dispute (chargeback): daily digest.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/notification-preferences' && init?.method === 'PUT',
    );
    expect(put?.[1]?.body).toBe('{"staff":{"dispute":"daily_digest"}}');
    expect(within(dispute).getByRole('radio', { name: 'Daily digest' })).toBeChecked();
  });

  it('shows a picked notification choice at once, and puts the earlier one back when the save is refused', async () => {
    const staff = DEFAULT_STAFF_DELIVERY;
    let refuse: ((answer: Response) => void) | undefined;
    mockApi({
      ...adminSession,
      'GET /api/notification-preferences': json({ staff, trainer: null, digestTime: '7:00 AM Central time' }),
      'PUT /api/notification-preferences': () =>
        new Promise<Response>((resolve) => {
          refuse = resolve;
        }),
    });
    renderApp('/admin/settings?tab=notifications');
    const failed = await screen.findByRole('radiogroup', { name: 'Failed instalment' });
    // Checked in the click's own render (no await in between: Playwright's check() reads it at once), while the
    // server has not answered yet.
    fireEvent.click(within(failed).getByRole('radio', { name: 'Daily digest' }));
    expect(within(failed).getByRole('radio', { name: 'Daily digest' })).toBeChecked();
    await waitFor(() => expect(refuse).toBeDefined());
    expect(within(failed).getByRole('radio', { name: 'Daily digest' })).toBeChecked();

    refuse?.(
      json(
        { error: { code: 'read_only', message: 'Your role can look but not change this.' } },
        { status: 403 },
      ),
    );
    expect(await screen.findByText('Your role can look but not change this.')).toBeInTheDocument();
    await waitFor(() => expect(within(failed).getByRole('radio', { name: 'Immediately' })).toBeChecked());
  });

  it('previews the brand as it is typed and refuses a colour below AA before sending', async () => {
    const brand = {
      name: 'Soul Punch',
      primaryColor: '#1971c2',
      supportEmail: 'support@soulpunch.example',
      postalAddress: null,
      logoUrl: null,
    };
    const fetchMock = mockApi({
      ...adminSession,
      'GET /api/admin/branding': json({ brand, defaults: brand, updatedAt: null, updatedBy: null }),
      'PUT /api/admin/branding': (_url, init) => {
        const saved = { ...brand, ...JSON.parse(String(init?.body)) };
        return json({
          brand: saved,
          defaults: brand,
          updatedAt: '2026-01-05T15:00:00.000Z',
          updatedBy: { name: 'Bea Boss', email: 'boss@example.com' },
        });
      },
    });
    const view = renderApp('/admin/settings?tab=branding');
    const name = await screen.findByRole('textbox', { name: 'Brand name' });
    const color = screen.getByRole('textbox', { name: 'Primary colour' });
    expect(screen.getByText('Contrast against white: 5.02:1 (at least 4.5:1 needed).')).toBeInTheDocument();
    const preview = screen.getByRole('region', { name: 'Preview' });

    await view.user.clear(name);
    await view.user.type(name, 'Acme Defense');
    expect(within(preview).getByText('Acme Defense')).toBeInTheDocument();
    await view.user.clear(color);
    await view.user.type(color, '#ff0000');
    expect(screen.getByText('Contrast against white: 3.99:1, below 4.5:1.')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Save Branding' }));
    expect(await screen.findByText(/has a contrast of 3\.99:1 against white/)).toBeInTheDocument();
    expect(requestsMade(fetchMock)).not.toContain('PUT /api/admin/branding');

    await view.user.clear(color);
    await view.user.type(color, '#0b7285');
    expect(preview.style.getPropertyValue('--mantine-color-blue-filled')).toBe('#0b7285');
    await view.user.click(screen.getByRole('button', { name: 'Save Branding' }));
    expect(await screen.findByText('Every page and e-mail uses it now.')).toBeInTheDocument();
    expect(await screen.findByText(/Last changed by Bea Boss/)).toBeInTheDocument();
  });

  it("shows each provider's state and sends a test e-mail", async () => {
    const fetchMock = mockApi({
      ...adminSession,
      'GET /api/admin/integrations': json({
        payments: {
          provider: 'stripe',
          mode: 'live',
          lastWebhook: {
            receivedAt: '2026-01-05T15:00:00.000Z',
            type: 'invoice.paid',
            result: 'failed',
            error: 'no enrolment matches event evt_1',
          },
          failedLastWeek: 2,
        },
        mail: {
          transport: 'smtp',
          from: 'Soul Punch <no-reply@soulpunch.example>',
          lastSentAt: '2026-01-05T14:00:00.000Z',
          lastFailure: null,
          waiting: 0,
        },
        storage: {
          kind: 'disk',
          location: '/data/uploads',
          reachable: true,
          freeBytes: 5 * 1024 ** 3,
          totalBytes: 20 * 1024 ** 3,
          problem: null,
        },
        assistant: { configured: false, model: null, lastAnswerAt: null, lastModelAnswerAt: null },
        checkedAt: '2026-01-05T15:01:00.000Z',
      }),
      'POST /api/admin/integrations/mail/test': json({
        sentTo: 'boss@example.com',
        delivered: true,
        error: null,
      }),
    });
    const view = renderApp('/admin/settings?tab=integrations');
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(payments).toHaveTextContent('Last webhook failed');
    expect(payments).toHaveTextContent('Mode: Live');
    expect(payments).toHaveTextContent('Error: no enrolment matches event evt_1');
    expect(screen.getByRole('region', { name: 'Storage' })).toHaveTextContent(
      'Free space: 5.0 GB of 20.0 GB',
    );
    expect(screen.getByRole('region', { name: 'Assistant model' })).toHaveTextContent('Last answer: Never');
    await view.user.click(
      within(screen.getByRole('region', { name: 'Mail' })).getByRole('button', {
        name: 'Send a test e-mail',
      }),
    );
    expect(await screen.findByText('Sent to boss@example.com.')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain('POST /api/admin/integrations/mail/test');
  });
});
