import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildICalendar, escapeICalText, foldICalLine } from './icalendar';

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

describe('iCalendar text escaping and folding (RFC 5545)', () => {
  it('escapes backslashes, semicolons and commas, and writes CRLF, LF and a lone CR as \\n', () => {
    expect(escapeICalText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
    expect(escapeICalText('one\r\ntwo\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
    expect(escapeICalText('\r\r\n\n')).toBe('\\n\\n\\n');
    expect(escapeICalText('tab\tkept, bell\u0007 and escape\u001b dropped')).toBe(
      'tab\tkept\\, bell and escape dropped',
    );
  });

  it('folds at 75 octets, never inside a character, and unfolds to the same line', () => {
    const line = `DESCRIPTION:${'Ünïcode 🥋 '.repeat(20)}`;
    const folded = foldICalLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(3);
    for (const [i, part] of parts.entries()) {
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
      if (i > 0) expect(part.startsWith(' ')).toBe(true);
      // A split inside a character would leave a lone surrogate or a broken UTF-8 sequence.
      expect(part).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    }
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldICalLine('SUMMARY:short')).toBe('SUMMARY:short');
    expect(foldICalLine(`X:${'a'.repeat(73)}`)).toBe(`X:${'a'.repeat(73)}`);
    expect(foldICalLine(`X:${'a'.repeat(74)}`)).toBe(`X:${'a'.repeat(73)}\r\n a`);
  });

  it('lets no CR or LF in a title, place, notes or calendar name start a property of its own', () => {
    const hostile =
      'Basics\rATTACH:https://evil.example/x.exe\r\nORGANIZER:mailto:boss@evil.example\nEND:VEVENT';
    const text = buildICalendar({
      name: `Classes\r${'METHOD:CANCEL'}`,
      method: 'REQUEST',
      events: [
        {
          uid: 'class-1@soulpunch.example',
          start: new Date('2026-07-25T19:00:00Z'),
          end: new Date('2026-07-25T21:00:00Z'),
          title: hostile,
          location: `YMCA\rX-INJECTED:1`,
          description: `Bring water.\rATTACH:https://evil.example/y`,
          url: 'https://trainers.soulpunch.example/public/class/1\r\nATTACH:x',
        },
      ],
    });
    // Every line is a property or a folded continuation; no bare CR or LF anywhere.
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const names = text
      .replace(/\r\n /g, '')
      .split('\r\n')
      .filter(Boolean)
      .map((line) => /^[A-Z-]+/.exec(line)?.[0]);
    expect(names).toEqual([
      'BEGIN',
      'VERSION',
      'PRODID',
      'CALSCALE',
      'METHOD',
      'X-WR-CALNAME',
      'BEGIN',
      'UID',
      'DTSTAMP',
      'DTSTART',
      'DTEND',
      'SUMMARY',
      'SEQUENCE',
      'STATUS',
      'LOCATION',
      'DESCRIPTION',
      'URL',
      'END',
      'END',
    ]);

    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getAllProperties().map((p) => p.name)).toEqual([
      'version',
      'prodid',
      'calscale',
      'method',
      'x-wr-calname',
    ]);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    // ical.js reads an X- property as it is written, escapes and all.
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Classes\\nMETHOD:CANCEL');
    const [vevent, ...others] = calendar.getAllSubcomponents('vevent');
    expect(others).toEqual([]);
    expect(vevent?.getAllProperties().map((p) => p.name)).toEqual([
      'uid',
      'dtstamp',
      'dtstart',
      'dtend',
      'summary',
      'sequence',
      'status',
      'location',
      'description',
      'url',
    ]);
    expect(vevent?.getFirstPropertyValue('summary')).toBe(
      'Basics\nATTACH:https://evil.example/x.exe\nORGANIZER:mailto:boss@evil.example\nEND:VEVENT',
    );
    expect(vevent?.getFirstPropertyValue('location')).toBe('YMCA\nX-INJECTED:1');
    expect(vevent?.getFirstPropertyValue('url')).toBe(
      'https://trainers.soulpunch.example/public/class/1%0D%0AATTACH:x',
    );
  });
});
