/**
 * iCalendar (RFC 5545) for class invites and subscribable feeds: the one writer for both. Times are written in UTC.
 * Hand-written rather than ical-generator (ARCHITECTURE section 8): ical-generator 10.2 writes the calendar's NAME
 * and X-WR-CALNAME unescaped, and a class's file and invite are named after its title, so a CR in a title would
 * still start a property of its own there.
 */
export interface CalendarEvent {
  uid: string;
  start: Date;
  end: Date;
  title: string;
  location?: string | null;
  description?: string | null;
  url?: string | null;
  cancelled?: boolean;
  /** Bumped on every change so calendar apps replace their copy. */
  sequence?: number;
  updatedAt?: Date;
}

const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * A TEXT value (RFC 5545, 3.3.11): backslash, semicolon and comma escaped, and every line break, whether CRLF, LF
 * or a lone CR, written as `\n`. A raw CR or LF would end the content line and let the rest of a class title or
 * notes be read as a property of its own (`ATTACH:`, `ORGANIZER:`); other control characters are not allowed in
 * TEXT at all and are dropped.
 */
export function escapeICalText(text: string): string {
  return (
    text
      .replace(/[\\;,]/g, (c) => `\\${c}`)
      .replace(/\r\n|\r|\n/g, '\\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
      .replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '')
  );
}

/** A URI value is not TEXT (no backslash escapes), but it must stay on its one line. */
const escapeUri = (uri: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  uri.replace(/[\x00-\x20\x7f]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`);

const encoder = new TextEncoder();
const byteLength = (s: string) => encoder.encode(s).length;

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545, 3.1), never inside a character. */
export function foldICalLine(line: string): string {
  if (byteLength(line) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const charSize = byteLength(char);
    if (size + charSize > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += charSize;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildICalendar(options: {
  name: string;
  events: CalendarEvent[];
  method?: 'PUBLISH' | 'REQUEST' | 'CANCEL';
}): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Soul Punch//Trainer Platform//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${options.method ?? 'PUBLISH'}`,
    `X-WR-CALNAME:${escapeICalText(options.name)}`,
  ];
  for (const e of options.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeICalText(e.uid)}`,
      `DTSTAMP:${utc(e.updatedAt ?? new Date())}`,
      `DTSTART:${utc(e.start)}`,
      `DTEND:${utc(e.end)}`,
      `SUMMARY:${escapeICalText(e.title)}`,
      `SEQUENCE:${e.sequence ?? 0}`,
      `STATUS:${e.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    );
    if (e.location) lines.push(`LOCATION:${escapeICalText(e.location)}`);
    if (e.description) lines.push(`DESCRIPTION:${escapeICalText(e.description)}`);
    if (e.url) lines.push(`URL:${escapeUri(e.url)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldICalLine).join('\r\n')}\r\n`;
}
