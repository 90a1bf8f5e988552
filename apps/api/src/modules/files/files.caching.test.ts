import { randomBytes } from 'node:crypto';
import { newId } from '@fanstage/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { isNotModified, rangeStillApplies, validatorsOf } from './files.service';
import { expiryOf, signMediaLink, signMediaUrl } from './signed-urls';

// The test clock starts on a window boundary (2026-06-01T12:00:00Z is a multiple of 300 s).
const start = new Date('2026-06-01T12:00:00Z');
const ttl = 300;
const clock = new TestClock(start);
let t: TestApp;
const body = randomBytes(5000);
const key = `private/media/${newId()}/feed.webp`;
const publicKey = `avatars/${newId()}-a1.webp`;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.ctx.storage.put(key, body);
  await t.ctx.storage.put(publicKey, body);
});
afterAll(() => t.close());
beforeEach(() => clock.set(start));

const at = (seconds: number) => clock.set(new Date(start.getTime() + seconds * 1000));
const get = (url: string, headers: Record<string, string> = {}) => t.request({ url, headers });
const maxAgeOf = (cacheControl: unknown) => Number(String(cacheControl).match(/max-age=(\d+)/)?.[1]);
const expOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('exp'));

describe('signing windows', () => {
  it('gives the same URL to every request within a window and a new one in the next window', () => {
    at(10);
    const first = signMediaUrl(t.ctx, key);
    at(299);
    expect(signMediaUrl(t.ctx, key)).toBe(first);
    at(300);
    const next = signMediaUrl(t.ctx, key);
    expect(next).not.toBe(first);
    expect(expOf(next) - expOf(first)).toBe(ttl);
  });

  it('keeps every URL working for more than one TTL and at most two', () => {
    for (const offset of [0, 1, 150, 299.999, 300, 4321.5]) {
      const nowMs = start.getTime() + offset * 1000;
      const left = expiryOf(nowMs, ttl) - nowMs / 1000;
      expect(left, `signed at +${offset} s`).toBeGreaterThan(ttl);
      expect(left).toBeLessThanOrEqual(2 * ttl);
    }
  });

  it('signs one-off links for exactly their lifetime, and says when they expire', () => {
    at(42);
    const link = signMediaLink(t.ctx, key, { expiresInSeconds: 600, exact: true });
    expect(link.expiresAt.getTime()).toBe(start.getTime() + 642_000);
    expect(expOf(link.url)).toBe(link.expiresAt.getTime() / 1000);
    const windowed = signMediaLink(t.ctx, key);
    expect(expOf(windowed.url)).toBe(start.getTime() / 1000 + 2 * ttl);
  });

  it('lets the old URL work until its expiry and refuses it after, while the new one works', async () => {
    at(100);
    const old = signMediaUrl(t.ctx, key);
    at(450);
    const fresh = signMediaUrl(t.ctx, key);
    expect(fresh).not.toBe(old);
    expect((await get(old)).statusCode).toBe(200);
    at(599);
    expect((await get(old)).statusCode).toBe(200);
    at(600);
    const expired = await get(old);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toMatch(/expired/);
    expect((await get(fresh)).statusCode).toBe(200);
  });
});

describe('caching of private files', () => {
  it('lets the browser keep the answer until the URL expires and never longer', async () => {
    for (const offset of [0, 0.4, 137.9, 299.5, 599.2]) {
      at(Math.floor(offset / ttl) * ttl);
      const url = signMediaUrl(t.ctx, key);
      at(offset);
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const cacheControl = String(res.headers['cache-control']);
      expect(cacheControl).toMatch(/^private, max-age=\d+, immutable$/);
      const left = expOf(url) - clock.now().getTime() / 1000;
      expect(maxAgeOf(cacheControl), `at +${offset} s`).toBeLessThanOrEqual(left);
      expect(maxAgeOf(cacheControl)).toBeGreaterThan(left - 1);
    }
  });

  it('answers a matching If-None-Match with 304 and no body, and another tag with the file', async () => {
    const url = signMediaUrl(t.ctx, key);
    const first = await get(url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
    expect(first.headers['last-modified']).toBeTruthy();

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get(url, { 'if-none-match': ifNoneMatch });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
    }
    const changed = await get(url, { 'if-none-match': '"0-0"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload).toEqual(body);
  });

  it('answers If-Modified-Since with 304 only when the file is not newer, and lets If-None-Match decide first', async () => {
    const url = signMediaUrl(t.ctx, key);
    const lastModified = String((await get(url)).headers['last-modified']);
    expect((await get(url, { 'if-modified-since': lastModified })).statusCode).toBe(304);
    const before = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await get(url, { 'if-modified-since': before })).statusCode).toBe(200);
    expect((await get(url, { 'if-modified-since': 'not a date' })).statusCode).toBe(200);
    expect((await get(url, { 'if-modified-since': lastModified, 'if-none-match': '"0-0"' })).statusCode).toBe(
      200,
    );
  });

  it('serves ranges with the ETag, and the whole file when If-Range names another version', async () => {
    const url = signMediaUrl(t.ctx, key);
    const { etag, 'last-modified': lastModified } = (await get(url)).headers;
    const part = await get(url, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers.etag).toBe(etag);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${body.length}`);
    expect(part.rawPayload).toEqual(body.subarray(100, 200));

    for (const ifRange of [String(etag), String(lastModified)]) {
      const same = await get(url, { range: 'bytes=100-199', 'if-range': ifRange });
      expect(same.statusCode, ifRange).toBe(206);
      expect(same.rawPayload).toEqual(body.subarray(100, 200));
    }
    for (const ifRange of ['"0-0"', `W/${etag}`, 'Mon, 01 Jan 2001 00:00:00 GMT']) {
      const other = await get(url, { range: 'bytes=100-199', 'if-range': ifRange });
      expect(other.statusCode, ifRange).toBe(200);
      expect(other.rawPayload).toEqual(body);
    }
    const past = await get(url, { range: `bytes=${body.length}-`, 'if-range': String(etag) });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${body.length}`);
    // A cached copy wins over a range: 304, not 206.
    expect((await get(url, { range: 'bytes=0-9', 'if-none-match': String(etag) })).statusCode).toBe(304);
  });

  it('changes the ETag when the file is written again', async () => {
    const other = `private/media/${newId()}/thumbnail.webp`;
    await t.ctx.storage.put(other, Buffer.from('first version'));
    const url = signMediaUrl(t.ctx, other);
    const etag = String((await get(url)).headers.etag);
    await t.ctx.storage.put(other, Buffer.from('the second, longer version'));
    const res = await get(url, { 'if-none-match': etag });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).not.toBe(etag);
    expect(res.body).toBe('the second, longer version');
  });

  it('refuses a tampered or cut signature with 403 even when the ETag matches', async () => {
    const url = signMediaUrl(t.ctx, key);
    const etag = String((await get(url)).headers.etag);
    const sig = url.split('sig=')[1]!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [
      url.replace(sig, flipped),
      url.replace(sig, sig.slice(0, 20)),
      url.replace(`sig=${sig}`, 'sig='),
      url.replace(/exp=\d+/, `exp=${expOf(url) + ttl}`),
    ]) {
      const res = await get(bad, { 'if-none-match': etag });
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().message).toMatch(/not valid/);
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it('answers bad input with a 4xx and a sentence, never a 500', async () => {
    const url = signMediaUrl(t.ctx, key);
    const sig = url.split('sig=')[1]!;
    for (const bad of [
      url.replace(sig, `${sig}%00`),
      url.replace('/feed.webp', '/feed%00.webp'),
      url.replace(/exp=\d+/, 'exp=1%00'),
      url.replace(/exp=\d+/, 'exp=-5'),
      url.replace(/exp=\d+/, 'exp=99999999999999999999'),
      `${url}&name=${'x'.repeat(301)}`,
      url.replace('?', '?exp=1&'),
    ]) {
      const res = await get(bad, { range: 'bytes=0-1', 'if-none-match': 'garbage', 'if-range': '%00' });
      expect(res.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, bad).toBeLessThan(500);
      expect(res.json().message, bad).toMatch(/\w+ \w+/);
    }
    const odd: Record<string, string>[] = [
      { range: 'bytes=x-y' },
      { 'if-none-match': '' },
      { 'if-range': 'soon' },
    ];
    for (const headers of odd) {
      expect((await get(url, headers)).statusCode, JSON.stringify(headers)).toBe(200);
    }
  });
});

describe('caching of public files', () => {
  it('caches public files for a year and answers a matching If-None-Match with 304', async () => {
    const url = `/api/files/public/${publicKey}`;
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(res.headers.etag);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get(url, { 'if-none-match': '"0-0"' })).statusCode).toBe(200);
    expect(
      (await get(`/api/files/public/avatars/${newId()}.webp`, { 'if-none-match': '*' })).statusCode,
    ).toBe(404);
  });
});

describe('validators', () => {
  const validators = validatorsOf({ size: 1234, modifiedAt: new Date('2026-06-01T12:00:00.250Z') });

  it('makes a strong tag from the size and time, and compares If-None-Match weakly', () => {
    expect(validators.etag).toBe(
      `"${(1234).toString(36)}-${Date.parse('2026-06-01T12:00:00.250Z').toString(36)}"`,
    );
    expect(validators.lastModified).toBe('Mon, 01 Jun 2026 12:00:00 GMT');
    expect(isNotModified({ ifNoneMatch: `W/${validators.etag}` }, validators)).toBe(true);
    expect(isNotModified({ ifNoneMatch: '"a", "b"' }, validators)).toBe(false);
    expect(isNotModified({}, validators)).toBe(false);
  });

  it('compares If-Range strongly', () => {
    expect(rangeStillApplies(undefined, validators)).toBe(true);
    expect(rangeStillApplies(validators.etag, validators)).toBe(true);
    expect(rangeStillApplies(`W/${validators.etag}`, validators)).toBe(false);
    expect(rangeStillApplies('Mon, 01 Jun 2026 12:00:00 GMT', validators)).toBe(true);
    expect(rangeStillApplies('Mon, 01 Jun 2026 12:00:01 GMT', validators)).toBe(false);
  });
});
