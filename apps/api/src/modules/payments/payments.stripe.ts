import Stripe from 'stripe';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import {
  type CheckoutCustomer,
  type GatewayEvent,
  type PaymentGateway,
  WebhookRejected,
} from './payments.gateway';
import { findGatewayCustomer, saveGatewayCustomer } from './payments.repo';

/*
 * Stripe through PaymentIntents. A top-up creates a PaymentIntent (idempotent per order); the page
 * confirms it with Stripe.js and the client secret, or a saved card confirms it at once. Only the
 * signed webhook `payment_intent.succeeded` credits the wallet.
 */

const clients = new WeakMap<Config, Stripe>();

/**
 * The Stripe client for this configuration (subscriptions and Connect payouts use it too).
 * STRIPE_API_URL points it elsewhere (tests: an in-repo fake server).
 */
export function stripeClientOf(config: Config): Stripe {
  const cached = clients.get(config);
  if (cached) return cached;
  if (!config.STRIPE_SECRET_KEY) throw new AppError('UNAVAILABLE', 'Card payments are not configured.');
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  const client = new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'http:' ? 80 : 443),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
  clients.set(config, client);
  return client;
}

const headerOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** What a top-up needs from a PaymentIntent event; other events are recorded and ignored. */
export function gatewayEventOfStripe(event: Stripe.Event): GatewayEvent {
  const base = {
    eventId: event.id,
    type: event.type,
    summary: { type: event.type } as Record<string, unknown>,
  };
  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object as Stripe.PaymentIntent;
    const succeeded = event.type === 'payment_intent.succeeded';
    return {
      ...base,
      outcome: succeeded ? 'succeeded' : 'failed',
      gatewayPaymentId: intent.id,
      orderId: intent.metadata?.orderId ?? null,
      amountCents: succeeded ? intent.amount_received || intent.amount : intent.amount,
      currency: intent.currency,
      failureReason: succeeded ? null : (intent.last_payment_error?.message ?? 'The payment failed.'),
      summary: { type: event.type, paymentIntent: intent.id, status: intent.status },
    };
  }
  return {
    ...base,
    outcome: 'ignored',
    gatewayPaymentId: null,
    orderId: null,
    amountCents: null,
    currency: null,
    failureReason: null,
  };
}

export function createStripeGateway(ctx: AppContext): PaymentGateway {
  const stripe = stripeClientOf(ctx.config);
  const webhookSecret = ctx.config.STRIPE_WEBHOOK_SECRET ?? '';

  async function ensureCustomer(customer: CheckoutCustomer) {
    const known = await findGatewayCustomer(ctx.db.db, { userId: customer.userId, gateway: 'stripe' });
    if (known) return known;
    const created = await stripe.customers.create(
      { email: customer.email ?? undefined, name: customer.name, metadata: { userId: customer.userId } },
      { idempotencyKey: `customer:${customer.userId}` },
    );
    return saveGatewayCustomer(ctx.db.db, {
      userId: customer.userId,
      gateway: 'stripe',
      customerId: created.id,
    });
  }

  return {
    name: 'stripe',
    ensureCustomer,
    async startPayment({ order, customerId, savedCardId }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: order.priceCents,
          currency: order.currency,
          ...(customerId ? { customer: customerId } : {}),
          metadata: { orderId: order.id, userId: order.userId, type: order.type },
          ...(savedCardId
            ? { payment_method: savedCardId, confirm: true, off_session: true }
            : { automatic_payment_methods: { enabled: true } }),
        },
        { idempotencyKey: `top-up:${order.id}` },
      );
      return { gatewayPaymentId: intent.id, checkoutUrl: null, clientSecret: intent.client_secret ?? null };
    },
    parseWebhook(rawBody, headers) {
      const signature = headerOf(headers['stripe-signature']);
      if (!signature) throw new WebhookRejected('missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch (error) {
        throw new WebhookRejected(`Stripe signature check failed: ${(error as Error).message}`);
      }
      return gatewayEventOfStripe(event);
    },
    async attachCard({ customerId, paymentMethodId }) {
      const method = await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
      return {
        gatewayCardId: method.id,
        brand: method.card?.brand ?? '',
        last4: method.card?.last4 ?? '',
        expMonth: method.card?.exp_month ?? null,
        expYear: method.card?.exp_year ?? null,
      };
    },
    async detachCard({ gatewayCardId }) {
      await stripe.paymentMethods.detach(gatewayCardId);
    },
  };
}
