import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';

export const testBucket = 'fanstage-test';

/**
 * A local S3-compatible server (s3rver: the S3 REST protocol over a temp folder; it checks the
 * access key, S3RVER, and a presigned URL's expiry, but not version-4 signatures) and the S3_*
 * settings that point at it.
 */
export async function startS3(): Promise<{
  endpoint: string;
  env: Record<string, string>;
  close(): Promise<void>;
}> {
  const directory = await mkdtemp(join(tmpdir(), 'fanstage-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: testBucket }],
  });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: {
      S3_BUCKET: testBucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
