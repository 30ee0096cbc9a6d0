// The web app's feature boundaries are Biome's noRestrictedImports with overrides per folder (biome.json).
// These tests plant imports in a throw-away copy of the tree's layout, lint them with the repository's own
// biome.json, and expect the lint to fail on every way across a boundary and to pass the allowed ones.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const biome = path.join(root, 'node_modules', '.bin', 'biome');
const web = 'apps/web/src';

const deepImports = [
  ['features/documents/components/page.tsx', '@/features/admin/utils/labels'],
  ['features/documents/page.tsx', '@/features/admin/components/x'],
  ['features/documents/components/a/b/page.tsx', '@/features/admin/api/x'],
  ['features/documents/components/page.tsx', '@/features/admin/index'],
  ['features/documents/components/page.test.tsx', '@/features/admin/utils/labels'],
];
const relativeOutOfFeature = [
  ['features/documents/x.ts', '../admin/utils/labels'],
  ['features/documents/components/x.tsx', '../../admin/utils/labels'],
  ['features/documents/components/a/x.tsx', '../../../admin'],
  ['features/documents/components/a/b/x.tsx', '../../../../admin/api/x'],
  ['features/documents/components/x.test.tsx', '../../admin/testing/fixtures'],
];
const againstLayering = [
  ['lib/helper.ts', '@/features/admin'],
  ['components/card.tsx', '@/features/auth/api/get-session'],
  ['lib/helper.ts', '../features/admin'],
  ['lib/helper.ts', '@/app/providers'],
  ['features/documents/components/page.tsx', '@/app/providers'],
  ['app/layouts/layout.tsx', '@/features/admin/utils/labels'],
  ['features/documents/components/page.tsx', '@/features/admin/testing/fixtures'],
];
const allowed = [
  ['features/documents/components/page.tsx', '@/features/admin'],
  ['features/documents/components/page.tsx', '../api/get-document'],
  ['features/documents/components/a/b/page.tsx', '../../../api/get-document'],
  ['features/documents/components/page.tsx', '@/lib/format-timestamp'],
  ['features/documents/components/page.tsx', '@/components/page-chrome'],
  ['features/documents/components/page.test.tsx', '@/features/admin/testing/fixtures'],
  ['features/documents/components/page.test.tsx', '@/app/providers'],
  ['app/layouts/layout.tsx', '@/features/admin'],
  ['app/router.tsx', '@/features/admin/components/dashboard/dashboard-page'],
  ['lib/helper.ts', './plain-format'],
];

let dir;
/** Biome's messages per planted import (`rel <- from`); each case's own, as its import has a line of its own. */
const messages = new Map();
/** Messages on no planted import's line (a file Biome could not read, say): none is expected. */
const strays = [];

// Every case is planted before one lint of them all: a Biome run per case was most of this file's time (28 starts).
// A rule is checked per import, so each import on its own line gets its own answer, as in a file of its own.
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'web-boundaries-'));
  copyFileSync(path.join(root, 'biome.json'), path.join(dir, 'biome.json'));
  /** The cases by planted file: each import on a line of its own (line i + 1). */
  const files = new Map();
  for (const [rel, from] of [...deepImports, ...relativeOutOfFeature, ...againstLayering, ...allowed]) {
    files.set(rel, [...(files.get(rel) ?? []), from]);
  }
  const lines = new Map();
  for (const [rel, cases] of files) {
    const file = path.join(dir, web, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    const imports = cases.map((from, i) => `import { thing${i} } from '${from}';`);
    const used = cases.map((_, i) => `thing${i}`).join(', ');
    writeFileSync(file, `${imports.join('\n')}\n\nexport const used = [${used}];\n`);
    cases.forEach((from, i) => {
      lines.set(`${path.join(web, rel)}:${i + 1}`, `${rel} <- ${from}`);
      messages.set(`${rel} <- ${from}`, []);
    });
  }
  // The GitHub reporter: one line per message with its file and line (Biome's JSON reporter is experimental).
  const run = spawnSync(
    biome,
    [
      'lint',
      '--vcs-enabled=false',
      '--only=style/noRestrictedImports',
      '--max-diagnostics=none',
      '--reporter=github',
      web,
    ],
    { cwd: dir, encoding: 'utf8' },
  );
  for (const [, title, file, line] of run.stdout.matchAll(
    /^::\w+ title=([^,]+),file=([^,]+),line=(\d+),.*$/gm,
  )) {
    const at = lines.get(`${path.relative(dir, path.resolve(dir, file))}:${line}`);
    if (at) messages.get(at).push(title);
    else strays.push(`${file}:${line} ${title}`);
  }
  if (run.status !== 0 && [...messages.values()].every((m) => m.length === 0))
    throw new Error(`biome failed without a message on any planted import:\n${run.stdout}${run.stderr}`);
});
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

/** The restricted-import messages on the planted import `rel <- from`. */
const restrictedOn = (rel, from) => messages.get(`${rel} <- ${from}`);

describe('web feature boundaries (npm run lint)', () => {
  it.each(deepImports)('fails on a deep import into another feature: %s <- %s', (rel, from) => {
    expect(restrictedOn(rel, from)).toContain('lint/style/noRestrictedImports');
  });

  it.each(relativeOutOfFeature)('fails on a relative path out of the feature: %s <- %s', (rel, from) => {
    expect(restrictedOn(rel, from)).toContain('lint/style/noRestrictedImports');
  });

  it.each(againstLayering)('fails against the one-way layering: %s <- %s', (rel, from) => {
    expect(restrictedOn(rel, from)).toContain('lint/style/noRestrictedImports');
  });

  it.each(allowed)('passes an allowed import: %s <- %s', (rel, from) => {
    expect(restrictedOn(rel, from)).toEqual([]);
  });

  it('reports nothing but the planted imports', () => {
    expect(strays).toEqual([]);
  });

  it('the web app itself keeps every boundary', () => {
    // Throws (and fails the test) with Biome's diagnostics when a real file crosses a boundary.
    execFileSync(biome, ['lint', '--only=style/noRestrictedImports', web], { cwd: root, encoding: 'utf8' });
  });
});
