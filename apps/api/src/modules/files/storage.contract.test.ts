import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CreateBucketCommand, DeleteBucketCommand, type ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, testBucket } from '../../../test/s3';
import { createLocalStorage, type Storage } from './storage';
import { copyLocalStore } from './storage-copy';
import { createS3Storage } from './storage-s3';

let s3: Awaited<ReturnType<typeof startS3>>;
let localRoot: string;
const made: Record<string, Storage> = {};

beforeAll(async () => {
  s3 = await startS3();
  localRoot = await mkdtemp(join(tmpdir(), 'fanstage-storage-'));
  made.local = createLocalStorage(localRoot);
  const s3Options = {
    bucket: testBucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
    // The smallest part S3 takes, so a 12 MiB stream goes up in three parts.
    partSize: 5 * 1024 * 1024,
  };
  made.s3 = createS3Storage(s3Options);
  made['s3 with a prefix'] = createS3Storage({ ...s3Options, prefix: 'site-b' });
});
afterAll(async () => {
  await s3.close();
  await rm(localRoot, { recursive: true, force: true });
});

const bytes = (n: number, seed = 7) => Buffer.from(Array.from({ length: n }, (_, i) => (i * seed) % 251));

/** A stream that hands out `data` in small chunks, as an upload arrives. */
const trickle = (data: Buffer) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += 64 * 1024) yield data.subarray(i, i + 64 * 1024);
    })(),
  );

describe.each(['local', 's3', 's3 with a prefix'])('storage: %s', (name) => {
  const storage = () => made[name]!;

  it('writes, stats, reads whole and by range, and removes', async () => {
    const data = bytes(5000);
    await storage().put('private/contract/a.bin', data);
    expect((await storage().stat('private/contract/a.bin'))?.size).toBe(5000);
    const whole = await storage().read('private/contract/a.bin');
    expect(whole?.size).toBe(5000);
    expect(Buffer.compare(await buffer(whole!.stream), data)).toBe(0);
    const part = await storage().read('private/contract/a.bin', { start: 100, end: 199 });
    expect(part?.size).toBe(5000);
    expect(Buffer.compare(await buffer(part!.stream), data.subarray(100, 200))).toBe(0);
    await storage().remove('private/contract/a.bin');
    expect(await storage().stat('private/contract/a.bin')).toBeNull();
    expect(await storage().read('private/contract/a.bin')).toBeNull();
    // Removing what is not there is not an error.
    await storage().remove('private/contract/a.bin');
  });

  it('streams a large upload (multipart on S3) and hands out a local copy for ffmpeg', async () => {
    const data = bytes(12 * 1024 * 1024 + 17, 13);
    await storage().putStream('private/contract/big.bin', trickle(data));
    expect((await storage().stat('private/contract/big.bin'))?.size).toBe(data.length);
    const local = await storage().localFile('private/contract/big.bin');
    expect(local).not.toBeNull();
    expect(Buffer.compare(await readFile(local!.path), data)).toBe(0);
    await local!.release();
    if (name !== 'local') await expect(stat(local!.path)).rejects.toThrow();
    expect(await storage().localFile('private/contract/none.bin')).toBeNull();
  });

  it('leaves nothing under the key when a streamed upload fails', async () => {
    const failing = Readable.from(
      (async function* () {
        yield bytes(1000);
        throw new Error('the client went away');
      })(),
    );
    await expect(storage().putStream('private/contract/cut.bin', failing)).rejects.toThrow();
    expect(await storage().stat('private/contract/cut.bin')).toBeNull();
  });

  it('moves a finished local file in', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fanstage-put-'));
    const path = join(dir, 'done.bin');
    await writeFile(path, bytes(300));
    await storage().putFile('private/contract/done.bin', path);
    expect((await storage().stat('private/contract/done.bin'))?.size).toBe(300);
    await expect(stat(path)).rejects.toThrow();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses keys that climb out of the store', async () => {
    await expect(storage().put('private/../../etc/x', bytes(1))).rejects.toThrow(/escapes/);
  });

  it('lists exactly the keys written, and only those under a prefix', async () => {
    // A store of its own (a new folder or bucket): the shared one holds the other cases' keys.
    const { store, neighbour, cleanup } = await freshStore(name);
    const keys = [
      'avatars/a-1.webp',
      'private/media/x/clip.mp4',
      'private/media/x/photo.webp',
      'private/originals/y.mp4',
      'privateer.txt',
      'public/z.txt',
    ];
    expect(await listed(store)).toEqual([]);
    for (const [i, key] of keys.entries()) await store.put(key, bytes(10 + i));
    // Keys that are not this store's: an unfinished write, or beside the adapter's prefix.
    await neighbour();
    expect(await listed(store)).toEqual(keys);
    expect(await listed(store, 'private/')).toEqual(keys.slice(1, 4));
    expect(await listed(store, 'private/media/x/')).toEqual(keys.slice(1, 3));
    // A prefix is a beginning of the key, as on S3, not only a folder.
    expect(await listed(store, 'private')).toEqual(keys.slice(1, 5));
    expect(await listed(store, 'private/media/x/p')).toEqual(['private/media/x/photo.webp']);
    expect(await listed(store, 'nothing/')).toEqual([]);
    expect(await listed(store, 'privateer.txt/')).toEqual([]);
    await store.remove('private/originals/y.mp4');
    expect(await listed(store, 'private/')).toEqual(keys.slice(1, 3));
    await cleanup();
  });
});

/** A store with nothing in it for `name`; `neighbour` writes keys next to it that it must not list. */
async function freshStore(name: string) {
  if (name === 'local') {
    const root = await mkdtemp(join(tmpdir(), 'fanstage-list-'));
    await rm(root, { recursive: true });
    return {
      // The folder does not exist until the first write: an empty store all the same.
      store: createLocalStorage(root),
      neighbour: () => writeFile(join(root, 'private/media/x/.part-123'), bytes(5)),
      cleanup: () => rm(root, { recursive: true, force: true }),
    };
  }
  const bucket = `list-${Math.random().toString(36).slice(2, 10)}`;
  const options = {
    bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  };
  const bare = createS3Storage(options);
  await bare.client.send(new CreateBucketCommand({ Bucket: bucket }));
  const prefixed = name === 's3 with a prefix';
  return {
    store: prefixed ? createS3Storage({ ...options, prefix: 'site-b' }) : bare,
    neighbour: async () => {
      if (!prefixed) return;
      await bare.put('other.txt', bytes(3));
      await bare.put('site-bx/private/q.txt', bytes(3));
    },
    cleanup: async () => {
      for await (const key of bare.list()) await bare.remove(key);
      await bare.client.send(new DeleteBucketCommand({ Bucket: bucket }));
    },
  };
}

const listed = async (store: Storage, prefix?: string) => {
  const keys: string[] = [];
  for await (const key of store.list(prefix)) keys.push(key);
  return keys.sort();
};

describe('S3 presigned URLs', () => {
  const presigning = () =>
    createS3Storage({
      bucket: testBucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      publicEndpoint: s3.endpoint,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    });

  it('serve the object, as an attachment when named, until they expire', async () => {
    const storage = presigning();
    await storage.put('private/contract/photo.webp', bytes(2048));
    const now = Date.now();
    const url = await storage.presignedUrl!('private/contract/photo.webp', {
      signedAt: new Date(now - 5_000),
      expiresAt: new Date(now + 60_000),
      contentType: 'image/webp',
      downloadName: 'Beach day.webp',
    });
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/webp');
    expect(ok.headers.get('content-disposition')).toContain('Beach day.webp');
    expect(Buffer.compare(Buffer.from(await ok.arrayBuffer()), bytes(2048))).toBe(0);
    const ranged = await fetch(url, { headers: { range: 'bytes=0-9' } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(10);

    const expired = await storage.presignedUrl!('private/contract/photo.webp', {
      signedAt: new Date(now - 60_000),
      expiresAt: new Date(now - 1_000),
      contentType: 'image/webp',
    });
    const refused = await fetch(expired);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toMatch(/expired/i);
    // An unknown access key opens nothing (s3rver checks the key and the expiry; it does not
    // recompute version-4 signatures, which a real store does).
    const stranger = url.replace('X-Amz-Credential=S3RVER', 'X-Amz-Credential=SOMEONE');
    expect((await fetch(stranger)).status).toBe(403);
  });

  it('are offered only where browsers can reach the store', () => {
    const internal = createS3Storage({ bucket: testBucket, region: 'us-east-1', endpoint: s3.endpoint });
    expect(internal.presignedUrl).toBeUndefined();
    expect(presigning().presignedUrl).toBeTypeOf('function');
  });
});

describe('S3 listing', () => {
  it('pages through truncated answers and strips its own prefix', async () => {
    // s3rver cannot answer a truncated listing under Node's OpenSSL 3 (its continuation tokens use
    // DES), so the store's two pages are played here.
    const storage = createS3Storage({ bucket: 'b', region: 'us-east-1', prefix: 'site' });
    const asked: unknown[] = [];
    const pages = [
      { Contents: [{ Key: 'site/a/1' }, { Key: 'site/a/' }], IsTruncated: true, NextContinuationToken: 't2' },
      { Contents: [{ Key: 'site/a/2' }], IsTruncated: false },
    ];
    storage.client.send = (async (command: ListObjectsV2Command) => {
      asked.push(command.input);
      return pages[asked.length - 1];
    }) as never;
    expect(await listed(storage, 'a/')).toEqual(['a/1', 'a/2']);
    expect(asked).toEqual([
      { Bucket: 'b', Prefix: 'site/a/', ContinuationToken: undefined },
      { Bucket: 'b', Prefix: 'site/a/', ContinuationToken: 't2' },
    ]);
  });
});

describe('copying a local store into a bucket', () => {
  it('copies every file under its key, skips what is already there, and leaves unfinished writes out', async () => {
    const root = await mkdtemp(join(tmpdir(), 'fanstage-copy-'));
    const local = createLocalStorage(root);
    await local.put('avatars/a-1.webp', bytes(100));
    await local.put('private/media/x/photo.webp', bytes(2000));
    await local.put('private/media/x/clip.mp4', bytes(7000));
    await writeFile(join(root, 'private/media/x/.part-123'), bytes(5));
    const target = createS3Storage({
      bucket: testBucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      prefix: 'moved',
    });
    // One file was copied by an earlier, interrupted run.
    await target.put('private/media/x/photo.webp', bytes(2000));
    const report = await copyLocalStore(root, target);
    expect(report).toEqual({ copied: 2, skipped: 1, bytes: 7100 });
    for (const key of ['avatars/a-1.webp', 'private/media/x/photo.webp', 'private/media/x/clip.mp4']) {
      const [a, b] = [await local.read(key), await target.read(key)];
      expect(Buffer.compare(await buffer(a!.stream), await buffer(b!.stream)), key).toBe(0);
    }
    expect(await target.stat('private/media/x/.part-123')).toBeNull();
    expect(await copyLocalStore(root, target)).toEqual({ copied: 0, skipped: 3, bytes: 0 });
    await rm(root, { recursive: true, force: true });
  });
});
