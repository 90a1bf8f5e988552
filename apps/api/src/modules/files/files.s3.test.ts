import { randomBytes } from 'node:crypto';
import { newId } from '@fanstage/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { startS3 } from '../../../test/s3';
import { signMediaLink, signMediaUrl } from './signed-urls';

let s3: Awaited<ReturnType<typeof startS3>>;
let t: TestApp;
const body = randomBytes(3000);
const key = `private/media/${newId()}/photo.webp`;

beforeAll(async () => {
  s3 = await startS3();
  // Browsers reach this store: private media is answered with a redirect to a presigned URL.
  t = await createTestApp({ env: { ...s3.env, S3_PUBLIC_ENDPOINT: s3.endpoint } });
  await t.ctx.storage.put(key, body);
  await t.ctx.storage.put(`avatars/${newId()}-a.webp`, body);
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('private media on S3 with a public endpoint', () => {
  it('redirects a signed URL to the store, which serves the bytes until the same expiry', async () => {
    const link = signMediaLink(t.ctx, key);
    const res = await t.request({ url: link.url });
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location.startsWith(`${s3.endpoint}/fanstage-test/${key}?`)).toBe(true);
    const presigned = new URL(location).searchParams;
    const signedAt = presigned
      .get('X-Amz-Date')!
      .replace(/(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z/, '$1-$2-$3T$4:$5:$6Z');
    // The store's URL stops working when the app's signed URL does.
    expect(new Date(signedAt).getTime() + Number(presigned.get('X-Amz-Expires')) * 1000).toBe(
      link.expiresAt.getTime(),
    );
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    // The same URL all through the signing window: the browser reuses what it cached.
    expect((await t.request({ url: link.url })).headers.location).toBe(location);
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.compare(Buffer.from(await file.arrayBuffer()), body)).toBe(0);
  });

  it('serves a named download as an attachment under that name', async () => {
    const url = signMediaUrl(t.ctx, key, { downloadName: 'Sunset.webp', exact: true, expiresInSeconds: 60 });
    const res = await t.request({ url });
    expect(res.statusCode).toBe(302);
    const file = await fetch(String(res.headers.location));
    expect(file.headers.get('content-disposition')).toContain('Sunset.webp');
  });

  it('refuses a forged or expired signed URL before asking the store', async () => {
    const url = signMediaUrl(t.ctx, key);
    const forged = await t.request({ url: url.replace(/sig=[^&]+/, 'sig=AAAA') });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toMatch(/not valid/);
    expect(forged.headers.location).toBeUndefined();
    const expired = await t.request({ url: url.replace(/exp=\d+/, 'exp=1000') });
    expect(expired.statusCode).toBe(403);
  });
});
