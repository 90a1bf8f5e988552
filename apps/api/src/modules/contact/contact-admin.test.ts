import { auditLog, contactMessages, outboxEmails } from '@fanstage/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let admin: { token: string; user: { id: string; email: string | null } };
let secondAdmin: { token: string; user: { id: string; email: string | null } };
beforeAll(async () => {
  t = await createTestApp({ env: { EMAIL_RATE_LIMIT: '2' } });
  admin = await t.admin();
  secondAdmin = await t.admin();
});
afterAll(() => t.close());

const send = (payload: object, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: ip });
const list = (token: string | undefined, query = '') =>
  t.request({ method: 'GET', url: `/api/admin/contact-messages${query}`, token });
const handle = (token: string | undefined, id: string) =>
  t.request({ method: 'POST', url: `/api/admin/contact-messages/${id}/handled`, token });

describe('contact messages for admins', () => {
  it('stores each message and mails it to every admin', async () => {
    const first = await send(
      { name: 'First', email: 'first@example.test', subject: 'Billing', message: 'Where is my invoice?' },
      '10.2.0.1',
    );
    expect(first.statusCode, first.body).toBe(200);
    const second = await send(
      { name: 'Second', email: 'second@example.test', message: 'Hello!' },
      '10.2.0.2',
    );
    expect(second.statusCode).toBe(200);
    for (const a of [admin, secondAdmin]) {
      const mails = await t.ctx.db.db
        .select()
        .from(outboxEmails)
        .where(eq(outboxEmails.to, (a.user.email ?? '').toLowerCase()));
      expect(mails.map((m) => m.subject)).toEqual(
        expect.arrayContaining([
          expect.stringContaining('First - Billing'),
          expect.stringContaining('Second'),
        ]),
      );
    }
    const res = await list(admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    // Newest first, with every field the console shows.
    expect(body.data.map((m: { name: string }) => m.name)).toEqual(['Second', 'First']);
    expect(body.data[1]).toMatchObject({
      name: 'First',
      email: 'first@example.test',
      subject: 'Billing',
      message: 'Where is my invoice?',
      handledAt: null,
    });
    expect(Date.parse(body.data[1].createdAt)).not.toBeNaN();
    const page = await list(admin.token, '?limit=1&offset=1');
    expect(page.json().data.map((m: { name: string }) => m.name)).toEqual(['First']);
    expect(page.json().total).toBe(2);
  });

  it('limits one address per hour (429) and stores nothing more', async () => {
    const payload = { name: 'Spam', email: 'spam@example.test', message: 'Buy now' };
    for (let i = 0; i < 2; i += 1) expect((await send(payload, '10.2.9.9')).statusCode).toBe(200);
    const limited = await send(payload, '10.2.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/too many|try again/i);
    const spam = await t.ctx.db.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'spam@example.test'));
    expect(spam).toHaveLength(2);
  });

  it('marks a message handled, once, with an audit row; the status filter follows', async () => {
    const [row] = await t.ctx.db.db.select().from(contactMessages).where(eq(contactMessages.name, 'First'));
    const id = row?.id ?? '';
    const res = await handle(admin.token, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.handledAt).not.toBeNull();
    const again = await handle(secondAdmin.token, id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.handledAt).toBe(res.json().data.handledAt);
    const audits = await t.ctx.db.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin.user.id, action: 'contact-message.handle' });
    const open = (await list(admin.token, '?status=open')).json();
    expect(open.data.map((m: { id: string }) => m.id)).not.toContain(id);
    const handled = (await list(admin.token, '?status=handled')).json();
    expect(handled.data.map((m: { id: string }) => m.id)).toEqual([id]);
  });

  it('is for admins only: 401 without a session, 403 for fans and creators', async () => {
    const [row] = await t.ctx.db.db.select().from(contactMessages).limit(1);
    const fan = await t.fan();
    const creator = await t.creator();
    expect((await list(undefined)).statusCode).toBe(401);
    for (const who of [fan, creator]) {
      expect((await list(who.token)).statusCode).toBe(403);
      expect((await handle(who.token, row?.id ?? '')).statusCode).toBe(403);
    }
    const [after] = await t.ctx.db.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, row?.id ?? ''));
    expect(after?.handledAt).toEqual(row?.handledAt);
  });

  it('answers 404 for an unknown id and 400 with a sentence for bad input', async () => {
    const unknown = await handle(admin.token, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('That contact message was not found.');
    const badId = await handle(admin.token, 'not-an-id');
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toMatch(/not a valid message id/);
    for (const query of ['?limit=0', '?limit=abc', '?offset=-1', '?status=maybe']) {
      const res = await list(admin.token, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(/[a-z].*\./i);
    }
    const longSubject = await send(
      { name: 'A', email: 'a@example.test', subject: 'x'.repeat(201), message: 'Hi' },
      '10.2.5.5',
    );
    expect(longSubject.statusCode).toBe(400);
    expect(longSubject.body).toMatch(/subject can be at most 200/);
  });
});
