import type { AdminCalendar } from '@soulpunch/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, requestsMade } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import '@/test/stub-font-loading';

const admin = { id: 1, email: 'boss@example.com', name: 'Bea Boss', roles: ['admin'], trainerId: null };
const calendar: AdminCalendar = {
  sessions: [
    {
      id: 3,
      title: 'Train the Trainer',
      start: '2026-01-09T15:00:00.000Z',
      end: '2026-01-09T23:00:00.000Z',
      timeZone: 'America/Chicago',
      date: '2026-01-09',
      time: '9:00 AM - 5:00 PM',
      location: 'Soul Punch HQ, Tulsa, OK',
      description: null,
      capacity: 12,
      registeredCount: 1,
      seatsLeft: 11,
      status: 'scheduled',
    },
  ],
  slots: [
    {
      id: 8,
      start: '2026-01-06T16:00:00.000Z',
      end: '2026-01-06T16:30:00.000Z',
      timeZone: 'America/Chicago',
      date: '2026-01-06',
      time: '10:00 AM - 10:30 AM',
      location: 'Video call',
      hostName: 'Bea Boss',
      booking: {
        id: 4,
        slotId: 8,
        trainerId: 12,
        trainerName: 'Maria Garcia',
        start: '2026-01-06T16:00:00.000Z',
        end: '2026-01-06T16:30:00.000Z',
        timeZone: 'America/Chicago',
        date: '2026-01-06',
        time: '10:00 AM - 10:30 AM',
        location: 'Video call',
        status: 'booked',
      },
    },
  ],
  events: [],
  otherItems: [
    {
      kind: 'certification_renewal',
      date: '2026-01-20',
      title: 'Devon Price renews',
      trainerId: 14,
      href: '/admin/trainers/14',
    },
  ],
};

describe('admin calendar', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-01-05T15:00:00Z'), shouldAdvanceTime: true });
  });
  afterEach(() => vi.useRealTimers());

  it("lists the next 30 days by day in the agenda, then the month with each day's count, asking the server for each range", async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': json({ user: admin }),
      'GET /api/admin/calendar?*': json(calendar),
      'GET /api/admin/calendar/feed': json({ active: false, createdAt: null }),
    });
    const view = renderApp('/admin/calendar');

    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    const tuesday = await screen.findByRole('region', { name: 'Tuesday, January 6, 2026' });
    expect(within(tuesday).getByText('Consultation: Maria Garcia')).toBeInTheDocument();
    expect(within(tuesday).getByText(/10:00 AM - 10:30 AM/)).toBeInTheDocument();
    const friday = screen.getByRole('region', { name: 'Friday, January 9, 2026' });
    expect(within(friday).getByText(/1 of 12 registered/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tuesday, January 20, 2026' })).toHaveTextContent(
      'Certification renewal',
    );
    expect(requestsMade(fetchMock)).toContain('GET /api/admin/calendar?from=2026-01-05&to=2026-02-03');

    await view.user.click(screen.getByRole('radio', { name: 'Month' }));
    expect(await screen.findByText('January 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Friday, January 9, 2026: 1 scheduled' })).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain('GET /api/admin/calendar?from=2025-12-28&to=2026-01-31');
    await view.user.click(screen.getByRole('button', { name: 'Friday, January 9, 2026: 1 scheduled' }));
    expect(screen.getByRole('region', { name: 'Friday, January 9, 2026' })).toHaveTextContent(
      'Train the Trainer',
    );

    await view.user.click(screen.getByRole('radio', { name: 'Week' }));
    expect(await screen.findByText('Jan 4 - Jan 10')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain('GET /api/admin/calendar?from=2026-01-04&to=2026-01-10');
  });

  it('marks attendance from a session, telling the admin the training date is set', async () => {
    const detail = {
      ...calendar.sessions[0],
      registrants: [
        {
          trainerId: 12,
          name: 'Maria Garcia',
          email: 'maria@example.com',
          registeredAt: '2026-01-05T15:00:00.000Z',
          attended: false,
        },
      ],
    };
    const fetchMock = mockApi({
      'GET /api/auth/session': json({ user: admin }),
      'GET /api/admin/calendar?*': json(calendar),
      'GET /api/admin/calendar/feed': json({ active: false, createdAt: null }),
      'GET /api/admin/calendar/sessions/3': json(detail),
      'PUT /api/admin/calendar/sessions/3/attendance/12': json({
        ...detail,
        registrants: [{ ...detail.registrants[0], attended: true }],
      }),
    });
    const view = renderApp('/admin/calendar');

    await view.user.click(
      await screen.findByRole('button', { name: 'Train the Trainer, 9:00 AM - 5:00 PM' }),
    );
    await view.user.click(await screen.findByRole('checkbox', { name: 'Maria Garcia attended' }));
    expect(await screen.findByText('Maria Garcia attended: their training is recorded.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(
      ([url, init]) => String(url).includes('/attendance/12') && init?.method === 'PUT',
    );
    expect(put?.[1]?.body).toBe('{"attended":true}');
  });

  it('edits a session before it begins, showing the server refusal of seats below those taken on the field', async () => {
    const detail = { ...calendar.sessions[0], registrants: [] };
    const bodies: unknown[] = [];
    const fetchMock = mockApi({
      'GET /api/auth/session': json({ user: admin }),
      'GET /api/admin/calendar?*': json(calendar),
      'GET /api/admin/calendar/feed': json({ active: false, createdAt: null }),
      'GET /api/admin/calendar/sessions/3': json(detail),
      'PUT /api/admin/calendar/sessions/3': (_url, init) => {
        const body = JSON.parse(String(init?.body));
        bodies.push(body);
        if (body.capacity < 2) {
          const message = '2 trainers are registered: the seats cannot be fewer than 2.';
          return json(
            { error: { code: 'capacity_below_registered', message, fields: { capacity: message } } },
            { status: 400 },
          );
        }
        return json({ ...detail, location: body.location, time: '10:00 AM - 4:00 PM' });
      },
    });
    const view = renderApp('/admin/calendar');
    await view.user.click(
      await screen.findByRole('button', { name: 'Train the Trainer, 9:00 AM - 5:00 PM' }),
    );
    await view.user.click(await screen.findByRole('button', { name: 'Edit session' }));
    const form = within(await screen.findByRole('form', { name: 'Edit training session' }));
    // The form holds the session as scheduled, in its own zone.
    expect(form.getByLabelText(/Date/)).toHaveValue('2026-01-09');
    expect(form.getByLabelText(/Start time/)).toHaveValue('09:00');
    expect(form.getByLabelText(/End time/)).toHaveValue('17:00');
    expect(form.getByRole('textbox', { name: /Place/ })).toHaveValue('Soul Punch HQ, Tulsa, OK');

    const seats = form.getByRole('textbox', { name: /Seats/ });
    await view.user.clear(seats);
    await view.user.type(seats, '1');
    await view.user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(
      await form.findByText('2 trainers are registered: the seats cannot be fewer than 2.'),
    ).toBeInTheDocument();
    await view.user.clear(seats);
    await view.user.type(seats, '12');
    const place = form.getByRole('textbox', { name: /Place/ });
    await view.user.clear(place);
    await view.user.type(place, 'Tulsa Community Center');
    await view.user.clear(form.getByLabelText(/Start time/));
    await view.user.type(form.getByLabelText(/Start time/), '10:00');
    await view.user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Session updated')).toBeInTheDocument();
    expect(bodies.at(-1)).toMatchObject({
      date: '2026-01-09',
      startTime: '10:00',
      endTime: '17:00',
      timeZone: 'America/Chicago',
      location: 'Tulsa Community Center',
      capacity: 12,
    });
    expect(requestsMade(fetchMock)).toContain('PUT /api/admin/calendar/sessions/3');
  });
});
