import { describe, expect, it } from 'vitest';
import { calendarEntries, rangeTitle, stepAnchor, viewRange } from './calendar-model';

describe('calendar views', () => {
  it('covers whole weeks for a month, one week, or the next 30 days', () => {
    expect(viewRange('month', '2026-01-15')).toEqual({ from: '2025-12-28', to: '2026-01-31' });
    expect(viewRange('month', '2026-02-01')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(viewRange('week', '2026-01-07')).toEqual({ from: '2026-01-04', to: '2026-01-10' });
    expect(viewRange('agenda', '2026-01-05')).toEqual({ from: '2026-01-05', to: '2026-02-03' });
  });

  it('steps by a month (from the first of it), a week or 30 days', () => {
    expect(stepAnchor('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(stepAnchor('month', '2026-03-15', -1)).toBe('2026-02-01');
    expect(stepAnchor('week', '2026-01-07', -1)).toBe('2025-12-31');
    expect(stepAnchor('agenda', '2026-01-05', 1)).toBe('2026-02-04');
    expect(rangeTitle('month', '2026-01-15')).toBe('January 2026');
    expect(rangeTitle('week', '2026-01-07')).toBe('Jan 4 - Jan 10');
  });

  it('puts every kind on its own day, in time order, whole-day items first', () => {
    const at = (date: string, start: string, time: string) => ({
      start,
      end: start,
      timeZone: 'America/Chicago',
      date,
      time,
    });
    const entries = calendarEntries({
      sessions: [
        {
          id: 1,
          title: 'Train the Trainer',
          ...at('2026-01-09', '2026-01-09T15:00:00.000Z', '9:00 AM - 5:00 PM'),
          location: 'Tulsa',
          description: null,
          capacity: 10,
          registeredCount: 2,
          seatsLeft: 8,
          status: 'cancelled',
        },
      ],
      slots: [
        {
          id: 2,
          ...at('2026-01-09', '2026-01-09T14:00:00.000Z', '8:00 AM - 8:30 AM'),
          location: 'Video call',
          hostName: 'Bea Boss',
          booking: null,
        },
      ],
      // Late evening in Denver is the next day in UTC: the entry stays on its own zone's day.
      events: [
        {
          id: 3,
          title: 'Meetup',
          ...at('2026-01-08', '2026-01-09T04:00:00.000Z', '9:00 PM - 10:00 PM'),
          location: 'Denver',
          description: null,
        },
      ],
      otherItems: [
        { kind: 'insurance_expiry', date: '2026-01-09', title: 'Devon Price', trainerId: 4, href: null },
      ],
    });
    expect(entries.map((e) => [e.day, e.title])).toEqual([
      ['2026-01-08', 'Meetup'],
      ['2026-01-09', 'Devon Price'],
      ['2026-01-09', 'Open consultation slot'],
      ['2026-01-09', 'Train the Trainer (cancelled)'],
    ]);
    expect(entries[1]?.detail).toBe('Insurance expiry');
  });
});
