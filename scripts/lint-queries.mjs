// `npm run lint` step: every database query of the server lives in a repository.
//
// Scans apps/server/src for Kysely query builders (.selectFrom( .insertInto( .updateTable( .deleteFrom( and
// sql`...` / sql<T>`...`) and fails on any outside the allowed places:
//   - modules/<module>/repository.ts and modules/<module>/*-repository.ts: a module's data access;
//   - db/ (connection, migrations, schema): the database itself;
//   - cli/ and demo/: seeding and operator commands that write fixtures directly;
//   - *.test.ts files: tests may arrange data directly.
// It also fails when a module imports another module's repository (it calls that module's service instead).
// Files still waiting to be moved are listed in scripts/lint-queries.allow.txt (one path a line, `#` comments);
// the goal is an empty list, and a listed file with no query (or foreign repository import) left fails too, so the
// list only shrinks.
// Prints each offence as file:line and the count of queries by file kind.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const QUERY = /\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql(<[^`]*>)?`/g;
const REPOSITORY_IMPORT = /from\s+['"]((?:\.\.?\/)+(?:modules\/)?)?([\w-]+)\/([\w-]*repository)['"]/g;

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(name)) out.push(full);
  }
  return out;
}

/** Which kind of file this is, for the counts and the rule. */
export function fileKind(rel) {
  const base = path.posix.basename(rel);
  if (/\.test\.[mc]?[jt]sx?$/.test(base)) return 'test';
  if (rel.startsWith('db/')) return 'db';
  if (rel.startsWith('cli/') || rel.startsWith('demo/')) return 'cli/demo';
  if (base === 'repository.ts' || base.endsWith('-repository.ts')) return 'repository';
  if (base === 'service.ts' || base.endsWith('-service.ts')) return 'service';
  if (base === 'routes.ts') return 'routes';
  return 'other';
}

const ALLOWED_KINDS = new Set(['repository', 'db', 'cli/demo', 'test']);

/** Lines of `text` holding a query builder, comments blanked out (line numbers kept). */
export function queryLines(text) {
  const blanked = text
    .replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`])\/\/.*$/gm, (_m, p) => p);
  const lines = [];
  blanked.split('\n').forEach((line, i) => {
    const n = line.match(QUERY)?.length ?? 0;
    if (n > 0) lines.push({ line: i + 1, count: n, text: text.split('\n')[i].trim() });
  });
  return lines;
}

/** Imports of another module's repository from a file inside modules/<module>/. */
export function foreignRepositoryImports(rel, text) {
  const own = rel.match(/^modules\/([\w-]+)\//)?.[1];
  if (!own) return [];
  const found = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    for (const m of line.matchAll(REPOSITORY_IMPORT)) {
      const prefix = m[1] ?? '';
      // `./x-repository` is the module's own file; `../other/repository` is another module's.
      if (prefix.startsWith('../') && m[2] !== own) found.push({ line: i + 1, text: line.trim() });
    }
  });
  return found;
}

function readAllowList(allowFile) {
  let text = '';
  try {
    text = readFileSync(allowFile, 'utf8');
  } catch {
    return new Set();
  }
  return new Set(
    text
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim())
      .filter(Boolean),
  );
}

/** Lints the server sources under `srcDir`; returns the query counts by file kind and the offences. */
export function lintQueries({
  srcDir = path.join(root, 'apps/server/src'),
  allowFile = path.join(import.meta.dirname, 'lint-queries.allow.txt'),
} = {}) {
  const allowed = readAllowList(allowFile);
  const counts = {};
  const offences = [];
  const excused = [];
  const seenAllowed = new Set();
  for (const file of walk(srcDir)) {
    const rel = path.relative(srcDir, file).split(path.sep).join('/');
    const text = readFileSync(file, 'utf8');
    const kind = fileKind(rel);
    const lines = queryLines(text);
    const n = lines.reduce((sum, l) => sum + l.count, 0);
    counts[kind] = (counts[kind] ?? 0) + n;
    const foreign = foreignRepositoryImports(rel, text);
    const misplaced = ALLOWED_KINDS.has(kind) ? 0 : n;
    if (misplaced === 0 && foreign.length === 0) continue;
    if (allowed.has(rel)) {
      seenAllowed.add(rel);
      excused.push(`${rel} (${misplaced})`);
      continue;
    }
    for (const f of foreign)
      offences.push(`apps/server/src/${rel}:${f.line}: imports another module's repository: ${f.text}`);
    if (misplaced === 0) continue;
    for (const l of lines)
      offences.push(`apps/server/src/${rel}:${l.line}: query outside a repository: ${l.text}`);
  }
  for (const rel of allowed) {
    if (!seenAllowed.has(rel)) {
      offences.push(
        `${path.relative(root, allowFile)}: ${rel} has no query outside a repository now: remove it`,
      );
    }
  }
  return { counts, offences, excused };
}

function main() {
  const { counts, offences, excused } = lintQueries();
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const byKind = Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  console.log(`lint-queries: ${total} queries in apps/server/src by file kind: ${byKind}`);
  if (excused.length > 0) console.log(`lint-queries: still on the allow-list: ${excused.join(', ')}`);
  if (offences.length > 0) {
    for (const o of offences) console.error(o);
    console.error(
      `lint-queries: ${offences.length} offence(s); move the query into the module's repository.ts`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
