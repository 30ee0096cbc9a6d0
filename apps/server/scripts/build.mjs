// `npm run build -w @soulpunch/server`: compiles the server to plain JavaScript in apps/server/dist, so
// `npm start` runs node on it instead of compiling TypeScript at every start (tsx stays for dev and tests).
// Our own workspace code (the server and @soulpunch/shared, which ships TypeScript) is bundled; every npm
// dependency stays external and is loaded from node_modules as usual.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@soulpunch/'));
external.push('zod'); // @soulpunch/shared's one dependency

const outdir = path.join(root, 'dist');
rmSync(outdir, { recursive: true, force: true });
const started = performance.now();
await build({
  entryPoints: {
    server: path.join(root, 'src/server.ts'),
    'cli/seed': path.join(root, 'src/cli/seed.ts'),
    'cli/admin': path.join(root, 'src/cli/admin.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  splitting: true, // the CLIs share the app's modules instead of three copies
  sourcemap: true,
  external,
  // Some dependencies are CommonJS and expect require() to exist in an ES module.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log(
  `server built into ${path.relative(process.cwd(), outdir)} in ${Math.round(performance.now() - started)} ms`,
);
