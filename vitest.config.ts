import { defineConfig } from 'vitest/config';

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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vite.config.ts',
      { test: { name: 'scripts', root: 'scripts', environment: 'node', include: ['**/*.test.mjs'] } },
    ],
  },
});
