import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { type GatewayEvent, type PaymentGateway, WebhookRejected } from './payments.gateway';

/*
 * The sandbox gateway: a checkout page inside the app with test cards. Its "bank" decides the
 * outcome from the card number, then delivers a signed webhook exactly like a real gateway would
 * (HMAC-SHA256 over "timestamp.raw body" with a key derived from SECRET), which goes through the
 * same verification and processing as any webhook. The browser's word never credits anything.
 */

export const sandboxSignatureHeader = 'fanstage-sandbox-signature';
/** How old a signed delivery may be. */
export const sandboxToleranceSeconds = 300;

export type SandboxOutcome =
  | { status: 'succeeded' }
  | { status: 'failed'; code: 'card_declined' | 'insufficient_funds'; message: string };

/**
 * The last four digits the sandbox remembers of a card that paid a subscription, and what a renewal
 * charged to it does: the sandbox keeps no card numbers, and only the test cards exist there.
 */
export const sandboxRenewalOutcomeOf = (last4: string | null): SandboxOutcome =>
  sandboxOutcomeOf(
    last4 === '4242' ? '4242424242424242' : last4 === '9995' ? '4000000000009995' : '4000000000000002',
  );

/** What the sandbox bank does with a card number (digits only). */
export function sandboxOutcomeOf(cardNumber: string): SandboxOutcome {
  if (cardNumber === '4242424242424242') return { status: 'succeeded' };
  if (cardNumber === '4000000000009995') {
    return { status: 'failed', code: 'insufficient_funds', message: 'The card has insufficient funds.' };
  }
  return { status: 'failed', code: 'card_declined', message: 'The card was declined.' };
}

const webhookKeyOf = (secret: string) =>
  createHmac('sha256', secret).update('fanstage:payments:sandbox-webhook').digest();

const signatureOf = (key: Buffer, timestamp: number, rawBody: Buffer | string) =>
  createHmac('sha256', key).update(`${timestamp}.`).update(rawBody).digest('hex');

/** The sandbox's webhook body. */
export const ZSandboxEvent = z.object({
  id: z.string().regex(/^sbx_evt_[A-Za-z0-9]{8,64}$/),
  type: z.enum(['payment.succeeded', 'payment.failed']),
  created: z.number().int(),
  data: z.object({
    paymentId: z.string().min(1).max(200),
    orderId: z.string().uuid(),
    amountCents: z.number().int().min(0),
    currency: z.string().min(3).max(3),
    failureCode: z.string().max(100).nullable(),
    failureMessage: z.string().max(300).nullable(),
    /** Set when the payment is one period of a card subscription. */
    subscription: z
      .object({
        id: z.string().regex(/^sbx_sub_[a-f0-9]{32}$/),
        cardSubscriptionId: z.string().uuid(),
        periodStart: z.number().int(),
        periodEnd: z.number().int(),
        cardLast4: z.string().regex(/^\d{4}$/),
      })
      .optional(),
  }),
});
export type TSandboxEvent = z.infer<typeof ZSandboxEvent>;

/** A new sandbox event id. */
export const newSandboxEventId = () => `sbx_evt_${randomBytes(12).toString('hex')}`;

/** Signs a raw webhook body as the sandbox bank does: `t=<unix seconds>,v1=<hex>`. */
export function signSandboxPayload(ctx: Pick<AppContext, 'config' | 'clock'>, rawBody: string): string {
  const timestamp = Math.floor(ctx.clock.now().getTime() / 1000);
  return `t=${timestamp},v1=${signatureOf(webhookKeyOf(ctx.config.SECRET), timestamp, rawBody)}`;
}

function verifySandboxSignature(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  rawBody: Buffer,
  header: string | string[] | undefined,
): void {
  if (typeof header !== 'string') throw new WebhookRejected('missing signature header');
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isSafeInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) {
    throw new WebhookRejected('malformed signature header');
  }
  const expected = Buffer.from(signatureOf(webhookKeyOf(ctx.config.SECRET), timestamp, rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) throw new WebhookRejected('bad signature');
  const age = Math.abs(ctx.clock.now().getTime() / 1000 - timestamp);
  if (age > sandboxToleranceSeconds) throw new WebhookRejected('signature timestamp outside the tolerance');
}

/** The sandbox's id of a card subscription. */
export const sandboxSubscriptionIdOf = (cardSubscriptionId: string) =>
  `sbx_sub_${cardSubscriptionId.replaceAll('-', '')}`;

export function createSandboxGateway(ctx: AppContext): PaymentGateway {
  return {
    name: 'sandbox',
    paysFirstPeriodThroughOrder: true,
    async startSubscription({ cardSubscription, firstOrder }) {
      if (!firstOrder) throw new Error('a sandbox subscription is paid through its first order');
      return {
        gatewaySubscriptionId: sandboxSubscriptionIdOf(cardSubscription.id),
        checkoutUrl: `/payment/sandbox/checkout/${firstOrder.id}`,
        clientSecret: null,
      };
    },
    // The sandbox bills nothing by itself: the renewal job asks it each period, and skips rows
    // cancelled at period end, so there is nothing to tell it.
    async cancelSubscriptionAtPeriodEnd() {},
    // Sandbox cards are test numbers: no money left anywhere, so there is nothing to send back.
    async refundInvoice() {},
    async startPayment({ order }) {
      return {
        gatewayPaymentId: `sbx_pay_${order.id.replaceAll('-', '')}`,
        // A page of this site (same origin as the web app).
        checkoutUrl: `/payment/sandbox/checkout/${order.id}`,
        clientSecret: null,
      };
    },
    parseWebhook(rawBody, headers): GatewayEvent {
      verifySandboxSignature(ctx, rawBody, headers[sandboxSignatureHeader]);
      let parsed: TSandboxEvent;
      try {
        parsed = ZSandboxEvent.parse(JSON.parse(rawBody.toString('utf8')));
      } catch {
        throw new WebhookRejected('body is not a sandbox event');
      }
      const { data } = parsed;
      return {
        eventId: parsed.id,
        type: parsed.type,
        outcome: parsed.type === 'payment.succeeded' ? 'succeeded' : 'failed',
        gatewayPaymentId: data.paymentId,
        orderId: data.orderId,
        amountCents: data.amountCents,
        currency: data.currency.toLowerCase(),
        failureReason: data.failureMessage,
        summary: {
          type: parsed.type,
          paymentId: data.paymentId,
          failureCode: data.failureCode,
          ...(data.subscription ? { subscription: data.subscription.id } : {}),
        },
        invoice: data.subscription
          ? {
              invoiceId: data.paymentId,
              gatewaySubscriptionId: data.subscription.id,
              cardSubscriptionId: data.subscription.cardSubscriptionId,
              periodStart: new Date(data.subscription.periodStart * 1000),
              periodEnd: new Date(data.subscription.periodEnd * 1000),
              cardLast4: data.subscription.cardLast4,
            }
          : null,
      };
    },
  };
}
