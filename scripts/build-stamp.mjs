// The build's stamp: a hash of everything the build reads, written beside its output once the whole build
// succeeded, so `npm start` rebuilds only when the build is missing or out of date (issue 25).
// `node scripts/build-stamp.mjs` writes the stamp (the last step of `npm run build`).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** What the build reads, relative to the repository: the web app, its page renderer, the server and shared code. */
export const BUILD_INPUTS = [
  'package-lock.json',
  'packages/shared/package.json',
  'packages/shared/src',
  'apps/web/package.json',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/public',
  'apps/web/src',
  'apps/server/package.json',
  'apps/server/scripts',
  'apps/server/src',
];

/** What a complete build leaves; the stamp sits in the server's output, which each server build empties. */
export const BUILD_OUTPUTS = [
  'apps/web/dist/index.html',
  'apps/web/dist-ssr/entry-server.js',
  'apps/server/dist/server.js',
];
export const STAMP_FILE = 'apps/server/dist/build-stamp.json';

// Tests are not built: changing one must not cost a rebuild.
const isTest = (name) => name === 'test' || /\.test\.[cm]?[jt]sx?$/.test(name);

function filesUnder(root, relative, out) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const entry of readdirSync(full).sort()) {
      if (entry === 'node_modules' || isTest(entry)) continue;
      filesUnder(root, path.posix.join(relative, entry), out);
    }
  } else {
    out.push(relative);
  }
}

/** One hash over the path and content of every input file. */
export function hashBuildInputs(root = repoRoot) {
  const files = [];
  for (const input of BUILD_INPUTS) filesUnder(root, input, files);
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return { hash: hash.digest('hex'), files: files.length };
}

/** Why the build cannot be used as it is, or null when it is current. */
export function staleBuildReason(root = repoRoot) {
  const missing = BUILD_OUTPUTS.find((file) => !existsSync(path.join(root, file)));
  if (missing) return `${missing} is missing`;
  const stampPath = path.join(root, STAMP_FILE);
  if (!existsSync(stampPath)) return 'the build has no stamp (built in part, or before stamps existed)';
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampPath, 'utf8'));
  } catch {
    return 'the build stamp is unreadable';
  }
  return stamp.hash === hashBuildInputs(root).hash ? null : 'sources changed since the last build';
}

export function writeBuildStamp(root = repoRoot) {
  const { hash, files } = hashBuildInputs(root);
  writeFileSync(
    path.join(root, STAMP_FILE),
    `${JSON.stringify({ hash, files, builtAt: new Date().toISOString() }, null, 2)}\n`,
  );
  return hash;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeBuildStamp();
  console.log(`build stamp written to ${STAMP_FILE}`);
}
