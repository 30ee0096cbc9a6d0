import type { AdminTrainerUpdate, TrainerFull } from '@soulpunch/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '@/lib/format-timestamp';
import { json, mockApi, pending, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { adminSession, change, fullTrainer, listAnswer } from '../../testing/fixtures';

const full = 'GET /api/trainers/7/full';
const changes = 'GET /api/trainers/7/changes';

interface ServerOptions {
  /** Answers every PUT instead of saving. */
  refuse?: () => Response;
  /** The PUT answers only once this settles, to look at the busy state. */
  gate?: Promise<void>;
  /** The scores the server computes after a save. */
  engagementAfterSave?: Partial<TrainerFull['engagement']>;
}

/** A server that keeps the trainer: PUT saves it (and records a change), the next GET reads it back. */
function mockTrainerServer(initial: TrainerFull, options: ServerOptions = {}) {
  let current = initial;
  const bodies: AdminTrainerUpdate[] = [];
  const fetchMock = mockApi({
    ...adminSession,
    [full]: () => json(current),
    [changes]: () => json(bodies.length ? [change()] : []),
    'PUT /api/trainers/7': () => json(current),
  });
  const table = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input) !== '/api/trainers/7' || init?.method !== 'PUT')
      return table?.(input, init) ?? json(null);
    const body = JSON.parse(String(init.body)) as AdminTrainerUpdate;
    bodies.push(body);
    await options.gate;
    if (options.refuse) return options.refuse();
    current = {
      ...current,
      name: body.name,
      email: body.email,
      phone: body.phone ?? null,
      city: body.city ?? null,
      state: body.state ?? null,
      profile: body.profile as TrainerFull['profile'],
      engagement: { ...current.engagement, ...options.engagementAfterSave },
    };
    return json(current);
  });
  return { fetchMock, bodies };
}

async function openEdit(view: ReturnType<typeof renderApp>) {
  await view.user.click(await screen.findByRole('button', { name: 'Edit Trainer' }));
  return screen.findByRole('heading', { level: 1, name: 'Edit Trainer Profile' });
}

describe('admin trainer detail', () => {
  it('shows the basic information, the training engagement and the change history', async () => {
    mockApi({ ...adminSession, [full]: json(fullTrainer()), [changes]: json([change()]) });
    renderApp('/admin/trainers/7');

    expect(await screen.findByRole('heading', { level: 1, name: 'Jasmine Carter' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const basic = screen.getByRole('heading', { name: 'Basic Information' }).closest('div.mantine-Card-root');
    expect(basic).toHaveTextContent('jasmine@example.com');
    expect(basic).toHaveTextContent('(918) 555-0100');
    expect(basic).toHaveTextContent('Tulsa');
    expect(basic).toHaveTextContent('OK');
    expect(screen.getAllByRole('progressbar').map((bar) => bar.getAttribute('aria-label'))).toEqual([
      'Profile Setup 100%',
      'Business Setup 25%',
      'Material Access 60%',
      'Community Engagement 50%',
      'Overall 59%',
    ]);
    expect(screen.getByText('Low')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Trainers' })).toHaveAttribute('href', '/admin/trainers');

    const history = await screen.findByRole('region', { name: 'Change history' });
    await within(history).findByText(formatTimestamp(change().changedAt));
    expect(history).toHaveTextContent(`Bea Boss (boss@example.com) · ${formatTimestamp(change().changedAt)}`);
    expect(within(history).getByText('Phone: (918) 555-0100 → (918) 555-0199')).toBeInTheDocument();
    expect(within(history).getByText('Payment processor account (Stripe): No → Yes')).toBeInTheDocument();
    expect(within(history).getByText('Website: — → https://example.com')).toBeInTheDocument();
  });

  it('starts the history with who added the trainer and when', async () => {
    const added = {
      id: 100,
      changedAt: '2026-11-20T15:04:00Z',
      changedBy: { name: 'Bea Boss', email: 'boss@example.com' },
      changes: [{ field: 'created', from: null, to: 'Jasmine Carter <jasmine@example.com>' }],
    };
    mockApi({ ...adminSession, [full]: json(fullTrainer()), [changes]: json([change(), added]) });
    renderApp('/admin/trainers/7');

    const history = await screen.findByRole('region', { name: 'Change history' });
    await within(history).findByText(/^Trainer added:/);
    // Newest first: the trainer's addition is the last entry.
    expect(history.querySelector('ol > li:last-child')).toHaveTextContent(
      `Bea Boss (boss@example.com) · ${formatTimestamp(added.changedAt)}Trainer added: Jasmine Carter <jasmine@example.com>`,
    );
  });

  it('starts the history of a trainer who enrolled through the checkout with that self-enrolment', async () => {
    const enrolled = {
      id: 100,
      changedAt: '2026-11-20T15:04:00Z',
      changedBy: null,
      changes: [{ field: 'enrolled', from: null, to: 'Jasmine Carter <jasmine@example.com>' }],
    };
    mockApi({ ...adminSession, [full]: json(fullTrainer()), [changes]: json([change(), enrolled]) });
    renderApp('/admin/trainers/7');

    const history = await screen.findByRole('region', { name: 'Change history' });
    await within(history).findByText(/^Trainer added through the checkout:/);
    expect(history.querySelector('ol > li:last-child')).toHaveTextContent(
      `Self-enrolment · ${formatTimestamp(enrolled.changedAt)}Trainer added through the checkout: Jasmine Carter <jasmine@example.com>`,
    );
  });

  it("reads 'Not provided' for a missing phone and 'No changes recorded yet' for an empty history", async () => {
    mockApi({ ...adminSession, [full]: json(fullTrainer({ phone: null })), [changes]: json([]) });
    renderApp('/admin/trainers/7');

    expect(await screen.findByText('Not provided')).toBeInTheDocument();
    expect(await screen.findByText('No changes recorded yet')).toBeInTheDocument();
  });

  it("says 'Trainer not found' for an unknown trainer", async () => {
    mockApi({
      ...adminSession,
      'GET /api/trainers/99/full': json(
        { error: { code: 'not_found', message: 'Trainer not found' } },
        { status: 404 },
      ),
    });
    renderApp('/admin/trainers/99');

    expect(await screen.findByRole('heading', { level: 1, name: 'Trainer not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Trainers' })).toHaveAttribute('href', '/admin/trainers');
  });

  it("says 'Trainer not found' for an address that is not a trainer id, without asking the server", async () => {
    const fetchMock = mockApi({ ...adminSession });
    renderApp('/admin/trainers/not-a-number');

    expect(await screen.findByRole('heading', { level: 1, name: 'Trainer not found' })).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toEqual(['GET /api/auth/session']);
  });

  it('edits a draft with every section, and Cancel discards it', async () => {
    mockApi({ ...adminSession, [full]: json(fullTrainer()), [changes]: json([]) });
    const view = renderApp('/admin/trainers/7');
    await openEdit(view);

    for (const section of [
      'Basic Information',
      'Certification',
      'Business Setup',
      'Material Access',
      'Community Engagement',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    }
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: 'Display Name' })).toHaveValue('Jasmine C.');
    expect(screen.getByLabelText('Training Date')).toHaveValue('2024-03-01');
    expect(screen.getByRole('checkbox', { name: 'Has insurance' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Payment processor account (Stripe)' })).not.toBeChecked();
    for (const name of [
      'PayPal',
      'Pillar',
      'Affiliate link',
      'Curriculum',
      'Marketing resources',
      'Workbooks',
    ]) {
      expect(screen.getByRole('checkbox', { name })).toBeInTheDocument();
    }
    for (const name of ['Video library', 'Trainer drive', 'In WhatsApp group', 'In Facebook group']) {
      expect(screen.getByRole('checkbox', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('textbox', { name: 'Instagram' })).toHaveValue('@jasmine');
    expect(screen.getByRole('textbox', { name: 'Website' })).toHaveValue('');

    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await view.user.clear(phone);
    await view.user.type(phone, '(918) 555-0199');
    await view.user.click(screen.getByRole('checkbox', { name: 'PayPal' }));
    await view.user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Jasmine Carter' })).toBeInTheDocument();
    expect(screen.getByText('(918) 555-0100')).toBeInTheDocument();
    await openEdit(view);
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('(918) 555-0100');
    expect(screen.getByRole('checkbox', { name: 'PayPal' })).not.toBeChecked();
  });

  it("saves with 'Saving...' while busy, toasts success, leaves edit mode and shows the new data", async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { bodies, fetchMock } = mockTrainerServer(fullTrainer(), {
      gate,
      engagementAfterSave: { businessSetup: 75, overall: 65 },
    });
    const view = renderApp('/admin/trainers/7');
    await openEdit(view);

    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await view.user.clear(phone);
    await view.user.type(phone, '(918) 555-0199');
    await view.user.click(screen.getByRole('checkbox', { name: 'Payment processor account (Stripe)' }));
    await view.user.click(screen.getByRole('checkbox', { name: 'PayPal' }));
    // A channel counts with its link, which the admin can give too.
    await view.user.type(
      screen.getByRole('textbox', { name: 'Stripe payment link' }),
      'https://buy.stripe.com/jasmine',
    );
    await view.user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toEqual({
      name: 'Jasmine Carter',
      email: 'jasmine@example.com',
      phone: '(918) 555-0199',
      city: 'Tulsa',
      state: 'OK',
      profile: {
        ...fullTrainer().profile,
        hasStripe: true,
        hasPaypal: true,
        stripePaymentLink: 'https://buy.stripe.com/jasmine',
      },
    });
    open();

    expect(await screen.findByText('Trainer updated successfully')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Jasmine Carter' })).toBeInTheDocument();
    expect(screen.getByText('(918) 555-0199')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Overall 65%' })).toBeInTheDocument();
    expect(screen.getByText('Medium')).toBeInTheDocument();
    expect(await screen.findByText('Phone: (918) 555-0100 → (918) 555-0199')).toBeInTheDocument();
    // The list, this trainer and its history are refetched so the new scores show everywhere.
    expect(requestsMade(fetchMock).filter((r) => r === full || r === changes)).toHaveLength(4);
  });

  it('stays in edit mode on failure, with the destructive toast and the field message', async () => {
    mockTrainerServer(fullTrainer(), {
      refuse: () =>
        json(
          {
            error: {
              code: 'validation_error',
              message: 'Some fields are not valid',
              fields: { email: 'A trainer with this email already exists' },
            },
          },
          { status: 400 },
        ),
    });
    const view = renderApp('/admin/trainers/7');
    await openEdit(view);

    const email = screen.getByRole('textbox', { name: 'Email' });
    await view.user.clear(email);
    await view.user.type(email, 'taken@example.com');
    await view.user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Failed to update trainer')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('A trainer with this email already exists')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Trainer Profile' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('taken@example.com');
  });

  it('checks the form before sending it', async () => {
    const { bodies } = mockTrainerServer(fullTrainer());
    const view = renderApp('/admin/trainers/7');
    await openEdit(view);

    await view.user.type(screen.getByRole('textbox', { name: 'Website' }), 'not a site');
    await view.user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(
      await screen.findByText('Please enter a valid URL (starting with http:// or https://)'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await view.user.type(screen.getByRole('textbox', { name: 'Website' }), 'x');
    expect(
      screen.queryByText('Please enter a valid URL (starting with http:// or https://)'),
    ).not.toBeInTheDocument();
  });

  it('asks before leaving with unsaved edits', async () => {
    mockApi({
      ...adminSession,
      [full]: json(fullTrainer()),
      [changes]: json([]),
      'GET /api/trainers?limit=50&offset=0': listAnswer([], 0),
    });
    const view = renderApp('/admin/trainers/7');
    await openEdit(view);
    await view.user.type(screen.getByRole('textbox', { name: 'City' }), 'x');

    await view.user.click(screen.getByRole('link', { name: 'Back to Trainers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Stay on Page' }));
    expect(view.currentPath()).toBe('/admin/trainers/7');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Tulsax');

    await view.user.click(screen.getByRole('link', { name: 'Back to Trainers' }));
    await view.user.click(
      within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', {
        name: 'Discard Changes',
      }),
    );
    expect(await screen.findByText('No trainers found')).toBeInTheDocument();
    expect(view.currentPath()).toBe('/admin/trainers');
  });

  it('leaves without asking when nothing was changed', async () => {
    mockApi({
      ...adminSession,
      [full]: json(fullTrainer()),
      [changes]: pending,
      'GET /api/trainers?limit=50&offset=0': listAnswer([], 0),
    });
    const view = renderApp('/admin/trainers/7');
    await openEdit(view);

    await view.user.click(screen.getByRole('link', { name: 'Back to Trainers' }));

    expect(await screen.findByText('No trainers found')).toBeInTheDocument();
  });
});
