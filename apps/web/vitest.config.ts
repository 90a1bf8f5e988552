import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['app/**/*.test.ts', 'app/**/*.test.tsx'],
    environment: 'happy-dom',
    reporters: ['default', '../api/test/count-reporter.ts'],
  },
});
