import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type ReceivedMail, type SmtpInbox, startSmtpInbox } from '../../../test/stand-ins/smtp-inbox';

describe('mail through a real SMTP server', () => {
  let inbox: ReceivedMail[] = [];
  let smtp: SmtpInbox;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    inbox = smtp.mails;
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, LOGIN_RATE_LIMIT: '1000', SIGNUP_RATE_LIMIT: '1000' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the reset link by SMTP, and the link sets a new password once', async () => {
    const { user } = await t.fan();
    await t.request({ method: 'POST', url: '/api/auth/users/forgot', payload: { email: user.email } });
    const mail = inbox.find((m) => m.to === user.email);
    expect(mail?.subject).toMatch(/Reset your .* password/);
    const token = mail!.text.match(/reset-password\?token=([\w-]+)/)![1]!;
    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/users/reset-password',
      payload: { token, password: 'via-smtp-123' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.email, password: 'via-smtp-123' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('sends the verification mail at sign-up', async () => {
    await t.request({
      method: 'POST',
      url: '/api/auth/users/register',
      payload: { name: 'Mia', username: 'mia_smtp', email: 'mia@example.test', password: 'password123' },
    });
    const mail = inbox.find((m) => m.to === 'mia@example.test');
    expect(mail?.text).toMatch(/verify-email\?token=/);
  });
});

describe('development outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps mail for admins to read at /api/admin/outbox', async () => {
    const { user } = await t.fan();
    await t.request({ method: 'POST', url: '/api/auth/users/forgot', payload: { email: user.email } });
    const { token } = await t.admin();
    const res = await t.request({ url: '/api/admin/outbox', token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({ to: user.email, subject: expect.stringMatching(/Reset/) });
  });

  it('is hidden from fans and creators', async () => {
    const fan = await t.fan();
    const creator = await t.creator();
    expect((await t.request({ url: '/api/admin/outbox', token: fan.token })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/admin/outbox', token: creator.token })).statusCode).toBe(403);
  });
});
