import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BUILD_OUTPUTS,
  hashBuildInputs,
  STAMP_FILE,
  staleBuildReason,
  writeBuildStamp,
} from './build-stamp.mjs';

const roots = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A repository in miniature: a few inputs, every output, no stamp yet. */
function builtTree() {
  const root = mkdtempSync(path.join(tmpdir(), 'sp-stamp-'));
  roots.push(root);
  const files = {
    'package-lock.json': '{}',
    'apps/web/src/main.tsx': 'render()',
    'apps/web/src/app.test.tsx': 'test()',
    'apps/web/src/test/setup.ts': 'setup()',
    'apps/server/src/server.ts': 'listen()',
    'packages/shared/src/plans.ts': 'export const price = 49;',
    ...Object.fromEntries(BUILD_OUTPUTS.map((file) => [file, 'built'])),
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('the build stamp npm start checks', () => {
  it('is current right after the build wrote it, whatever the files’ times say', () => {
    const root = builtTree();
    expect(staleBuildReason(root)).toMatch(/no stamp/);
    writeBuildStamp(root);
    expect(staleBuildReason(root)).toBeNull();
    // A fresh checkout gives every file a new time: content decides, not times.
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'apps/server/src/server.ts'), later, later);
    expect(staleBuildReason(root)).toBeNull();
  });

  it('is stale when an input changes, appears or goes, or an output is missing', () => {
    const root = builtTree();
    writeBuildStamp(root);
    writeFileSync(path.join(root, 'packages/shared/src/plans.ts'), 'export const price = 59;');
    expect(staleBuildReason(root)).toBe('sources changed since the last build');

    writeBuildStamp(root);
    writeFileSync(path.join(root, 'apps/web/src/new-page.tsx'), 'page()');
    expect(staleBuildReason(root)).toBe('sources changed since the last build');

    writeBuildStamp(root);
    rmSync(path.join(root, 'apps/web/src/new-page.tsx'));
    expect(staleBuildReason(root)).toBe('sources changed since the last build');

    writeBuildStamp(root);
    rmSync(path.join(root, 'apps/web/dist-ssr/entry-server.js'));
    expect(staleBuildReason(root)).toBe('apps/web/dist-ssr/entry-server.js is missing');
  });

  it('ignores tests, which the build does not read', () => {
    const root = builtTree();
    const before = hashBuildInputs(root);
    writeFileSync(path.join(root, 'apps/web/src/app.test.tsx'), 'test(2)');
    writeFileSync(path.join(root, 'apps/web/src/test/setup.ts'), 'setup(2)');
    expect(hashBuildInputs(root)).toEqual(before);
    expect(before.files).toBe(4);
  });

  it('is unusable when the stamp cannot be read', () => {
    const root = builtTree();
    writeBuildStamp(root);
    expect(JSON.parse(readFileSync(path.join(root, STAMP_FILE), 'utf8')).hash).toMatch(/^[0-9a-f]{64}$/);
    writeFileSync(path.join(root, STAMP_FILE), '{');
    expect(staleBuildReason(root)).toBe('the build stamp is unreadable');
  });
});
