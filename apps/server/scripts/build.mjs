// `npm run build -w @soulpunch/server`: compiles the server to plain JavaScript in apps/server/dist, so
// `npm start` runs node on it instead of compiling TypeScript at every start (tsx stays for dev and tests).
// The server's code, @soulpunch/shared (which ships TypeScript) and the npm packages it loads at start are bundled:
// a start then reads a few files instead of resolving and reading some 1,000 files of fastify, kysely, zod and
// their dependencies one by one (a fifth of the start's CPU time). Packages loaded on first use (lazyModule,
// import()) and those that read files of their own (PGlite's WebAssembly) stay in node_modules, loaded as usual.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { thinSourceMap } from './thin-source-maps.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist');
const external = [
  '@electric-sql/pglite', // its WebAssembly and data files sit beside its code
  '@aws-sdk/client-s3', // import()ed with S3 storage only
  'pg', // import()ed with PostgreSQL only
  'sharp', // native; loaded on first use
];

/**
 * A bundled CommonJS file that reads files beside it (@fastify/swagger-ui's page, @fastify/swagger's package.json)
 * gets its own folder in node_modules as `__dirname`, found from where the bundle is: an ES module has none.
 */
const placedFromDist = new Set();
const dirnameOfBundledFiles = {
  name: 'dirname-of-bundled-files',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.c?js$/ }, (args) => {
      const contents = readFileSync(args.path, 'utf8');
      if (!/\b__(dirname|filename)\b/.test(contents)) return undefined;
      placedFromDist.add(path.relative(process.cwd(), args.path).split(path.sep).join('/'));
      const fromDist = (file) => path.relative(outdir, file).split(path.sep).join('/');
      const locate = (file) => `require("node:path").join(__bundleDir, ${JSON.stringify(fromDist(file))})`;
      return {
        contents:
          `var __filename = ${locate(args.path)}, __dirname = ${locate(path.dirname(args.path))};\n` +
          contents,
        loader: 'js',
      };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
const started = performance.now();
const { metafile } = await build({
  entryPoints: {
    server: path.join(root, 'src/server-entry.ts'), // the compile cache, then src/server.ts
    // The embedded database's thread, started by src/db/pglite-thread.ts from the file beside it.
    'pglite-worker': path.join(root, 'src/db/pglite-worker.js'),
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
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'linked',
  sourcesContent: false, // stack traces need the positions only
  external,
  plugins: [dirnameOfBundledFiles],
  // Some dependencies are CommonJS and expect require() to exist in an ES module (and __dirname, above).
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url); const __bundleDir = import.meta.dirname;",
  },
  logLevel: 'warning',
  metafile: true,
});
// Those folders are found from dist/ itself: such a file must not land in a chunk of its own under dist/cli.
for (const [output, { inputs }] of Object.entries(metafile.outputs)) {
  const misplaced = Object.keys(inputs).filter((input) => placedFromDist.has(input));
  if (path.dirname(path.resolve(output)) !== outdir && misplaced.length > 0) {
    throw new Error(`${output} holds ${misplaced.join(', ')}, whose folder is found from dist/ only`);
  }
}
for (const file of readdirSync(outdir, { recursive: true, encoding: 'utf8' })) {
  if (file.endsWith('.map')) thinSourceMap(path.join(outdir, file));
  // V8 keeps each file's text for as long as the process runs, in one byte a character only when every character
  // is ASCII: one other character (a regular expression's, which esbuild leaves as written) doubles it.
  const other = file.endsWith('.js')
    ? readFileSync(path.join(outdir, file)).findIndex((byte) => byte > 0x7f)
    : -1;
  if (other >= 0)
    throw new Error(`${file} holds a character other than ASCII at byte ${other}: write it as \\u`);
}
console.log(
  `server built into ${path.relative(process.cwd(), outdir)} in ${Math.round(performance.now() - started)} ms`,
);
