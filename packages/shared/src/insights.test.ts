import { describe, expect, it } from 'vitest';
import {
  addMonthsToMonth,
  addTotals,
  EMPTY_TOTALS,
  formatCents,
  monthLabel,
  monthsEnding,
  monthsOfYear,
  weekStartOf,
  weeksEnding,
} from './insights';
import { stateCodeOf } from './us-states';

describe('the calendar of the insights', () => {
  it('counts months across years', () => {
    expect(addMonthsToMonth('2026-01', -1)).toBe('2025-12');
    expect(addMonthsToMonth('2025-12', 1)).toBe('2026-01');
    expect(addMonthsToMonth('2026-03', -14)).toBe('2025-01');
    expect(monthsEnding('2026-02', 3)).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(monthsOfYear(2026)).toHaveLength(12);
    expect(monthsOfYear(2026)[0]).toBe('2026-01');
    expect(monthLabel('2026-03')).toBe('Mar 2026');
  });

  it('starts weeks on Monday', () => {
    expect(weekStartOf('2026-03-08')).toBe('2026-03-02'); // a Sunday
    expect(weekStartOf('2026-03-09')).toBe('2026-03-09');
    expect(weeksEnding('2026-03-11', 3)).toEqual(['2026-02-23', '2026-03-02', '2026-03-09']);
  });
});

describe('money and places', () => {
  it('writes cents exactly, negative too', () => {
    expect(formatCents(123_456_789)).toBe('$1,234,567.89');
    expect(formatCents(-5)).toBe('-$0.05');
    expect(formatCents(0)).toBe('$0.00');
  });

  it('adds totals field by field', () => {
    const one = { ...EMPTY_TOTALS, receivedCents: 10, netCents: 7, refundedCents: 3, payments: 1 };
    expect(addTotals(one, one)).toEqual({
      ...EMPTY_TOTALS,
      receivedCents: 20,
      netCents: 14,
      refundedCents: 6,
      payments: 2,
    });
  });

  it('reads a typed state as its postal code', () => {
    expect(stateCodeOf(' ok ')).toBe('OK');
    expect(stateCodeOf('new  york.')).toBe('NY');
    expect(stateCodeOf('Ontario')).toBeNull();
    expect(stateCodeOf(null)).toBeNull();
  });
});
