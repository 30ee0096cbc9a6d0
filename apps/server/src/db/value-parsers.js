// How every engine reads a column's text, so that both give the same values: numbers for bigint and numeric
// (counts, sums) and 'YYYY-MM-DD' text for calendar dates (a JS Date would shift them by the server's time zone).
// Used by PostgreSQL's pool and PGlite in database.ts, and by the embedded database's thread (pglite-worker.js,
// plain JavaScript, which imports this file as it is: a function cannot be sent to a thread).
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;

/** @type {Record<number, (value: string) => unknown>} */
export const VALUE_PARSERS = {
  [INT8]: (v) => Number(v),
  [NUMERIC]: (v) => Number(v),
  [DATE]: (v) => v,
};
