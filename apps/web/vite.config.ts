import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
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
    // and CSS, and no script is fetched ahead of that as if the page needed it to show.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across deployments.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 3,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
