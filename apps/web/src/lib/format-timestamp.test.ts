import { describe, expect, it } from 'vitest';
import { formatTimestamp } from './format-timestamp';

describe('formatTimestamp', () => {
  it("reads 'MMM d, yyyy h:mm a'", () => {
    expect(formatTimestamp('2025-03-05T14:07:00.000Z', 'UTC')).toBe('Mar 5, 2025 2:07 PM');
    expect(formatTimestamp('2025-12-31T00:00:00.000Z', 'UTC')).toBe('Dec 31, 2025 12:00 AM');
    expect(formatTimestamp(new Date('2026-07-04T09:30:00.000Z'), 'UTC')).toBe('Jul 4, 2026 9:30 AM');
  });

  it('uses the given time zone', () => {
    expect(formatTimestamp('2025-03-05T14:07:00.000Z', 'America/Chicago')).toBe('Mar 5, 2025 8:07 AM');
  });

  it("reads 'N/A' when the time is missing or not a time", () => {
    expect(formatTimestamp(null)).toBe('N/A');
    expect(formatTimestamp(undefined)).toBe('N/A');
    expect(formatTimestamp('')).toBe('N/A');
    expect(formatTimestamp('not a date')).toBe('N/A');
  });
});
