import { CANCEL_CLOSED_MESSAGE } from '@soulpunch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { classSummary } from '../testing/class-summary';

const evening = classSummary({
  id: 5,
  title: 'Evening Self-Defense',
  trainerId: 12,
  trainerName: 'Maria Garcia',
  start: '2030-12-03T00:00:00.000Z',
  end: '2030-12-03T02:00:00.000Z',
  date: '2030-12-02',
  time: '6:00 PM - 8:00 PM',
  location: 'YMCA, Denver, CO',
  address: '25 Main St',
  timeZone: 'America/Denver',
  notes: 'Wear comfortable clothes.',
  price: 45,
  capacity: 12,
  spotsLeft: 3,
  type: 'workshop',
  level: 'beginner',
  tags: ['women', 'teens'],
  paymentLink: 'https://pay.example/evening',
});

function bodyOf(fetchMock: ReturnType<typeof mockApi>, request: string): unknown {
  const call = fetchMock.mock.calls.find(
    ([input, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${String(input)}` === request,
  );
  return call?.[1]?.body ? JSON.parse(String(call[1].body)) : undefined;
}

async function register(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText(/Name/), 'Ana Lopez');
  await user.type(screen.getByLabelText(/E-mail/), 'ana@example.com');
  await user.click(screen.getByRole('button', { name: 'Reserve My Spot' }));
}

describe('class details', { timeout: 20_000 }, () => {
  it('shows everything about the class', async () => {
    mockApi({ 'GET /api/classes/5': json(evening) });
    renderApp('/public/class/5');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Evening Self-Defense' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Maria Garcia' })).toHaveAttribute('href', '/public/trainer/12');
    expect(screen.getByText('Workshop')).toBeInTheDocument();
    expect(screen.getByText('Beginner')).toBeInTheDocument();
    expect(screen.getByText('Monday, December 2, 2030')).toBeInTheDocument();
    expect(screen.getByText('6:00 PM - 8:00 PM MST')).toBeInTheDocument();
    expect(screen.getByText(/YMCA, Denver, CO/)).toHaveTextContent('YMCA, Denver, CO25 Main St');
    expect(screen.getByText('$45')).toBeInTheDocument();
    expect(screen.getByText('3 spots left')).toBeInTheDocument();
    expect(screen.getByText(/Capacity 12/)).toBeInTheDocument();
    expect(screen.getByText('Wear comfortable clothes.')).toBeInTheDocument();
    expect(screen.getByText('women, teens')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay for this class' })).toHaveAttribute(
      'href',
      'https://pay.example/evening',
    );
    // That one class, not the trainer's whole feed.
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      '/api/calendar/classes/5.ics',
    );
    expect(screen.getByRole('form', { name: 'Register for this class' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Classes' })).toHaveAttribute('href', '/public/classes');
  });

  it('registers a visitor and refreshes the spots left', async () => {
    let spotsLeft = 3;
    const fetchMock = mockApi({
      'GET /api/classes/5': () => json({ ...evening, spotsLeft }),
      'POST /api/classes/5/registrations': () => {
        spotsLeft = 2;
        return json({ status: 'registered', position: null }, { status: 201 });
      },
    });
    const { user } = renderApp('/public/class/5');

    await register(user);
    expect(
      await screen.findByText(
        "You're registered! Check your e-mail for the confirmation and calendar invite.",
      ),
    ).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/classes/5/registrations')).toEqual({
      name: 'Ana Lopez',
      email: 'ana@example.com',
    });
    expect(await screen.findByText('2 spots left')).toBeInTheDocument();
  });

  it('puts the visitor on the waitlist of a full class', async () => {
    mockApi({
      'GET /api/classes/5': json({ ...evening, spotsLeft: 0 }),
      'POST /api/classes/5/registrations': json({ status: 'waitlisted', position: 2 }, { status: 201 }),
    });
    const { user } = renderApp('/public/class/5');

    expect(await screen.findByText('Full — join the waitlist')).toBeInTheDocument();
    await user.type(await screen.findByLabelText(/Name/), 'Ana Lopez');
    await user.type(screen.getByLabelText(/E-mail/), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
    expect(
      await screen.findByText("This class is full. You're number 2 on the waitlist."),
    ).toBeInTheDocument();
  });

  it('checks the form, and shows why the server refused', async () => {
    const fetchMock = mockApi({
      'GET /api/classes/5': json(evening),
      'POST /api/classes/5/registrations': json(
        {
          error: { code: 'already_registered', message: 'This e-mail is already registered for this class.' },
        },
        { status: 409 },
      ),
    });
    const { user } = renderApp('/public/class/5');

    await user.click(await screen.findByRole('button', { name: 'Reserve My Spot' }));
    expect(screen.getByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).not.toContain('POST /api/classes/5/registrations');

    await register(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This e-mail is already registered for this class.',
    );
  });

  it('says a cancelled class is cancelled, with no way to register', async () => {
    // Full as well: still no waitlist to join.
    mockApi({ 'GET /api/classes/5': json({ ...evening, status: 'cancelled', spotsLeft: 0 }) });
    renderApp('/public/class/5');

    expect(await screen.findByText('This class has been cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Register for this class' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay for this class' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
    expect(screen.getByTestId('spots-left')).toHaveTextContent('Cancelled — no registration');
    expect(screen.queryByText(/join the waitlist/i)).not.toBeInTheDocument();
  });

  it('shows Class not found for an unknown class', async () => {
    mockApi({
      'GET /api/classes/99': json(
        { error: { code: 'not_found', message: 'Class not found' } },
        { status: 404 },
      ),
    });
    renderApp('/public/class/99');
    expect(await screen.findByRole('heading', { level: 1, name: 'Class not found' })).toBeInTheDocument();
  });

  it('cancels a registration from the e-mailed link only when the button is pressed', async () => {
    const token = 'a'.repeat(43);
    const fetchMock = mockApi({
      'GET /api/classes/5': json(evening),
      'POST /api/registrations/cancel-link': json({ status: 'registered' }),
      'POST /api/registrations/cancel': json({ classId: 5 }),
    });
    const { user } = renderApp(`/public/class/5?cancel=${token}`);

    const button = await screen.findByRole('button', { name: 'Cancel my registration' });
    await screen.findByRole('heading', { level: 1, name: 'Evening Self-Defense' });
    expect(requestsMade(fetchMock)).not.toContain('POST /api/registrations/cancel');

    await user.click(button);
    expect(await screen.findByText(/Your registration has been cancelled/)).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/registrations/cancel')).toEqual({ token });
  });

  it('explains a cancel link that no longer works', async () => {
    mockApi({
      'GET /api/classes/5': json(evening),
      // Used in another tab after this page asked.
      'POST /api/registrations/cancel-link': json({ status: 'registered' }),
      'POST /api/registrations/cancel': json(
        {
          error: {
            code: 'invalid_cancel_link',
            message: 'This cancel link is not valid or was already used.',
          },
        },
        { status: 400 },
      ),
    });
    const { user } = renderApp('/public/class/5?cancel=stale-token-0000000000');

    await user.click(await screen.findByRole('button', { name: 'Cancel my registration' }));
    const region = within(screen.getByRole('region', { name: "Can't make it?" }));
    await waitFor(() =>
      expect(region.getByRole('alert')).toHaveTextContent(
        'This cancel link is not valid or was already used.',
      ),
    );
  });

  it('says a cancel link of a class that has started can no longer cancel, and offers nothing', async () => {
    const token = 'c'.repeat(43);
    const fetchMock = mockApi({
      'GET /api/classes/5': json({
        ...evening,
        start: '2020-12-03T00:00:00.000Z',
        end: '2020-12-03T02:00:00.000Z',
      }),
      'POST /api/registrations/cancel-link': json({ status: 'registered' }),
    });
    renderApp(`/public/class/5?cancel=${token}`);

    expect(await screen.findByText(CANCEL_CLOSED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel my registration' })).not.toBeInTheDocument();
    expect(requestsMade(fetchMock)).not.toContain('POST /api/registrations/cancel');
  });

  it('says a used cancel link was already cancelled, and offers nothing to cancel', async () => {
    const token = 'b'.repeat(43);
    const fetchMock = mockApi({
      'GET /api/classes/5': json(evening),
      'POST /api/registrations/cancel-link': json({ status: 'cancelled' }),
    });
    renderApp(`/public/class/5?cancel=${token}`);

    expect(
      await screen.findByText('This registration was already cancelled. There is nothing more to do.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel my registration' })).not.toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/registrations/cancel-link')).toEqual({ token });
    expect(requestsMade(fetchMock)).not.toContain('POST /api/registrations/cancel');
  });

  it('after the last seat, shows the person who took it only that they are registered', async () => {
    let spotsLeft = 1;
    mockApi({
      'GET /api/classes/5': () => json({ ...evening, spotsLeft }),
      'POST /api/classes/5/registrations': () => {
        spotsLeft = 0;
        return json({ status: 'registered', position: null }, { status: 201 });
      },
    });
    const { user } = renderApp('/public/class/5');

    await register(user);
    expect(await screen.findByText('Full — join the waitlist')).toBeInTheDocument();
    const section = within(screen.getByRole('region', { name: 'Register' }));
    expect(
      section.getByText("You're registered! Check your e-mail for the confirmation and calendar invite."),
    ).toBeInTheDocument();
    expect(section.queryByText(/This class is full/)).not.toBeInTheDocument();
    expect(section.queryByRole('form')).not.toBeInTheDocument();
  });

  it('says how to pay for a paid class without a payment link, and nothing for a free one', async () => {
    mockApi({
      'GET /api/classes/5': json({ ...evening, paymentLink: null }),
      'GET /api/classes/6': json({ ...evening, id: 6, paymentLink: null, price: 0, priceLabel: 'Free' }),
    });
    const view = renderApp('/public/class/5');

    expect(
      await screen.findByText(
        'This class costs $45 and has no online payment: contact Maria Garcia to arrange how to pay.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay for this class' })).not.toBeInTheDocument();
    view.unmount();

    renderApp('/public/class/6');
    await screen.findByRole('heading', { level: 1, name: 'Evening Self-Defense' });
    expect(screen.queryByText(/has no online payment/)).not.toBeInTheDocument();
  });

  // The registration form posted before the page came alive: the server sent the browser back with the outcome.
  it('shows the outcome of the form posted before the page came alive', async () => {
    mockApi({ 'GET /api/classes/5': json({ ...evening, spotsLeft: 0 }) });
    const view = renderApp('/public/class/5?registered=waitlisted&position=3');

    expect(
      await screen.findByText("This class is full. You're number 3 on the waitlist."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Register for this class' })).not.toBeInTheDocument();
    view.unmount();

    renderApp('/public/class/5?name=Ana+Lopez&email=ana%40example.com&error=already_registered');
    expect(await screen.findByLabelText(/Name/)).toHaveValue('Ana Lopez');
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('ana@example.com');
    expect(screen.getByRole('alert')).toHaveTextContent('This e-mail is already registered for this class.');
  });

  it('says which field was wrong in the posted form', async () => {
    mockApi({ 'GET /api/classes/5': json(evening) });
    renderApp('/public/class/5?name=A&email=nope&error=invalid_input');

    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
  });

  it('is a real form posting to the class page, for a press before the page came alive', async () => {
    mockApi({ 'GET /api/classes/5': json(evening) });
    renderApp('/public/class/5');

    const form = await screen.findByRole('form', { name: 'Register for this class' });
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/public/class/5');
    expect(within(form).getByLabelText(/Name/)).toHaveAttribute('name', 'name');
    expect(within(form).getByLabelText(/E-mail/)).toHaveAttribute('name', 'email');
  });

  it("the cancel link's button is a real form, and the page says when the server has cancelled", async () => {
    const token = 'c'.repeat(43);
    mockApi({
      'GET /api/classes/5': json(evening),
      'POST /api/registrations/cancel-link': json({ status: 'registered' }),
    });
    const view = renderApp(`/public/class/5?cancel=${token}`);

    const button = await screen.findByRole('button', { name: 'Cancel my registration' });
    const form = button.closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/public/class/5/cancel');
    expect(form?.querySelector('input[name="token"]')).toHaveValue(token);
    view.unmount();

    renderApp('/public/class/5?cancelled=1');
    expect(await screen.findByText(/Your registration has been cancelled/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel my registration' })).not.toBeInTheDocument();
  });
});
