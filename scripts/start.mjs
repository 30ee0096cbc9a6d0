// `npm start`: serves the built app, building it first only when the build is missing or out of date (its stamp,
// scripts/build-stamp.mjs). A production install (`npm prune --omit=dev`) has no build tools: there the build must
// be current, and this says so instead of failing on a missing vite.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { staleBuildReason } from './build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const stale = staleBuildReason(root);
if (stale) {
  if (!existsSync(path.join(root, 'node_modules/.bin/vite'))) {
    console.error(
      `The build is out of date (${stale}) and the build tools are not installed (a production install).\n` +
        'Run `npm ci && npm run build` before `npm prune --omit=dev`.',
    );
    process.exit(1);
  }
  console.log(`Building: ${stale}.`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server runs in this process (no child to pass signals to), with source maps for readable stack traces.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'apps/server/dist/server.js')).href);
