import { defineConfig } from 'vitest/config';

// Most files share one module cache per worker (isolate: false): importing Mantine and the app for
// each file took four times longer than the tests. A file that replaces a module with vi.mock runs
// isolated, or its mock would leak into (or miss) the files around it; name it `*.mocks.test.tsx`.
const isolatedFiles = ['app/**/*.mocks.test.ts', 'app/**/*.mocks.test.tsx'];
const reporters = ['default', '../api/test/count-reporter.ts'];

export default defineConfig({
  test: {
    reporters,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['app/**/*.test.ts', 'app/**/*.test.tsx'],
          exclude: isolatedFiles,
          environment: 'happy-dom',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: isolatedFiles,
          environment: 'happy-dom',
        },
      },
    ],
  },
});
