import { describe, expect, it } from 'vitest';
import { centsToDecimal, csvCell, toCsv } from './csv';

describe('CSV files', () => {
  it('defuses cells a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '  =HYPERLINK("x")', '\t=1', '＝1', '\r1']) {
      expect(csvCell(text).startsWith(`"'`), text).toBe(true);
    }
    expect(csvCell('Tulsa, "OK"')).toBe('"Tulsa, ""OK"""');
    expect(csvCell(null)).toBe('""');
  });

  it('writes numbers and exact money bare, so a negative amount stays a number', () => {
    expect(csvCell(-12)).toBe('-12');
    expect(csvCell(centsToDecimal(-1205))).toBe('-12.05');
    expect(csvCell(centsToDecimal(5))).toBe('0.05');
    expect(csvCell(centsToDecimal(123_456_700))).toBe('1234567.00');
    expect(() => centsToDecimal(0.5)).toThrow();
    expect(() => csvCell(Number.NaN)).toThrow();
  });

  it('ends every line with CRLF', () => {
    expect(toCsv(['Month', 'Paid'], [['2026-01', centsToDecimal(100)]])).toBe(
      '"Month","Paid"\r\n"2026-01",1.00\r\n',
    );
  });
});
