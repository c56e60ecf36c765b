import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each server test file starts its own database (a copy of the one the global setup migrated); two files at
    // a time suit a 2-core machine.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/bench/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'happy-dom' } },
      { test: { name: 'console', include: ['apps/console/src/**/*.test.{ts,tsx}'], environment: 'happy-dom', testTimeout: 20_000 } },
    ],
  },
});
