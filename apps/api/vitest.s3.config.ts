import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// `npm run test:s3`: the media, file, download (zip) and paid-content tests again, with every
// test app's uploads in a local S3-compatible server (test/helpers.ts, TEST_STORAGE=s3). The
// include list replaces the base one (mergeConfig would add the two lists: the whole suite).
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      'src/modules/files/*.test.ts',
      'src/modules/media/*.test.ts',
      'src/modules/assets/*.test.ts',
      'src/modules/orders/*.test.ts',
      'src/modules/messages/messages.paid.test.ts',
      'src/modules/health/admin-health.test.ts',
    ],
    env: { TEST_STORAGE: 's3' },
  },
});
