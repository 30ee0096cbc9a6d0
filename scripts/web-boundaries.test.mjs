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
let dir;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'web-boundaries-'));
  copyFileSync(path.join(root, 'biome.json'), path.join(dir, 'biome.json'));
});
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

let planted = 0;
/** Lints one planted file (`rel` under apps/web/src) importing `from`; the restricted-import messages. */
function lintImport(rel, from) {
  // Each plant in its own folder, so one file's lint never sees another's.
  const base = path.join(dir, `case-${planted++}`);
  const file = path.join(base, web, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  copyFileSync(path.join(dir, 'biome.json'), path.join(base, 'biome.json'));
  writeFileSync(file, `import { thing } from '${from}';\n\nexport const used = thing;\n`);
  const run = spawnSync(
    biome,
    ['lint', '--vcs-enabled=false', '--only=style/noRestrictedImports', path.join(web, rel)],
    { cwd: base, encoding: 'utf8' },
  );
  const out = `${run.stdout}${run.stderr}`;
  return { failed: run.status !== 0, restricted: out.includes('noRestrictedImports'), out };
}

describe('web feature boundaries (npm run lint)', () => {
  it.each([
    ['features/documents/components/page.tsx', '@/features/admin/utils/labels'],
    ['features/documents/page.tsx', '@/features/admin/components/x'],
    ['features/documents/components/a/b/page.tsx', '@/features/admin/api/x'],
    ['features/documents/components/page.tsx', '@/features/admin/index'],
    ['features/documents/components/page.test.tsx', '@/features/admin/utils/labels'],
  ])('fails on a deep import into another feature: %s <- %s', (rel, from) => {
    const r = lintImport(rel, from);
    expect(r.failed, r.out).toBe(true);
    expect(r.restricted, r.out).toBe(true);
  });

  it.each([
    ['features/documents/x.ts', '../admin/utils/labels'],
    ['features/documents/components/x.tsx', '../../admin/utils/labels'],
    ['features/documents/components/a/x.tsx', '../../../admin'],
    ['features/documents/components/a/b/x.tsx', '../../../../admin/api/x'],
    ['features/documents/components/x.test.tsx', '../../admin/testing/fixtures'],
  ])('fails on a relative path out of the feature: %s <- %s', (rel, from) => {
    const r = lintImport(rel, from);
    expect(r.failed, r.out).toBe(true);
    expect(r.restricted, r.out).toBe(true);
  });

  it.each([
    ['lib/helper.ts', '@/features/admin'],
    ['components/card.tsx', '@/features/auth/api/get-session'],
    ['lib/helper.ts', '../features/admin'],
    ['lib/helper.ts', '@/app/providers'],
    ['features/documents/components/page.tsx', '@/app/providers'],
    ['app/layouts/layout.tsx', '@/features/admin/utils/labels'],
    ['features/documents/components/page.tsx', '@/features/admin/testing/fixtures'],
  ])('fails against the one-way layering: %s <- %s', (rel, from) => {
    const r = lintImport(rel, from);
    expect(r.failed, r.out).toBe(true);
    expect(r.restricted, r.out).toBe(true);
  });

  it.each([
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
  ])('passes an allowed import: %s <- %s', (rel, from) => {
    const r = lintImport(rel, from);
    expect(r.failed, r.out).toBe(false);
  });

  it('the web app itself keeps every boundary', () => {
    // Throws (and fails the test) with Biome's diagnostics when a real file crosses a boundary.
    execFileSync(biome, ['lint', '--only=style/noRestrictedImports', web], { cwd: root, encoding: 'utf8' });
  });
});
