import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type MockRoutes, mockApi, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { classSummary, TRAINER_ID, trainerUser } from '../testing/class-summary';

const CALENDAR = '/trainer-portal/calendar';
const classesRoute = `GET /api/trainers/${TRAINER_ID}/classes`;
const createRoute = `POST /api/trainers/${TRAINER_ID}/classes`;

function calendarRoutes(overrides: MockRoutes = {}): MockRoutes {
  return {
    'GET /api/auth/session': json({ user: trainerUser }),
    [classesRoute]: json([]),
    'GET /api/trainer-profile': json({
      upcomingClasses: [],
      basicClassPaymentLink: 'https://pay.example/basic',
    }),
    // The server's zone lookup: Boulder is Mountain time; any other place, the trainer's own city (Tulsa).
    'GET /api/classes/time-zone?*': (url) =>
      json(
        /Boulder/.test(decodeURIComponent(url))
          ? { timeZone: 'America/Denver', source: 'place' }
          : { timeZone: 'America/Chicago', source: 'trainer' },
      ),
    ...overrides,
  };
}

function bodyOf(fetchMock: ReturnType<typeof mockApi>, request: string): unknown {
  const call = fetchMock.mock.calls.find(
    ([input, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${String(input)}` === request,
  );
  return call?.[1]?.body ? JSON.parse(String(call[1].body)) : undefined;
}

/** The zone lookup waits for the trainer to stop typing; a busy machine may take a while longer. */
const LOOKUP = { timeout: 5000 };

async function openAddClass() {
  const view = renderApp(CALENDAR);
  await view.user.click(await screen.findByRole('button', { name: 'Add Class' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Class' });
  return { ...view, dialog: within(dialog) };
}

beforeEach(() => {
  // Only the clock: user events and toasts keep real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-07-15T12:00:00'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('trainer class calendar', { timeout: 20_000 }, () => {
  it('sends a visitor to the login page', async () => {
    mockApi({ 'GET /api/auth/session': json({ user: null }) });
    const view = renderApp(CALENDAR);
    await screen.findByRole('heading', { name: 'Enter Your Email' });
    expect(view.currentPath()).toBe('/trainer-portal/login');
  });

  it('shows the month, moves between months, and says when nothing is scheduled', async () => {
    mockApi(calendarRoutes());
    const { user } = renderApp(CALENDAR);

    expect(await screen.findByRole('heading', { level: 1, name: 'Class Calendar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
      'href',
      '/trainer-portal/dashboard',
    );
    expect(await screen.findByRole('heading', { name: 'July 2030' })).toBeInTheDocument();
    const grid = screen.getByRole('table', { name: 'July 2030' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(within(grid).getByRole('cell', { current: 'date' })).toHaveTextContent('Monday, July 15, 2030');
    expect(screen.getByText('No classes scheduled yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe to my calendar' })).toHaveAttribute(
      'href',
      `/api/calendar/trainers/${TRAINER_ID}.ics`,
    );

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: 'August 2030' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('heading', { name: 'June 2030' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByRole('heading', { name: 'July 2030' })).toBeInTheDocument();
  });

  it('puts classes on their day and lists the upcoming ones with their registration link', async () => {
    mockApi(
      calendarRoutes({
        [classesRoute]: json([
          classSummary({ id: 1, paymentLink: 'https://pay.example/class-1' }),
          classSummary({
            id: 2,
            title: 'Teen Safety Workshop',
            date: '2030-07-22',
            start: '2030-07-22T14:00:00.000Z',
            end: '2030-07-22T16:00:00.000Z',
            time: '9:00 AM - 11:00 AM',
            status: 'cancelled',
          }),
        ]),
      }),
    );
    renderApp(CALENDAR);

    const day = await screen.findByRole('cell', { name: /Saturday, July 20, 2030/ });
    expect(
      within(day).getByRole('button', { name: /2:00 PM CDT 2-Hour Basic Self-Defense Class/ }),
    ).toBeInTheDocument();
    const cancelled = within(screen.getByRole('cell', { name: /Monday, July 22, 2030/ })).getByRole(
      'button',
      {
        name: /Teen Safety Workshop \(cancelled\)/,
      },
    );
    // Struck through and greyed by month-grid.module.css (the tests do not apply stylesheets).
    expect(cancelled.className).toMatch(/struck/);

    const upcoming = within(screen.getByRole('region', { name: 'Upcoming Classes' }));
    expect(upcoming.getAllByRole('listitem')).toHaveLength(1);
    expect(upcoming.getByRole('link', { name: 'Registration Link' })).toHaveAttribute(
      'href',
      'https://pay.example/class-1',
    );
    expect(upcoming.getByText('Saturday, July 20, 2030 · 2:00 PM - 4:00 PM CDT')).toBeInTheDocument();
    expect(upcoming.getByRole('link', { name: 'Class page' })).toHaveAttribute('href', '/public/class/1');
  });

  it('checks the Add Class form before sending it', async () => {
    const fetchMock = mockApi(calendarRoutes());
    const { user, dialog } = await openAddClass();

    expect(dialog.getByLabelText(/Class title/)).toHaveValue('2-Hour Basic Self-Defense Class');
    await user.clear(dialog.getByLabelText(/Class title/));
    await user.click(dialog.getByRole('button', { name: 'Add Class' }));

    expect(dialog.getByText('Class title is required')).toBeInTheDocument();
    expect(dialog.getByText('Date is required')).toBeInTheDocument();
    expect(dialog.getByText('Start time is required')).toBeInTheDocument();
    expect(dialog.getByText('Location is required')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).not.toContain(createRoute);
  });

  it('sets AM/PM from the hour until it is picked, and ends two hours later unless changed', async () => {
    mockApi(calendarRoutes());
    const { user, dialog } = await openAddClass();
    const startHour = dialog.getByRole('combobox', { name: 'Start hour' });
    const startMeridiem = dialog.getByRole('combobox', { name: 'Start AM/PM' });

    for (const hour of ['1', '6']) {
      await user.selectOptions(startHour, hour);
      expect(startMeridiem).toHaveValue('PM');
    }
    await user.selectOptions(startHour, '8');
    expect(startMeridiem).toHaveValue('AM');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Start minutes' }), '30');
    expect(dialog.getByRole('combobox', { name: 'End hour' })).toHaveValue('10');
    expect(dialog.getByRole('combobox', { name: 'End minutes' })).toHaveValue('30');
    expect(dialog.getByRole('combobox', { name: 'End AM/PM' })).toHaveValue('AM');

    await user.selectOptions(startHour, '2');
    expect(startMeridiem).toHaveValue('PM');
    expect(dialog.getByRole('combobox', { name: 'End hour' })).toHaveValue('4');
    expect(dialog.getByRole('combobox', { name: 'End AM/PM' })).toHaveValue('PM');

    await user.selectOptions(dialog.getByRole('combobox', { name: 'End hour' }), '5');
    await user.selectOptions(startHour, '3');
    expect(dialog.getByRole('combobox', { name: 'End hour' })).toHaveValue('5');

    await user.selectOptions(startMeridiem, 'AM');
    await user.selectOptions(startHour, '4');
    expect(startMeridiem).toHaveValue('AM');
  });

  it('adds a class with the default price and payment link, and says so', async () => {
    const added = classSummary({ id: 9, location: 'YMCA, Tulsa, OK' });
    let classes: unknown[] = [];
    const fetchMock = mockApi(
      calendarRoutes({
        [classesRoute]: () => json(classes),
        [createRoute]: () => {
          classes = [added];
          return json(added, { status: 201 });
        },
      }),
    );
    const { user, dialog } = await openAddClass();

    expect(dialog.getByLabelText('Price ($)')).toHaveValue('75');
    expect(dialog.getByLabelText('Capacity')).toHaveValue('20');
    await waitFor(() =>
      expect(dialog.getByLabelText('Payment link')).toHaveValue('https://pay.example/basic'),
    );
    await user.type(dialog.getByLabelText(/Date/), '2030-07-20');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Start hour' }), '2');
    await user.type(dialog.getByLabelText(/Location/), 'YMCA, Tulsa, OK');
    await user.click(dialog.getByRole('button', { name: 'Add Class' }));

    expect(await screen.findByText('Class Added')).toBeInTheDocument();
    expect(screen.getByText('Your new class has been added to the calendar.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Class' })).not.toBeInTheDocument());
    expect(bodyOf(fetchMock, createRoute)).toMatchObject({
      title: '2-Hour Basic Self-Defense Class',
      date: '2030-07-20',
      startTime: '14:00',
      endTime: '16:00',
      location: 'YMCA, Tulsa, OK',
      price: 75,
      capacity: 20,
    });
    expect(await screen.findByRole('button', { name: /2:00 PM CDT 2-Hour Basic/ })).toBeInTheDocument();
  });

  it("takes the time zone from the class's location and leaves it to the server", async () => {
    const added = classSummary({
      id: 9,
      location: 'Gym, Boulder, CO',
      timeZone: 'America/Denver',
    });
    const fetchMock = mockApi(calendarRoutes({ [createRoute]: json(added, { status: 201 }) }));
    const { user, dialog } = await openAddClass();

    const zone = dialog.getByRole('combobox', { name: 'Time zone' });
    // Before a place is typed: the trainer's own city.
    await waitFor(() => expect(zone).toHaveValue('America/Chicago'), LOOKUP);
    expect(dialog.getByText(/From your own city/)).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/Date/), '2030-12-14');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Start hour' }), '3');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Start minutes' }), '30');
    await user.type(dialog.getByLabelText(/Location/), 'Gym, Boulder, CO');
    await waitFor(() => expect(zone).toHaveValue('America/Denver'), LOOKUP);
    expect(
      dialog.getByText("From the class's location. Times are in Mountain Time (Denver), MST."),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Add Class' }));
    expect(await screen.findByText('Class Added')).toBeInTheDocument();
    const sent = bodyOf(fetchMock, createRoute) as Record<string, unknown>;
    expect(sent).toMatchObject({ startTime: '15:30', location: 'Gym, Boulder, CO' });
    // The server takes the same zone from the place; the browser's own zone plays no part.
    expect(sent).not.toHaveProperty('timeZone');
  });

  it("sends the time zone the trainer picks instead of the location's", async () => {
    const fetchMock = mockApi(
      calendarRoutes({ [createRoute]: json(classSummary({ id: 9 }), { status: 201 }) }),
    );
    const { user, dialog: again } = await openAddClass();
    await user.type(again.getByLabelText(/Date/), '2030-12-14');
    await user.selectOptions(again.getByRole('combobox', { name: 'Start hour' }), '3');
    await user.type(again.getByLabelText(/Location/), 'Boulder, CO');
    await waitFor(
      () => expect(again.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Denver'),
      LOOKUP,
    );
    await user.selectOptions(again.getByRole('combobox', { name: 'Time zone' }), 'America/New_York');
    expect(
      again.getByText(/You chose this time zone\. Times are in Eastern Time \(New York\), EST\./),
    ).toBeInTheDocument();
    await user.click(again.getByRole('button', { name: 'Add Class' }));
    expect(await screen.findByText('Class Added')).toBeInTheDocument();
    expect(bodyOf(fetchMock, createRoute)).toMatchObject({
      location: 'Boulder, CO',
      timeZone: 'America/New_York',
    });
  });

  it("shows the failure toast and the server's message when the class is refused", async () => {
    mockApi(
      calendarRoutes({
        [createRoute]: json(
          {
            error: {
              code: 'validation_error',
              message: 'Please choose a start time in the future',
              fields: { date: 'Please choose a start time in the future' },
            },
          },
          { status: 400 },
        ),
      }),
    );
    const { user, dialog } = await openAddClass();
    await user.type(dialog.getByLabelText(/Date/), '2030-07-01');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Start hour' }), '9');
    await user.type(dialog.getByLabelText(/Location/), 'Tulsa, OK');
    await user.click(dialog.getByRole('button', { name: 'Add Class' }));

    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to add class. Please try again.')).toBeInTheDocument();
    expect(dialog.getByText('Please choose a start time in the future')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Class' })).toBeInTheDocument();
  });

  it('opens a class with its attendees, edits it, and cancels it only after confirming', async () => {
    const original = classSummary({ id: 4, registeredCount: 1, spotsLeft: 19 });
    let current = original;
    const fetchMock = mockApi(
      calendarRoutes({
        [classesRoute]: () => json([current]),
        'GET /api/classes/4/registrations': json([
          {
            id: 1,
            name: 'Ana Lopez',
            email: 'ana@example.com',
            status: 'registered',
            createdAt: '2030-07-01T00:00:00Z',
          },
        ]),
        'PUT /api/classes/4': () => {
          current = { ...original, title: 'Evening Self-Defense' };
          return json(current);
        },
        'POST /api/classes/4/cancel': () => {
          current = { ...current, status: 'cancelled' };
          return json(current);
        },
      }),
    );
    const { user } = renderApp(CALENDAR);

    await user.click(await screen.findByRole('button', { name: /2:00 PM CDT 2-Hour Basic/ }));
    let dialog = within(await screen.findByRole('dialog', { name: '2-Hour Basic Self-Defense Class' }));
    const attendees = within(await dialog.findByRole('table', { name: 'Attendees' }));
    expect(attendees.getByRole('row', { name: 'Ana Lopez ana@example.com Registered' })).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Edit Class' }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit Class' }));
    expect(form.getByRole('combobox', { name: 'Start hour' })).toHaveValue('2');
    await user.clear(form.getByLabelText(/Class title/));
    await user.type(form.getByLabelText(/Class title/), 'Evening Self-Defense');
    await user.click(form.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Class Updated')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PUT /api/classes/4')).toMatchObject({
      title: 'Evening Self-Defense',
      startTime: '14:00',
    });
    // One toast at a time (spec 9): this one makes way for the next.
    await user.click(screen.getByRole('button', { name: 'Close notification' }));

    await user.click(await screen.findByRole('button', { name: /2:00 PM CDT Evening Self-Defense/ }));
    dialog = within(await screen.findByRole('dialog', { name: 'Evening Self-Defense' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel Class' }));
    expect(dialog.getByText('Registered people will be e-mailed.')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).not.toContain('POST /api/classes/4/cancel');
    await user.click(dialog.getByRole('button', { name: 'Yes, Cancel Class' }));
    expect(await screen.findByText('Class Cancelled')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain('POST /api/classes/4/cancel');
    expect(await dialog.findByText('Cancelled')).toBeInTheDocument();
  });
});
