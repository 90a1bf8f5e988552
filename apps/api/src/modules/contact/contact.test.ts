import { outboxEmails } from '@fanstage/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { EMAIL_RATE_LIMIT: '3', ADMIN_EMAIL: 'team@example.test' } });
});
afterAll(() => t.close());

const send = (payload: unknown, ip = '10.1.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress: ip });

const mailsTo = (to: string) => t.ctx.db.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));

describe('POST /contact', () => {
  it('mails the message to the team and thanks the sender', async () => {
    const res = await send({
      name: 'Visitor',
      email: 'Visitor@Example.test',
      message: 'Do you ship to Chile?',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.message).toMatch(/message is sent/);
    const [mail] = await mailsTo('team@example.test');
    expect(mail?.subject).toContain('Visitor');
    expect(mail?.text).toContain('Do you ship to Chile?');
    expect(mail?.text).toContain('visitor@example.test');
  });

  it('refuses an empty or too long message, a bad address and a missing name with sentences, and mails nothing', async () => {
    const before = (await mailsTo('team@example.test')).length;
    const cases = [
      { name: 'A', email: 'a@example.test', message: '   ' },
      { name: 'A', email: 'a@example.test', message: 'x'.repeat(2001) },
      { name: 'A', email: 'not-an-address', message: 'Hi' },
      { email: 'a@example.test', message: 'Hi' },
      { name: 'A', email: 'a@example.test', message: 42 },
    ];
    for (const [i, payload] of cases.entries()) {
      const res = await send(payload, `10.1.1.${i}`);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/[a-z]+.*\./i);
    }
    expect(res400Messages(await send(cases[1], '10.1.0.3'))).toContain(
      'The message can be at most 2000 characters.',
    );
    expect((await mailsTo('team@example.test')).length).toBe(before);
  });

  it('limits one address to a few messages an hour with a readable 429', async () => {
    const payload = { name: 'Spam', email: 'spam@example.test', message: 'Buy now' };
    for (let i = 0; i < 3; i += 1) expect((await send(payload, '10.1.0.9')).statusCode).toBe(200);
    const limited = await send(payload, '10.1.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/too many|try again/i);
    expect((await send(payload, '10.1.0.10')).statusCode).toBe(200);
  });
});

function res400Messages(res: { json(): { message: string; details?: { message: string }[] } }): string[] {
  const body = res.json();
  return [body.message, ...(body.details ?? []).map((d) => d.message)];
}
