import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ByteRange, PresignOptions, Storage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** The store's address; absent: AWS S3 itself. */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** http://host/bucket/key instead of http://bucket.host/key (MinIO, Ceph, s3rver). */
  forcePathStyle?: boolean;
  /**
   * Where browsers reach the store: with it, private media is read straight from the store through
   * presigned URLs. Absent with a custom endpoint (often an internal address): the API streams the
   * bytes. Against AWS S3 itself (no endpoint) presigned URLs are always used.
   */
  publicEndpoint?: string;
  /** A folder inside the bucket for every key. */
  prefix?: string;
  /** Parts of a streamed upload (bytes, at least 5 MiB as S3 requires). */
  partSize?: number;
}

const notFoundCodes = new Set(['NoSuchKey', 'NotFound', 'NoSuchBucket']);

/** The store said the key is not there (HEAD answers a bare 404, GET a NoSuchKey error). */
const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException && (notFoundCodes.has(err.name) || err.$metadata?.httpStatusCode === 404);

/** Quotes a file name for Content-Disposition (RFC 6266 with the RFC 8187 UTF-8 form). */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Stores file bytes in an S3-compatible bucket (README "Deploy"): what several API nodes share.
 * Writes are streamed (multipart above one part), a key appears only once its upload completed
 * (S3 never shows a half-written object), reads take byte ranges, and private media can be read
 * straight from the store through presigned URLs that expire with the app's own signed URLs.
 */
export function createS3Storage(options: S3StorageOptions): Storage & { client: S3Client } {
  const clientFor = (endpoint: string | undefined) =>
    new S3Client({
      region: options.region,
      endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // Only the checksums S3 requires: several S3-compatible stores refuse the SDK's default
      // trailing checksums on streamed bodies.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const client = clientFor(options.endpoint);
  // Presigning is local arithmetic; this client only names the address browsers will use.
  const presigner =
    options.publicEndpoint !== undefined
      ? clientFor(options.publicEndpoint)
      : options.endpoint === undefined
        ? client
        : undefined;
  const Bucket = options.bucket;
  const keyOf = (key: string) => {
    if (key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
      throw new Error('storage key escapes the root');
    }
    return options.prefix ? `${options.prefix}/${key}` : key;
  };
  const upload = async (key: string, body: Readable) => {
    const job = new Upload({
      client,
      params: { Bucket, Key: keyOf(key), Body: body },
      partSize: options.partSize ?? 8 * 1024 * 1024,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await job.done();
  };
  const head = async (key: string) => {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  };
  const storage: Storage & { client: S3Client } = {
    client,
    put: async (key, body) => {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: body }));
    },
    putStream: (key, body) => upload(key, body),
    putFile: async (key, localPath) => {
      await upload(key, createReadStream(localPath));
      await rm(localPath, { force: true });
    },
    read: async (key, range?: ByteRange) => {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: keyOf(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        // With a range the whole size is after the slash of Content-Range.
        const total = answer.ContentRange?.split('/')[1];
        const size = total && /^\d+$/.test(total) ? Number(total) : (answer.ContentLength ?? 0);
        return { stream: answer.Body as Readable, size };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    stat: async (key) => {
      const answer = await head(key);
      if (!answer) return null;
      return { size: answer.ContentLength ?? 0, modifiedAt: answer.LastModified ?? new Date(0) };
    },
    remove: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    localFile: async (key) => {
      const file = await storage.read(key);
      if (!file) return null;
      const dir = await mkdtemp(join(tmpdir(), 'fanstage-s3-'));
      const path = join(dir, randomUUID());
      const release = () => rm(dir, { recursive: true, force: true });
      try {
        await pipeline(file.stream, createWriteStream(path));
      } catch (err) {
        await release();
        throw err;
      }
      return { path, release };
    },
    list: async function* (prefix = '') {
      const own = options.prefix ? `${options.prefix}/` : '';
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: own + prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(own.length);
          // Folder markers some tools leave ("a/") are no objects of ours.
          if (key && !key.endsWith('/')) yield key;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
  if (presigner) {
    storage.presignedUrl = (key, presign: PresignOptions) => {
      const expiresIn = Math.max(
        1,
        Math.floor((presign.expiresAt.getTime() - presign.signedAt.getTime()) / 1000),
      );
      return getSignedUrl(
        presigner,
        new GetObjectCommand({
          Bucket,
          Key: keyOf(key),
          ResponseContentType: presign.contentType,
          ResponseContentDisposition:
            presign.downloadName === undefined ? undefined : attachment(presign.downloadName),
          ResponseCacheControl: `private, max-age=${expiresIn}, immutable`,
        }),
        { expiresIn, signingDate: presign.signedAt },
      );
    };
  }
  return storage;
}

/** The bucket of S3_* when S3_BUCKET is set (config.ts), else undefined: the local folder is used. */
export function s3StorageFromConfig(config: {
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ENDPOINT?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE: boolean;
  S3_PREFIX?: string;
  S3_PUBLIC_ENDPOINT?: string;
}) {
  if (!config.S3_BUCKET) return undefined;
  return createS3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
    publicEndpoint: config.S3_PUBLIC_ENDPOINT,
  });
}
