import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { callTickJobName } from '../modules/calls/calls.jobs';
import { massDueJobName } from '../modules/messages/messages.mass';
import { digestJobName, pruneJobName } from '../modules/notifications/notifications.jobs';
import { expireTopUpsJobName } from '../modules/payments/payments.jobs';
import { endAbandonedJobName } from '../modules/streaming/streaming.jobs';
import { expiryReminderJobName, renewalJobName } from '../modules/subscriptions/subscriptions.jobs';

/*
 * Recurring work on two nodes of one database (a second app on the same database, as in
 * production behind a load balancer): each schedule runs once per time, never once per node.
 */

const env = { JOB_SCHEDULES: 'true', QUEUE_POLL_SECONDS: '0.5' };
let a: TestApp;
let b: TestApp;
/** Runs of the test schedules, by node. */
const runs = { minute: [] as string[], second: [] as string[] };

beforeAll(async () => {
  a = await createTestApp({ env });
  b = await createTestApp({ env, sharedDb: a.ctx.db });
  for (const [node, app] of [
    ['a', a],
    ['b', b],
  ] as const) {
    // Every minute: due at once (the minute that began less than a minute ago).
    await app.ctx.queue.schedule('test.every-minute', { cron: '* * * * *' }, async () => {
      runs.minute.push(node);
    });
    await app.ctx.queue.schedule('test.every-second', { everySeconds: 1 }, async () => {
      runs.second.push(node);
    });
  }
  // One after the other: on PGlite both nodes share one connection, and pg-boss's set-up is a
  // transaction of its own (two real nodes each have their own connections).
  await a.ctx.queue.start();
  await b.ctx.queue.start();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const jobsOf = async (name: string) =>
  (
    await a.ctx.db.query<{ jobs: number; slots: number }>(
      `SELECT count(*)::int AS jobs, count(DISTINCT singleton_on)::int AS slots
         FROM pgboss.job WHERE name = $1`,
      [name],
    )
  ).rows[0]!;

describe('recurring jobs on two nodes of one database', () => {
  it('registers the schedules when the queue starts', async () => {
    const { rows } = await a.ctx.db.query<{ name: string; cron: string }>(
      'SELECT name, cron FROM pgboss.schedule ORDER BY name',
    );
    const names = rows.map((r) => r.name);
    for (const name of [
      massDueJobName,
      digestJobName,
      pruneJobName,
      expireTopUpsJobName,
      renewalJobName,
      expiryReminderJobName,
      'test.every-minute',
    ]) {
      expect(names).toContain(name);
    }
    // One row per schedule although both nodes wrote theirs.
    expect(new Set(names).size).toBe(names.length);
    // Sub-minute work is a per-node trigger of a singleton job, not a cron row.
    expect(names).not.toContain(callTickJobName);
    expect(a.ctx.queue.schedules().get(callTickJobName)).toEqual({ everySeconds: 5 });
    expect(b.ctx.queue.schedules().get(endAbandonedJobName)).toEqual({ everySeconds: 15 });
  });

  it('runs a cron schedule once across both nodes, not once per node', async () => {
    await expect.poll(() => runs.minute.length, { timeout: 30_000, interval: 100 }).toBeGreaterThan(0);
    const { rows } = await a.ctx.db.query<{ jobs: number; minutes: number }>(
      `SELECT count(*)::int AS jobs, count(DISTINCT date_trunc('minute', created_on))::int AS minutes
         FROM pgboss.job WHERE name = 'test.every-minute'`,
    );
    // One job per minute, and each job ran on one node only.
    expect(rows[0]!.jobs).toBe(rows[0]!.minutes);
    expect(runs.minute.length).toBe(rows[0]!.jobs);
  }, 45_000);

  it('runs a sub-minute schedule once per time slot, though both nodes ask for it', async () => {
    await expect.poll(() => runs.second.length, { timeout: 15_000, interval: 100 }).toBeGreaterThanOrEqual(3);
    const { jobs, slots } = await jobsOf('test.every-second');
    expect(jobs).toBe(slots);
    expect(runs.second.length).toBeLessThanOrEqual(jobs);
  }, 45_000);
});
