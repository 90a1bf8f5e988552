import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { tempDirOf } from '../media/media.service';

/*
 * A multipart body that ends before its closing boundary, sent over a real socket (inject() does not
 * go through the same stream ends). Every upload route must answer 400 within seconds, leave no temp
 * file and close the file it opened.
 */

let t: TestApp;
let port: number;
let fan: Awaited<ReturnType<TestApp['fan']>>;
let creator: Awaited<ReturnType<TestApp['creator']>>;

beforeAll(async () => {
  t = await createTestApp({ idleTimeoutMs: 1_000 });
  fan = await t.fan();
  creator = await t.creator();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  // A refused upload's handler may still be cleaning up after its answer: let it finish before the
  // database closes (on PostgreSQL a late query on an ended pool was an unhandled rejection).
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await t?.close();
});

/**
 * Open descriptors of files (an upload's temp file is one); sockets and pipes are left out, since a
 * PostgreSQL pool opens connections of its own while the test runs.
 */
const openFds = () =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith('/');
    } catch {
      return false;
    }
  }).length;
const tempFiles = () => {
  const dir = tempDirOf(t.ctx);
  return existsSync(dir) ? readdirSync(dir) : [];
};

/** Sends a multipart body cut in the middle of its file part and waits for the answer. */
function sendTruncated(
  path: string,
  field: string,
  token?: string,
  options: { leave?: boolean; stall?: boolean } = {},
): Promise<{ status: number; body: string }> {
  const boundary = `----fanstage${randomBytes(6).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="cut.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    randomBytes(100),
  ]);
  const head = [
    `POST ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Content-Type: multipart/form-data; boundary=${boundary}`,
    // A stalled client announces more than it sends.
    `Content-Length: ${body.length + (options.stall ? 1000 : 0)}`,
    'Connection: close',
    ...(token ? [`Authorization: Bearer ${token}`] : []),
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer from ${path} within 5 s`));
    }, 5_000);
    socket.on('timeout', () => socket.destroy());
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    // The HTTP body is complete (Content-Length); only the multipart inside it is cut short.
    socket.write(head);
    if (options.leave) socket.end(body);
    else socket.write(body);
  });
}

/** Waits (briefly) for a count to come back down: a closed descriptor is released asynchronously. */
async function settled(read: () => number, target: number) {
  for (let i = 0; i < 50 && read() > target; i++) await new Promise((r) => setTimeout(r, 20));
  return read();
}

const routes: { name: string; path: string; field: string; who: 'fan' | 'creator' | 'anonymous' }[] = [
  { name: 'feed upload', path: '/api/performer/feeds/photo/upload', field: 'file', who: 'creator' },
  {
    name: 'gallery photos',
    path: '/api/performer/performer-assets/photos/upload',
    field: 'photo',
    who: 'creator',
  },
  { name: 'product', path: '/api/performer/performer-assets/products', field: 'image', who: 'creator' },
  { name: 'video', path: '/api/performer/performer-assets/videos/upload', field: 'file', who: 'creator' },
  { name: 'welcome video', path: '/api/performers/welcome-video/upload', field: 'file', who: 'creator' },
  { name: 'chat photo', path: '/api/messages/public/file/photo', field: 'file', who: 'fan' },
  { name: 'chat video', path: '/api/messages/private/file/video', field: 'file', who: 'fan' },
  { name: 'chat file', path: '/api/messages/private/file', field: 'file', who: 'fan' },
  { name: 'fan avatar', path: '/api/users/avatar/upload', field: 'file', who: 'fan' },
  { name: 'creator avatar', path: '/api/performers/avatar/upload', field: 'file', who: 'creator' },
  { name: 'creator cover', path: '/api/performers/cover/upload', field: 'file', who: 'creator' },
  { name: 'documents', path: '/api/performers/documents/upload', field: 'idVerification', who: 'creator' },
  {
    name: 'creator sign-up',
    path: '/api/auth/performers/register',
    field: 'idVerification',
    who: 'anonymous',
  },
];

describe('a multipart body that ends before its closing boundary', () => {
  it.each(routes)('$name: answers 400 at once, leaves no temp file and closes its file', async (route) => {
    const token = route.who === 'fan' ? fan.token : route.who === 'creator' ? creator.token : undefined;
    const fdsBefore = openFds();
    const answer = await sendTruncated(route.path, route.field, token);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The upload ended before it was complete.',
    });
    expect(tempFiles()).toEqual([]);
    expect(await settled(openFds, fdsBefore)).toBeLessThanOrEqual(fdsBefore);
  });
});

it('cleans up when the client leaves after sending a cut body (no answer can reach it)', async () => {
  const fdsBefore = openFds();
  await sendTruncated('/api/performer/feeds/photo/upload', 'file', creator.token, { leave: true });
  await settled(() => tempFiles().length, 0);
  expect(tempFiles()).toEqual([]);
  expect(await settled(openFds, fdsBefore)).toBeLessThanOrEqual(fdsBefore);
});

it('closes a connection that stalls mid-upload, removing its temp file and closing its file', async () => {
  const fdsBefore = openFds();
  const started = Date.now();
  await sendTruncated('/api/performer/feeds/photo/upload', 'file', creator.token, { stall: true });
  expect(Date.now() - started).toBeLessThan(4_000);
  await settled(() => tempFiles().length, 0);
  expect(tempFiles()).toEqual([]);
  expect(await settled(openFds, fdsBefore)).toBeLessThanOrEqual(fdsBefore);
});
