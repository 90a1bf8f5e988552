import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

/* One short line per request; static files of the web app only at debug. */

let t: TestApp;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'debug' },
    logStream: { write: (line: string) => void lines.push(JSON.parse(line)) },
  });
});
afterAll(() => t.close());

const linesAbout = (url: string) => lines.filter((l) => JSON.stringify(l).includes(url));
const info = 30;
const debug = 20;

describe('request logging', () => {
  it('logs an API request once, at info, with its status and time', async () => {
    await t.request({ url: '/api/health?probe=api' });
    const about = linesAbout('/api/health?probe=api');
    expect(about).toHaveLength(1);
    expect(about[0]).toMatchObject({ level: info, method: 'GET', statusCode: 200, msg: 'request' });
    expect(about[0]).toHaveProperty('ms');
  });

  it('logs a static file request only at debug', async () => {
    await t.request({ url: '/assets/entry.client-probe.js' });
    await t.request({ url: '/favicon-probe.ico' });
    const about = [...linesAbout('/assets/entry.client-probe.js'), ...linesAbout('/favicon-probe.ico')];
    expect(about.length).toBeGreaterThan(0);
    expect(about.every((l) => l.level === debug)).toBe(true);
  });
});
