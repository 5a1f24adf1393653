import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['domain/**/*.test.ts', 'sync/**/*.test.ts', 'src/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'server',
          // Tests that need a real PostgreSQL (several processes on one database) join when DATABASE_URL is set.
          include: ['server/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/sync/**/*.test.ts', ...(process.env.DATABASE_URL ? ['tests/server-postgres/**/*.test.ts'] : [])],
          environment: 'node',
          setupFiles: ['tests/fail-on-console-error.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // PGlite is CPU-bound; two files at a time suit a 2-core machine.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
