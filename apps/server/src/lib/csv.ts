/**
 * CSV files for spreadsheets (RFC 4180, CRLF lines). Text cells are quoted, and a cell a spreadsheet would run as a
 * formula (starting with = + - @, also after spaces or as the full-width signs, or a tab or line break) gets a
 * leading apostrophe. Numbers are written bare: a number cannot be a formula, and a spreadsheet must sum it.
 */

/** An exact decimal from integer cents ('-12.05'), never through a float. */
export interface Decimal {
  readonly decimal: string;
}

export function centsToDecimal(cents: number): Decimal {
  if (!Number.isSafeInteger(cents)) throw new Error(`not a whole number of cents: ${cents}`);
  const abs = Math.abs(cents);
  return { decimal: `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}` };
}

export type CsvValue = string | number | Decimal | null | undefined;

const FORMULA_START = /^[\s\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/;

export function csvCell(value: CsvValue): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a number a spreadsheet can read: ${value}`);
    return String(value);
  }
  if (value !== null && typeof value === 'object') return value.decimal;
  let text = value ?? '';
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The header row, then one line per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
