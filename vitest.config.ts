import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // One real server (PGlite or PostgreSQL) for the whole run; tests talk to it over HTTP.
          globalSetup: ['tests/support/api-global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // Built server processes behind nginx on PostgreSQL, Redis and an S3 model (npm test runs it after the build).
          name: 'deploy',
          include: ['tests/deploy/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
