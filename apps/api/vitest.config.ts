import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './test/slow-first-sequencer';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // One module cache per worker across files: the app's import takes seconds, paid once per worker.
    // Each file still builds its own app on its own database (test/helpers.ts).
    isolate: false,
    setupFiles: ['./test/setup.ts'],
    // The slowest files first, so the two workers end together (test/slow-first-sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    testTimeout: 30_000,
    // In CI one retry; a test that needed it is named in the run's summary (test/count-reporter.ts).
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 120_000,
    reporters: ['default', './test/count-reporter.ts'],
  },
});
