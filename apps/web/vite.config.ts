import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import islandPages from './src/islands/island-pages.json';

// With the islands' switch off (decision record 0013), the build is the full app's alone, as before the islands.
const islands = islandPages.on;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  // The page renderer (dist-ssr) carries the icons it uses: left to Node, the whole icon set's bundle loaded with
  // the first page, about 0.5-1 s and 80 MB of the server's memory for some 30 icons.
  ...(isSsrBuild ? { ssr: { noExternal: ['@tabler/icons-react'] } } : {}),
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    // The API server owns /api; in development Vite only serves the front end.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bundle-budget.mjs reads what each route loads from the manifest.
    manifest: true,
    // No <link rel="modulepreload"> and an async entry (index.html): the page is painted from the server's HTML
    // and CSS, and no script is fetched ahead of that as if the page needed it to show. A page behind a sign-in
    // (app/signed-in-pages.ts), once asked for, fetches all its chunks at once instead of finding them import by
    // import: some 70 small chunks six levels deep, which cost a phone on slow 4G over a second of round trips.
    // Other imports list only their stylesheets, as before, so the public pages' entry stays as small.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'js' && /(^|\/)signed-in-pages-[\w-]+\.js$/.test(hostId) ? deps : [],
    },
    rolldownOptions: {
      // The full app, and the islands of the server-rendered public pages (decision record 0013).
      input: (islands
        ? { main: 'index.html', islands: 'src/islands.tsx' }
        : { main: 'index.html' }) as Record<string, string>,
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across deployments.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: islands
                ? /node_modules[\\/](react|react-dom|scheduler)[\\/]/
                : /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 3,
            },
            // Its own chunk: the islands' entry loads it only for an island that reads the address.
            ...(islands
              ? [{ name: 'react-router', test: /node_modules[\\/]react-router[\\/]/, priority: 3 }]
              : []),
          ],
        },
      },
    },
  },
  // The component tests' environment; which files run, and how, is set by the projects in vitest.config.ts.
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // A long form journey (the admin's every-section edit) takes 2 s alone and over 5 on two busy cores.
    testTimeout: 15_000,
  },
}));
