import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { sessionCookie } from '@fanstage/contract';
import { cardSubscriptions, eq, subscriptions } from '@fanstage/db';
import { buildFeed, buildProduct, buildSubscription } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { type ReceivedMail, type SmtpInbox, startSmtpInbox } from '../../../test/stand-ins/smtp-inbox';
import { createSession } from '../auth/sessions';
import { renewDueSandboxCardSubscriptions } from '../subscriptions/card-subscriptions.renewal';
import {
  expiryReminderMs,
  remindExpiringSubscriptions,
  renewDueSubscriptions,
} from '../subscriptions/subscriptions.service';
import { grantWalletCredit } from '../wallet';
import { digestQuietMs, sendMessageDigests } from './notifications.service';

/*
 * Acceptance (issue 13): every mail the site sends, driven by its real trigger through the API or
 * its job, arrives at a real SMTP server with the right subject, and every link in it is an
 * absolute address on PUBLIC_URL that opens: a page renders (200, after redirects, as the person
 * it was sent to) and a token link does what it says. Needs the web build (`npm run build -w
 * apps/web`) for the pages.
 */

const hasWebBuild = existsSync(resolve(import.meta.dirname, '../../../../web/build/server/index.js'));
const publicUrl = 'https://fans.example.com';
const dayMs = 24 * 60 * 60 * 1000;

type Account = Awaited<ReturnType<TestApp['fan']>>;

describe.runIf(hasWebBuild)(
  'every listed mail, through a real SMTP server, with links that open',
  { timeout: 60_000 },
  () => {
    let inbox: ReceivedMail[] = [];
    const clock = new TestClock();
    let smtp: SmtpInbox;
    let t: TestApp;
    let admin: Account;

    beforeAll(async () => {
      smtp = await startSmtpInbox();
      inbox = smtp.mails;
      t = await createTestApp({
        clock,
        web: true,
        env: {
          SMTP_URL: smtp.url,
          PUBLIC_URL: publicUrl,
          QUEUE_POLL_SECONDS: '0.5',
          LOGIN_RATE_LIMIT: '1000',
          SIGNUP_RATE_LIMIT: '1000',
        },
      });
      admin = await t.admin();
    }, 60_000);
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    /** Waits for the mail to `to` whose subject matches (the notification mails go by a job). */
    const mailTo = (to: string, subject: string | RegExp) =>
      vi.waitFor(
        () => {
          const found = inbox.find(
            (m) =>
              m.to === to &&
              (typeof subject === 'string' ? m.subject.includes(subject) : subject.test(m.subject)),
          );
          if (!found)
            throw new Error(
              `no mail to ${to} about ${String(subject)}; got ${inbox.map((m) => `${m.to}: ${m.subject}`).join(' | ')}`,
            );
          return found;
        },
        { timeout: 15_000, interval: 100 },
      );

    const linksIn = (mail: ReceivedMail) => [...mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);

    /** A page of the site as `userId` sees it (fresh session), following redirects to where it lands. */
    async function open(path: string, userId: string | null) {
      const cookie = userId
        ? `${sessionCookie}=${(await createSession(t.ctx, { userId, remember: true })).token}`
        : undefined;
      let url = path;
      for (let hop = 0; hop < 4; hop++) {
        const res = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
        if (res.statusCode < 300 || res.statusCode >= 400) return { status: res.statusCode, url };
        url =
          new URL(String(res.headers.location), publicUrl).pathname +
          new URL(String(res.headers.location), publicUrl).search;
      }
      return { status: 0, url };
    }

    /** Every link of the mail is absolute on PUBLIC_URL, and its page opens (200) for the person. */
    async function expectLinksOpen(mail: ReceivedMail, userId: string | null) {
      const links = linksIn(mail);
      expect(links.length, mail.subject).toBeGreaterThan(0);
      for (const link of links) {
        expect(link.startsWith(`${publicUrl}/`), link).toBe(true);
        expect(mail.html, link).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
        const url = new URL(link);
        const page = await open(url.pathname + url.search, userId);
        expect(page, link).toMatchObject({ status: 200 });
      }
      return links;
    }

    const send = (who: Account | null, method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
      t.request({
        method,
        url,
        ...(who ? { token: who.token } : {}),
        ...(payload ? { payload } : {}),
      });
    const ok = async (res: Promise<{ statusCode: number; body: string; json: () => unknown }>) => {
      const done = await res;
      expect(done.statusCode, done.body).toBe(200);
      return done.json() as { data: Record<string, unknown> & { _id: string } };
    };
    const fund = (who: Account, cents: number) =>
      grantWalletCredit(t.ctx, {
        userId: who.user.id,
        amountCents: cents,
        reason: 'test',
        initiatorId: null,
      });
    /** Mail for these types, whatever their default (some are bell-only unless chosen). */
    const wantMail = (who: Account, types: string[]) =>
      ok(
        send(who, 'PUT', '/api/notifications/preferences', {
          preferences: types.map((type) => ({ type, channel: 'email' })),
        }),
      );

    it('sign-up: the verification link opens its page and verifies the address', async () => {
      const email = 'new.fan@example.test';
      await ok(
        send(null, 'POST', '/api/auth/users/register', {
          name: 'New Fan',
          username: 'new_fan_mail',
          email,
          password: 'password123',
        }),
      );
      const mail = await mailTo(email, 'Verify your email for');
      const [link] = await expectLinksOpen(mail, null);
      const token = new URL(link!).searchParams.get('token');
      await ok(send(null, 'POST', '/api/auth/email-verification/verify', { token }));
    });

    it('forgot password: the reset link opens, sets the password, and the owner is told of the change', async () => {
      const fan = await t.fan();
      await ok(send(null, 'POST', '/api/auth/users/forgot', { email: fan.user.email }));
      const mail = await mailTo(fan.user.email!, /^Reset your .* password$/);
      const [link] = await expectLinksOpen(mail, null);
      const token = new URL(link!).searchParams.get('token');
      await ok(send(null, 'POST', '/api/auth/users/reset-password', { token, password: 'reset-by-mail-1' }));
      const changed = await mailTo(fan.user.email!, /password was changed$/);
      await expectLinksOpen(changed, null);
    });

    it('password and email changes: the owner is told, the new address confirms by its link', async () => {
      const fan = await t.fan();
      await ok(
        send(fan, 'PUT', '/api/auth/users/me/password', {
          currentPassword: 'password123',
          password: 'another-pass-2',
        }),
      );
      await expectLinksOpen(await mailTo(fan.user.email!, /password was changed$/), fan.user.id);

      const newEmail = `moved-${fan.user.username}@example.test`;
      const other = await t.fan();
      await ok(send(other, 'POST', '/api/auth/users/me/email', { email: newEmail, password: 'password123' }));
      const confirm = await mailTo(newEmail, 'Confirm your new email for');
      const [link] = await expectLinksOpen(confirm, null);
      await ok(
        send(null, 'POST', '/api/auth/email-change/confirm', {
          token: new URL(link!).searchParams.get('token'),
        }),
      );
      const told = await mailTo(other.user.email!, /email was changed$/);
      expect(told.text).not.toContain(newEmail);
    });

    it('a new subscriber and a tip tell the creator', async () => {
      const [fan, creator] = [await t.fan(), await t.creator({ monthlyPrice: 10 })];
      await wantMail(creator, ['tip.received']);
      await fund(fan, 10_000);
      await ok(
        send(fan, 'POST', '/api/payment/subscribe/performers', {
          performerId: creator.user.id,
          type: 'monthly',
        }),
      );
      await expectLinksOpen(
        await mailTo(creator.user.email!, `${fan.user.username} subscribed to you`),
        creator.user.id,
      );
      await ok(send(fan, 'POST', `/api/wallet/charges/tip/${creator.user.id}`, { amount: 10 }));
      await expectLinksOpen(
        await mailTo(creator.user.email!, `${fan.user.username} sent you a tip`),
        creator.user.id,
      );
    });

    it('unread messages: the digest job mails a summary', async () => {
      const [fan, creator] = [await t.fan(), await t.creator()];
      await buildSubscription(t.ctx.db.db, { fanId: fan.user.id, performerId: creator.user.id });
      const opened = await ok(
        send(fan, 'POST', '/api/conversations', { source: 'performer', sourceId: creator.user.id }),
      );
      await ok(send(fan, 'POST', `/api/messages/conversations/${opened.data._id}`, { text: 'Hello there' }));
      clock.advance(digestQuietMs + 1000);
      await sendMessageDigests(t.ctx);
      await expectLinksOpen(await mailTo(creator.user.email!, 'You have 1 unread message'), creator.user.id);
    });

    it('a payout request mails the admins; each change mails the creator', async () => {
      const [fan, creator] = [await t.fan(), await t.creator()];
      await fund(fan, 20_000);
      await ok(send(fan, 'POST', `/api/wallet/charges/tip/${creator.user.id}`, { amount: 100 }));
      await ok(
        send(creator, 'PUT', '/api/performers/banking-settings', {
          holderName: 'Luna Rivers',
          bankName: 'Example Bank',
          accountNumber: 'DE89 3704 0044 0532 0130 00',
          swiftCode: 'DEUTDEFF',
          country: 'de',
        }),
      );
      const made = await ok(send(creator, 'POST', '/api/payout-requests', { amount: 50 }));
      const requested = await mailTo(admin.user.email!, /payout/i);
      await expectLinksOpen(requested, admin.user.id);
      await ok(send(admin, 'POST', `/api/admin/payout-requests/${made.data._id}/approve`));
      await expectLinksOpen(await mailTo(creator.user.email!, /approved/), creator.user.id);
      await ok(send(admin, 'POST', `/api/admin/payout-requests/${made.data._id}/mark-paid`));
      await expectLinksOpen(await mailTo(creator.user.email!, /paid/), creator.user.id);
    });

    it('an order: placed (its number), shipped (tracking, by an edited template) and delivered', async () => {
      const [fan, creator] = [await t.fan(), await t.creator()];
      await wantMail(fan, ['order.delivered']);
      await ok(
        send(admin, 'PUT', '/api/admin/email-templates/notification.order.shipped', {
          subject: 'Parcel #{{orderNumber}} is on its way',
          body: 'Hi {{name}}, tracking code {{trackingCode}}.\n\nFollow it here: {{link}}',
        }),
      );
      await fund(fan, 10_000);
      const product = await buildProduct(t.ctx.db.db, { performerId: creator.user.id, name: 'Glossy Zine' });
      const address = await ok(
        send(fan, 'POST', '/api/addresses/create', {
          name: 'Home',
          fullName: 'Ava Thompson',
          street: '1 Main Street',
          city: 'Springfield',
          country: 'United States',
        }),
      );
      const bought = await ok(
        send(fan, 'POST', `/api/wallet/charges/product/${product.id}`, {
          quantity: 1,
          deliveryAddressId: address.data._id,
        }),
      );
      const { orderId, orderNumber } = bought.data as unknown as { orderId: string; orderNumber: number };
      await expectLinksOpen(await mailTo(creator.user.email!, `New order #${orderNumber}`), creator.user.id);
      const update = (payload: object) => ok(send(creator, 'PUT', `/api/orders/${orderId}/update`, payload));
      await update({ deliveryStatus: 'shipping', trackingCode: 'TRACK-777' });
      const shipped = await mailTo(fan.user.email!, `Parcel #${orderNumber} is on its way`);
      expect(shipped.text).toContain(`Hi ${fan.user.name}, tracking code TRACK-777.`);
      await expectLinksOpen(shipped, fan.user.id);
      await update({ deliveryStatus: 'delivered' });
      await expectLinksOpen(
        await mailTo(fan.user.email!, `Order #${orderNumber} was delivered`),
        fan.user.id,
      );
    });

    it('a digital product: the buyer gets the way to download it', async () => {
      const [fan, creator] = [await t.fan(), await t.creator()];
      await fund(fan, 10_000);
      const product = await buildProduct(t.ctx.db.db, {
        performerId: creator.user.id,
        name: 'Summer presets',
        type: 'digital',
      });
      await ok(send(fan, 'POST', `/api/wallet/charges/product/${product.id}`, { quantity: 1 }));
      const mail = await mailTo(fan.user.email!, 'Your download of Summer presets is ready');
      const [link] = await expectLinksOpen(mail, fan.user.id);
      expect(link).toContain('/user/orders');
    });

    it('private shows: approved, declined and started each tell the fan', async () => {
      const [fan, creator] = [
        await t.fan(),
        await t.creator({ privateCallPrice: 1, profile: { acceptsCalls: true } }),
      ];
      await fund(fan, 5000);
      const ask = () =>
        ok(
          send(fan, 'POST', '/api/streaming/private/request', {
            performerId: creator.user.id,
            scheduledAt: new Date(clock.now().getTime() + 3_600_000).toISOString(),
            timezone: 'Europe/Paris',
            note: 'Hello',
          }),
        );
      const first = await ask();
      await ok(send(creator, 'POST', `/api/streaming/private/request/${first.data._id}/reject`));
      await expectLinksOpen(await mailTo(fan.user.email!, 'declined your private show'), fan.user.id);
      const second = await ask();
      await ok(send(creator, 'POST', `/api/streaming/private/request/${second.data._id}/approve`));
      await expectLinksOpen(await mailTo(fan.user.email!, 'approved your private show'), fan.user.id);
      await ok(send(creator, 'GET', `/api/streaming/private/request/${second.data._id}/start?price=2`));
      const started = await mailTo(fan.user.email!, 'started your private show');
      const [link] = await expectLinksOpen(started, fan.user.id);
      expect(link).toContain(`/private-shows/${second.data._id}`);
    });

    it('creator review: verified and rejected', async () => {
      const [one, two] = [
        await t.creator({ documentsVerified: false }),
        await t.creator({ documentsVerified: false }),
      ];
      await ok(send(admin, 'POST', `/api/admin/performers/${one.user.id}/verify-documents`));
      await expectLinksOpen(await mailTo(one.user.email!, /verified/i), one.user.id);
      await ok(
        send(admin, 'POST', `/api/admin/performers/${two.user.id}/reject-documents`, {
          reason: 'Blurry photo',
        }),
      );
      await expectLinksOpen(await mailTo(two.user.email!, /could not verify/i), two.user.id);
    });

    it('moderation: hidden content, a resolved report, a deactivated account', async () => {
      const [fan, creator] = [await t.fan(), await t.creator()];
      const feed = await buildFeed(t.ctx.db.db, { performerId: creator.user.id });
      await ok(
        send(admin, 'POST', `/api/admin/content/feed/${feed.id}/hide`, { reason: 'Against the rules' }),
      );
      await expectLinksOpen(await mailTo(creator.user.email!, /hid/i), creator.user.id);

      const report = await ok(
        send(fan, 'POST', '/api/reports', {
          target: 'performer',
          targetId: creator.user.id,
          category: 'spam',
        }),
      );
      await ok(
        send(admin, 'PUT', `/api/admin/reports/${report.data._id}`, { action: 'warn', reason: 'Spam' }),
      );
      await expectLinksOpen(await mailTo(fan.user.email!, 'Your report was reviewed'), fan.user.id);

      const gone = await t.fan();
      await ok(send(admin, 'POST', `/api/admin/users/${gone.user.id}/deactivate`, { reason: 'Fraud' }));
      const deactivated = await mailTo(gone.user.email!, /deactivated/i);
      expect(deactivated.text).not.toContain('/account/notifications');
      await expectLinksOpen(deactivated, null);
    });

    it('renewals: by wallet and by card tell the creator; a failed one tells the fan', async () => {
      const [paying, broke, byCard] = [await t.fan(), await t.fan(), await t.fan()];
      const creator = await t.creator({ monthlyPrice: 10 });
      await wantMail(creator, ['subscription.renewed']);
      await fund(paying, 5000);
      await fund(broke, 1000);
      for (const fan of [paying, broke]) {
        await ok(
          send(fan, 'POST', '/api/payment/subscribe/performers', {
            performerId: creator.user.id,
            type: 'monthly',
          }),
        );
      }
      const started = await ok(
        t.request({
          method: 'POST',
          url: '/api/payment/subscribe/performers',
          token: byCard.token,
          headers: { 'idempotency-key': randomUUID() },
          payload: { performerId: creator.user.id, type: 'monthly', paymentMethod: 'card' },
        }),
      );
      const orderId = String(started.data.checkoutUrl).split('/').at(-1);
      await ok(
        send(byCard, 'POST', `/api/payment/sandbox/checkout/${orderId}/pay`, {
          cardNumber: '4242 4242 4242 4242',
          expiry: '12/30',
          cvc: '123',
        }),
      );
      const [card] = await t.ctx.db.db
        .select()
        .from(cardSubscriptions)
        .where(eq(cardSubscriptions.fanId, byCard.user.id));
      clock.set(new Date(card!.currentPeriodEnd!.getTime() + 60_000));
      await renewDueSubscriptions(t.ctx);
      await renewDueSandboxCardSubscriptions(t.ctx);

      await expectLinksOpen(
        await mailTo(creator.user.email!, `${paying.user.name}'s subscription renewed`),
        creator.user.id,
      );
      const card2 = await mailTo(creator.user.email!, `${byCard.user.name}'s subscription renewed`);
      expect(card2.text).toContain('by card');
      await expectLinksOpen(card2, creator.user.id);
      await expectLinksOpen(await mailTo(broke.user.email!, /has ended/), broke.user.id);
    });

    it('a subscription that does not renew: the fan is reminded once, days before it ends', async () => {
      const [fan, creator] = [await t.fan(), await t.creator({ monthlyPrice: 10 })];
      await fund(fan, 5000);
      const sub = await ok(
        send(fan, 'POST', '/api/payment/subscribe/performers', {
          performerId: creator.user.id,
          type: 'monthly',
        }),
      );
      const [row] = await t.ctx.db.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.fanId, fan.user.id));
      await ok(send(fan, 'POST', `/api/payment/wallet/cancel-subscription/${row!.id}`));
      expect(sub.data).toBeTruthy();
      clock.set(new Date(row!.expiredAt.getTime() - expiryReminderMs + dayMs / 2));
      await remindExpiringSubscriptions(t.ctx);
      await remindExpiringSubscriptions(t.ctx);
      const mail = await mailTo(fan.user.email!, `Your subscription to ${creator.user.name} ends on`);
      await expectLinksOpen(mail, fan.user.id);
      expect(inbox.filter((m) => m.to === fan.user.email && m.subject.includes('ends on'))).toHaveLength(1);
    });
  },
);
