import { defineConfig } from 'vitest/config';

/** Component tests that replace a module with vi.mock (relative to apps/web). */
const WEB_MOCKING_FILES = ['src/features/directory/find-trainer-page.test.tsx'];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on CI's 2 cores, leaving one idle
    // while the main process mostly waits. VITEST_MAX_WORKERS lets a shared machine ask for fewer.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      {
        test: { name: 'shared', root: 'packages/shared', environment: 'node', include: ['src/**/*.test.ts'] },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          // Each file builds its own app on its own fresh database, copied from one migrated once per run.
          globalSetup: ['test/global-setup.ts'],
          // A worker imports the app once for all its files instead of once per file (about 1.5 s each on 2 cores):
          // every test file makes its own app and database, so no state is shared through modules. The suite
          // runs in a different order on each machine, so an ordering dependence would show up as a failure.
          isolate: false,
          testTimeout: 30_000,
          // On CI one more try for a test that lost a race with the loaded machine (a test that fails twice still
          // fails the run); vitest prints the retried ones.
          retry: process.env.CI ? 1 : 0,
          // Some files load the whole demo in beforeAll: up to 40 s on a loaded 2-core machine.
          hookTimeout: 120_000,
        },
      },
      // The component tests: one module graph per worker (React, Mantine and jsdom loaded once, not per file);
      // the setup file cleans the DOM, mocks and notifications after every test. A file that replaces a module
      // (vi.mock) runs isolated in 'web-mocks', as an import cached by an earlier file would ignore its mock.
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: WEB_MOCKING_FILES,
          isolate: false,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: { name: 'web-mocks', root: 'apps/web', include: WEB_MOCKING_FILES },
      },
      {
        test: {
          name: 'scripts',
          root: 'scripts',
          environment: 'node',
          include: ['**/*.test.mjs'],
          // Some run Biome over the whole web app: 6 s on a loaded 2-core machine, past vitest's default 5.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
