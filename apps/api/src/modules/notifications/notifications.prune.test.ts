import { notifications } from '@fanstage/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { notificationsOf } from '../../../test/notifications';
import { keepAnyMs, keepReadMs, pruneNotifications } from './notifications.service';

const clock = new TestClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const dayMs = 24 * 60 * 60 * 1000;

describe('pruning old notifications', () => {
  it('deletes read ones older than 90 days and any older than a year, and keeps the rest', async () => {
    const { user } = await t.fan();
    const now = clock.now().getTime();
    const at = (msAgo: number) => new Date(now - msAgo);
    const row = (title: string, createdAgo: number, isRead: boolean) => ({
      userId: user.id,
      type: 'tip.received',
      title,
      body: title,
      createdAt: at(createdAgo),
      readAt: isRead ? at(createdAgo - 1000) : null,
    });
    await t.ctx.db.db
      .insert(notifications)
      .values([
        row('read, 91 days', keepReadMs + dayMs, true),
        row('read, 89 days', keepReadMs - dayMs, true),
        row('unread, 91 days', keepReadMs + dayMs, false),
        row('unread, 366 days', keepAnyMs + dayMs, false),
        row('unread, 364 days', keepAnyMs - dayMs, false),
      ]);
    expect(await pruneNotifications(t.ctx)).toBe(2);
    expect((await notificationsOf(t.ctx, user.id)).map((n) => n.title).sort()).toEqual([
      'read, 89 days',
      'unread, 364 days',
      'unread, 91 days',
    ]);
    expect(await pruneNotifications(t.ctx)).toBe(0);
  });
});
