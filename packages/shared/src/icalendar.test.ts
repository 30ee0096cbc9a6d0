import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildICalendar } from './icalendar';

describe('iCalendar output', () => {
  it('parses back to the same events, with escaping and long lines folded', () => {
    const text = buildICalendar({
      name: "Maria's classes",
      method: 'REQUEST',
      events: [
        {
          uid: 'class-12@soulpunch.example',
          start: new Date('2026-07-25T19:00:00Z'),
          end: new Date('2026-07-25T21:00:00Z'),
          title: '2-Hour Basic Self-Defense Class; women, teens',
          location: 'Community Center, 12 Main St, Tulsa, OK',
          description: `Bring water.\nWear comfortable clothes. ${'Long text '.repeat(20)}`,
          url: 'https://trainers.soulpunch.example/public/class/12',
          sequence: 2,
        },
        {
          uid: 'class-13@soulpunch.example',
          start: new Date('2026-08-01T15:00:00Z'),
          end: new Date('2026-08-01T17:00:00Z'),
          title: 'Cancelled workshop',
          cancelled: true,
        },
      ],
    });
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const [first, second] = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(first?.uid).toBe('class-12@soulpunch.example');
    expect(first?.summary).toBe('2-Hour Basic Self-Defense Class; women, teens');
    expect(first?.location).toBe('Community Center, 12 Main St, Tulsa, OK');
    expect(first?.description).toContain('Bring water.\nWear comfortable clothes.');
    expect(first?.startDate.toJSDate().toISOString()).toBe('2026-07-25T19:00:00.000Z');
    expect(first?.endDate.toJSDate().toISOString()).toBe('2026-07-25T21:00:00.000Z');
    expect(first?.sequence).toBe(2);
    expect(second?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });
});
