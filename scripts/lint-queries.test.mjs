import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileKind, lintQueries, queryLines } from './lint-queries.mjs';

let dir;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

/** A throw-away server source tree with these files, and an allow-list with these lines. */
function tree(files, allow = []) {
  dir = mkdtempSync(path.join(tmpdir(), 'lint-queries-'));
  const srcDir = path.join(dir, 'src');
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(srcDir, rel)), { recursive: true });
    writeFileSync(path.join(srcDir, rel), text);
  }
  const allowFile = path.join(dir, 'allow.txt');
  writeFileSync(allowFile, allow.join('\n'));
  return lintQueries({ srcDir, allowFile });
}

const query = "export const q = (db) => db.selectFrom('users').selectAll().execute();\n";

describe('the query lint', () => {
  it('fails on a query in a service or a routes file, naming file and line', () => {
    const r = tree({
      'modules/a/service.ts': `// a rule\n${query}`,
      'modules/a/routes.ts': 'x;\nsql`select 1`;\n',
    });
    expect(r.offences).toEqual([
      expect.stringMatching(/^apps\/server\/src\/modules\/a\/routes\.ts:2: query outside a repository/),
      expect.stringMatching(/^apps\/server\/src\/modules\/a\/service\.ts:2: query outside a repository/),
    ]);
    expect(r.counts).toMatchObject({ service: 1, routes: 1 });
  });

  it('passes queries in repositories, db/, cli/, demo/ and tests', () => {
    const r = tree({
      'modules/a/repository.ts': query,
      'modules/a/audit-repository.ts': query,
      'db/migrate.ts': query,
      'cli/seed.ts': query,
      'demo/demo-data.ts': query,
      'modules/a/x.test.ts': query,
    });
    expect(r.offences).toEqual([]);
    expect(r.counts).toMatchObject({ repository: 2, db: 1, 'cli/demo': 2, test: 1 });
  });

  it('fails when a module imports another module`s repository, not its own', () => {
    const r = tree({
      'modules/a/service.ts': "import { x } from './repository';\nimport { y } from '../b/repository';\n",
      'modules/b/repository.ts': query,
    });
    expect(r.offences).toEqual([
      expect.stringMatching(/modules\/a\/service\.ts:2: imports another module's repository/),
    ]);
  });

  it('excuses allow-listed files, and fails on a listed file with nothing left to excuse', () => {
    const r = tree({ 'modules/a/service.ts': query, 'modules/b/service.ts': 'export {};\n' }, [
      '# waiting',
      'modules/a/service.ts',
      'modules/b/service.ts',
    ]);
    expect(r.excused).toEqual(['modules/a/service.ts (1)']);
    expect(r.offences).toEqual([
      expect.stringMatching(/modules\/b\/service\.ts has no query outside a repository now/),
    ]);
  });

  it('ignores commented-out queries and counts typed sql templates', () => {
    expect(queryLines("// db.selectFrom('x')\n/* db.deleteFrom('x') */\nsql<number>`count(*)`;\n")).toEqual([
      { line: 3, count: 1, text: 'sql<number>`count(*)`;' },
    ]);
    expect(fileKind('modules/a/repository.ts')).toBe('repository');
    expect(fileKind('modules/a/knowledge.ts')).toBe('other');
  });
});
