// `npm run budget`: the JavaScript and CSS each public route loads before it can show anything (gzip), read from
// the web build's manifest: the entry and the route's page module with everything they import statically; for a
// page sent as islands (decision record 0013), the islands' entry, its islands' modules and the island router when
// one of them reads the address, with the page module's stylesheets. Code loaded on demand (the map, other pages)
// does not count. Fails when a route's JavaScript is over the budget.
// Needs the built web app (`npm run build -w @soulpunch/web`).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Issue 12's budget: at most 150 KB of gzipped JavaScript for a public page before it is live. */
export const JS_TARGET_KB = 150;

/**
 * The public routes and the page module each one loads: the pages the server renders (the same list as the
 * renderer's, apps/web/src/server-rendered-pages.json).
 */
export const PUBLIC_ROUTES = Object.fromEntries(
  Object.entries(
    JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../apps/web/src/server-rendered-pages.json'), 'utf8'),
    ),
  ).map(([route, page]) => [route, `src/features/${page}`]),
);

const islandPages = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../apps/web/src/islands/island-pages.json'), 'utf8'),
);

/** The islands' entry (apps/web/src/islands.tsx) as the manifest names it. */
export const ISLANDS_ENTRY = 'src/islands.tsx';

/**
 * The pages sent as islands (apps/web/src/islands/island-pages.json, when its switch is on): for each route, the
 * modules its islands load (and the island router's, when one of them reads the address).
 */
export const ISLAND_ROUTES = islandPages.on
  ? Object.fromEntries(
      Object.entries(islandPages.pages).map(([route, islands]) => [
        route,
        [
          ...islands.map((name) => islandPages.modules[name]),
          ...(islands.some((name) => islandPages.routed.includes(name)) ? [islandPages.router] : []),
        ],
      ]),
    )
  : {};

/** Every file a manifest entry needs at once: itself, its CSS, and its static imports, recursively. */
function initialFiles(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk)
    throw new Error(
      `${key} is not in the build manifest: was it renamed? Update apps/web/src/server-rendered-pages.json.`,
    );
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) initialFiles(manifest, imported, files);
  return files;
}

/**
 * An island's module as the manifest names it: by its path, or, when the build put it in a chunk shared with the
 * full app (the header's Contact Us), by that chunk among what the islands' entry loads on demand.
 */
function islandChunk(manifest, module) {
  if (manifest[module]) return module;
  const name = path.basename(module).replace(/\.[^.]+$/, '');
  return manifest[ISLANDS_ENTRY]?.dynamicImports?.find((key) => manifest[key]?.name === name) ?? module;
}

/**
 * What a page sent as islands loads: the islands' entry and modules, and the stylesheets the page links (index.html's
 * and its page module's).
 */
function islandFiles(manifest, entry, page, islandModules) {
  const files = initialFiles(manifest, ISLANDS_ENTRY);
  for (const module of islandModules) initialFiles(manifest, islandChunk(manifest, module), files);
  for (const file of [...(manifest[entry].css ?? []), ...initialFiles(manifest, page)]) {
    if (file.endsWith('.css')) files.add(file);
  }
  return files;
}

/**
 * Sizes per route from a Vite manifest; `sizeOf(file)` gives a file's gzipped bytes.
 * @returns {{ route: string, entry: 'app' | 'islands', jsKb: number, cssKb: number, over: boolean }[]}
 */
export function measureRoutes(
  manifest,
  sizeOf,
  routes = PUBLIC_ROUTES,
  limitKb = JS_TARGET_KB,
  islandRoutes = ISLAND_ROUTES,
) {
  // The full app's entry is index.html's; the islands' entry is measured for the pages sent as islands.
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('.html'));
  if (!entry) throw new Error('The build manifest has no entry.');
  return Object.entries(routes).map(([route, page]) => {
    const islands = Object.hasOwn(islandRoutes, route);
    const files = islands
      ? islandFiles(manifest, entry, page, islandRoutes[route])
      : initialFiles(manifest, page, initialFiles(manifest, entry));
    let js = 0;
    let css = 0;
    for (const file of files) {
      if (file.endsWith('.css')) css += sizeOf(file);
      else js += sizeOf(file);
    }
    const jsKb = js / 1024;
    return { route, entry: islands ? 'islands' : 'app', jsKb, cssKb: css / 1024, over: jsKb > limitKb };
  });
}

function main() {
  const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    console.error('No web build: run `npm run build -w @soulpunch/web` first.');
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
    return sizes.get(file);
  };
  const rows = measureRoutes(manifest, sizeOf);
  console.log(`Initial load per public route, KB gzip (JavaScript budget ${JS_TARGET_KB} KB)`);
  const width = Math.max(...rows.map((r) => r.route.length));
  for (const r of rows) {
    const js = r.jsKb.toFixed(1).padStart(6);
    const css = r.cssKb.toFixed(1).padStart(5);
    const entry = r.entry.padEnd(7);
    console.log(
      `${r.route.padEnd(width)} ${entry} JS ${js}  CSS ${css}  ${r.over ? 'OVER THE BUDGET' : 'within'}`,
    );
  }
  const over = rows.filter((r) => r.over);
  if (over.length > 0) {
    console.error(`More than ${JS_TARGET_KB} KB of JavaScript on: ${over.map((r) => r.route).join(', ')}`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
