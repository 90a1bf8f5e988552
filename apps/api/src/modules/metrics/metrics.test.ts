import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { loadConfig } from '../../config';

let t: TestApp;
let guarded: TestApp;
const token = 'metrics-token-0123456789';

beforeAll(async () => {
  t = await createTestApp();
  guarded = await createTestApp({ env: { METRICS_TOKEN: token, METRICS_ALLOW: '10.0.0.0/8,192.168.1.7' } });
});
afterAll(async () => {
  await guarded.close();
  await t.close();
});

/** One sample's value from the Prometheus text, by its name and labels as written. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

const scrape = async (app: TestApp = t) => {
  const res = await app.request({ url: '/api/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0.0.4/);
  return res.body;
};

describe('GET /api/metrics', () => {
  it('times requests by route pattern and status, never by the address typed', async () => {
    const creator = await t.creator();
    for (let i = 0; i < 3; i++) await t.request({ url: `/api/performers/${creator.user.username}` });
    await t.request({ url: '/api/performers/nobody-here' });
    const text = await scrape();
    expect(
      sample(
        text,
        'fanstage_http_request_duration_seconds_count{method="GET",route="/api/performers/:id",status="200"}',
      ),
    ).toBe(3);
    expect(
      sample(
        text,
        'fanstage_http_request_duration_seconds_count{method="GET",route="/api/performers/:id",status="404"}',
      ),
    ).toBe(1);
    expect(text).not.toContain(creator.user.username);
  });

  it('shows statements sent, sockets, live shows, the ledger check and the process', async () => {
    const before = sample(await scrape(), 'fanstage_db_statements_total')!;
    await t.request({ url: '/api/user/feeds', token: (await t.fan()).token });
    const text = await scrape();
    expect(sample(text, 'fanstage_db_statements_total')).toBeGreaterThan(before);
    expect(sample(text, 'fanstage_sockets_connected')).toBe(0);
    expect(sample(text, 'fanstage_live_viewer_sockets')).toBe(0);
    expect(sample(text, 'fanstage_live_shows')).toBe(0);
    expect(sample(text, 'fanstage_ledger_problems')).toBe(0);
    expect(sample(text, 'fanstage_ledger_checked_seconds_ago')).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^fanstage_process_resident_memory_bytes \d+/m);
  });

  it('shows waiting jobs by queue and the age of the oldest', async () => {
    await t.ctx.queue.send('metrics-nobody-works-this', { n: 1 });
    await t.ctx.queue.send('metrics-nobody-works-this', { n: 2 });
    const text = await scrape();
    expect(sample(text, 'fanstage_job_queue_depth{queue="metrics-nobody-works-this"}')).toBe(2);
    expect(
      sample(text, 'fanstage_job_queue_oldest_seconds{queue="metrics-nobody-works-this"}'),
    ).toBeGreaterThanOrEqual(0);
  });

  it('counts mail the transport refused', async () => {
    const failing = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      await expect(
        failing.ctx.mailer.send({ to: 'a@example.test', subject: 'x', text: 'y' }),
      ).rejects.toThrow();
      expect(sample(await scrape(failing), 'fanstage_mail_failures_total')).toBe(1);
    } finally {
      await failing.close();
    }
  });

  it('answers only the token or the allowed addresses', async () => {
    const at = (remoteAddress: string, headers: Record<string, string> = {}) =>
      guarded.app.inject({ url: '/api/metrics', remoteAddress, headers });
    const refused = await at('127.0.0.1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/monitoring/);
    expect((await at('10.20.30.40')).statusCode).toBe(200);
    expect((await at('::ffff:192.168.1.7')).statusCode).toBe(200);
    expect((await at('192.168.1.8')).statusCode).toBe(403);
    expect((await at('203.0.113.9', { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    expect((await at('10.20.30.40', { authorization: 'Bearer not-the-token-at-all' })).statusCode).toBe(403);
    // Without METRICS_ALLOW only loopback reads them.
    expect((await t.app.inject({ url: '/api/metrics', remoteAddress: '10.1.1.1' })).statusCode).toBe(403);
  });

  it('refuses a METRICS_ALLOW entry that is not an address', () => {
    expect(() => loadConfig({ METRICS_ALLOW: '10.0.0.0/8,office' })).toThrow(
      /METRICS_ALLOW: "office" is not an address/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16/);
  });
});
