import { defineConfig } from 'vitest/config';

// `npm run test:cluster` (in `npm test` as the `cluster` step): two API processes on one PostgreSQL,
// Redis and S3-compatible store (cluster/two-nodes.test.ts). Needs TEST_DATABASE_URL and TEST_REDIS_URL.
export default defineConfig({
  test: {
    include: ['cluster/*.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    reporters: ['default', './test/count-reporter.ts'],
  },
});
