import { afterAll, vi } from 'vitest';

// Test files share a worker's module cache (isolate: false, for speed): a spy one file leaves on a
// shared object (console, say) must not reach the next file.
afterAll(() => {
  vi.restoreAllMocks();
});
