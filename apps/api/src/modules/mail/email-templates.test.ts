import { auditLog, eq } from '@fanstage/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { waitForMail } from '../../../test/notifications';
import { renderEmail } from './email-templates.render';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['admin']>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(() => t.close());

const url = (key: string, tail = '') => `/api/admin/email-templates/${key}${tail}`;
const put = (key: string, payload: object, token = admin.token) =>
  t.request({ method: 'PUT', url: url(key), token, payload });
const auditsOf = (key: string) => t.ctx.db.db.select().from(auditLog).where(eq(auditLog.targetId, key));

describe('email templates for admins', () => {
  it('lists every mail with its placeholders, each at its default', async () => {
    const res = await t.request({ url: '/api/admin/email-templates', token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    const keys = res.json().data.map((d: { key: string }) => d.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'auth.verify-email',
        'auth.reset-password',
        'auth.password-changed',
        'auth.email-changed',
        'notification.order.shipped',
        'notification.subscription.expiring',
        'notification.order.download-ready',
        'notification.private-show.starting',
      ]),
    );
    const shipped = res.json().data.find((d: { key: string }) => d.key === 'notification.order.shipped');
    expect(shipped).toMatchObject({ isEdited: false, updatedAt: null });
    expect(shipped.placeholders).toEqual(
      expect.arrayContaining(['name', 'link', 'orderNumber', 'trackingCode']),
    );
  });

  it('saves an edit with an audit row, shows it, and resets it to the default with another', async () => {
    const key = 'auth.password-changed';
    const saved = await put(key, {
      subject: 'Password news for {{name}}',
      body: 'Hi {{name}}, see {{link}}',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      isEdited: true,
      subject: 'Password news for {{name}}',
      body: 'Hi {{name}}, see {{link}}',
      updatedBy: { _id: admin.user.id },
    });
    const read = await t.request({ url: url(key), token: admin.token });
    expect(read.json().data.defaultSubject).toBe('Your {{siteName}} password was changed');

    const reset = await t.request({ method: 'POST', url: url(key, '/reset'), token: admin.token });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data).toMatchObject({
      isEdited: false,
      subject: 'Your {{siteName}} password was changed',
    });
    expect((await auditsOf(key)).map((a) => a.action).sort()).toEqual([
      'email-template.reset',
      'email-template.update',
    ]);
  });

  it('refuses an unknown placeholder with a 400 naming it, and saves nothing', async () => {
    const key = 'notification.order.placed';
    const res = await put(key, { subject: 'Order {{orderNumber}}', body: 'Hello {{nmae}}, {{link}}' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('{{nmae}}');
    expect(res.json().message).toContain('{{orderNumber}}');
    expect((await t.request({ url: url(key), token: admin.token })).json().data.isEdited).toBe(false);
    expect(await auditsOf(key)).toEqual([]);
  });

  it('refuses a subject or body over its limit, saying the limit', async () => {
    const long = await put('auth.verify-email', { subject: 'x'.repeat(201), body: 'ok' });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('200 characters');
    const huge = await put('auth.verify-email', { subject: 'ok', body: 'x'.repeat(20_001) });
    expect(huge.statusCode).toBe(400);
    expect(huge.body).toContain('20,000 characters');
    const empty = await put('auth.verify-email', { subject: ' ', body: '' });
    expect(empty.statusCode).toBe(400);
  });

  it('answers 404 for a key that is no mail', async () => {
    expect((await t.request({ url: url('auth.nothing'), token: admin.token })).statusCode).toBe(404);
    expect((await put('auth.nothing', { subject: 'a', body: 'b' })).statusCode).toBe(404);
    const bad = await t.request({ url: url('Not A Key!'), token: admin.token });
    expect(bad.statusCode).toBe(400);
  });

  it('previews with sample values and absolute links, also unsaved words', async () => {
    const stored = await t.request({
      method: 'POST',
      url: url('notification.order.shipped', '/preview'),
      token: admin.token,
      payload: {},
    });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().data.text).toContain(`${t.ctx.config.PUBLIC_URL}/`);
    const draft = await t.request({
      method: 'POST',
      url: url('notification.order.shipped', '/preview'),
      token: admin.token,
      payload: { subject: 'Parcel {{orderNumber}}', body: 'Track {{trackingCode}} at {{link}}' },
    });
    expect(draft.json().data).toMatchObject({ subject: 'Parcel 1042' });
    expect(draft.json().data.html).toContain('<a href="http');
    const wrong = await t.request({
      method: 'POST',
      url: url('notification.order.shipped', '/preview'),
      token: admin.token,
      payload: { body: '{{password}}' },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    for (const who of [await t.fan(), await t.creator()]) {
      expect((await t.request({ url: '/api/admin/email-templates', token: who.token })).statusCode).toBe(403);
      expect((await put('auth.verify-email', { subject: 'a', body: 'b' }, who.token)).statusCode).toBe(403);
      const reset = await t.request({
        method: 'POST',
        url: url('auth.verify-email', '/reset'),
        token: who.token,
      });
      expect(reset.statusCode).toBe(403);
    }
    expect((await t.request({ url: '/api/admin/email-templates' })).statusCode).toBe(401);
  });

  it('sends the edited words at once (the cache follows the edit)', async () => {
    const { user } = await t.fan();
    await t.request({ method: 'POST', url: '/api/auth/users/forgot', payload: { email: user.email } });
    await waitForMail(t.ctx, user.email!, 'Reset your');
    const saved = await put('auth.reset-password', {
      subject: 'A new password for {{name}}',
      body: 'Here: {{link}}',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.request({ method: 'POST', url: '/api/auth/users/forgot', payload: { email: user.email } });
    const mail = await waitForMail(t.ctx, user.email!, `A new password for ${user.name}`);
    expect(mail.text).toMatch(/^Here: http.*reset-password\?token=/);
    await t.request({ method: 'POST', url: url('auth.reset-password', '/reset'), token: admin.token });
  });
});

describe('rendering', () => {
  it('escapes values in the HTML part and never reads a value as a placeholder', () => {
    const mail = renderEmail(
      { subject: 'Hi {{name}}', body: 'Hello {{name}}\n\n{{link}}' },
      { name: '<b>{{link}}</b>', link: 'https://example.test/a?b=1&c=2' },
    );
    expect(mail.subject).toBe('Hi <b>{{link}}</b>');
    expect(mail.text).toBe('Hello <b>{{link}}</b>\n\nhttps://example.test/a?b=1&c=2');
    expect(mail.html).toContain('Hello &lt;b&gt;{{link}}&lt;/b&gt;');
    expect(mail.html).toContain('<a href="https://example.test/a?b=1&amp;c=2"');
    expect(mail.html).not.toContain('<b>');
  });
});
