import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The security tests' figures (routes x roles checked, fuzz cases run), written next to the other test results so
 * `npm test` can print them. One file per test and database, so the PGlite and PostgreSQL runs do not overwrite
 * each other.
 */
export function writeSecurityReport(name: string, figures: Record<string, unknown>): void {
  const dir = path.resolve(import.meta.dirname, '../../../test-results');
  mkdirSync(dir, { recursive: true });
  const database = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  writeFileSync(
    path.join(dir, `security-${name}-${database}.json`),
    `${JSON.stringify({ database, ...figures }, null, 2)}\n`,
  );
}
