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
 *
 * Card subscriptions are Stripe Subscriptions on a price made for them (30 or 365 days, as the
 * business rules count a month and a year); only `invoice.paid` / `invoice.payment_succeeded`
 * start or extend access. The PaymentIntent events of subscription invoices (no order id, Stripe's
 * description "Subscription creation" / "Subscription update") are recorded and ignored.
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

const dateOf = (unixSeconds: number) => new Date(unixSeconds * 1000);

/** The subscription an invoice belongs to, in the current API shape and the older one. */
function subscriptionOfInvoice(invoice: Stripe.Invoice): { id: string | null; metadata: Stripe.Metadata } {
  const details = invoice.parent?.subscription_details;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  const ref = details?.subscription ?? legacy ?? null;
  return {
    id: typeof ref === 'string' ? ref : (ref?.id ?? null),
    metadata: details?.metadata ?? {},
  };
}

const nothing = {
  gatewayPaymentId: null,
  orderId: null,
  amountCents: null,
  currency: null,
  failureReason: null,
};

/** What our flows need from a Stripe event; other events are recorded and ignored. */
export function gatewayEventOfStripe(event: Stripe.Event): GatewayEvent {
  const base = {
    eventId: event.id,
    type: event.type,
    summary: { type: event.type } as Record<string, unknown>,
  };
  if (
    event.type === 'invoice.paid' ||
    event.type === 'invoice.payment_succeeded' ||
    event.type === 'invoice.payment_failed'
  ) {
    const invoice = event.data.object as Stripe.Invoice;
    const subscription = subscriptionOfInvoice(invoice);
    if (!subscription.id || !invoice.id) return { ...base, ...nothing, outcome: 'ignored' };
    const succeeded = event.type !== 'invoice.payment_failed';
    // The line's period is the service period the invoice pays for.
    const period = invoice.lines?.data?.find((line) => line.period)?.period ?? {
      start: invoice.period_start,
      end: invoice.period_end,
    };
    if (!Number.isInteger(period.start) || !Number.isInteger(period.end)) {
      throw new TypeError('the invoice has no service period');
    }
    return {
      ...base,
      outcome: succeeded ? 'succeeded' : 'failed',
      gatewayPaymentId: null,
      orderId: null,
      amountCents: succeeded ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency,
      failureReason: succeeded ? null : 'The card payment for your subscription failed.',
      summary: {
        type: event.type,
        invoice: invoice.id,
        subscription: subscription.id,
        billingReason: invoice.billing_reason,
      },
      invoice: {
        invoiceId: invoice.id,
        gatewaySubscriptionId: subscription.id,
        cardSubscriptionId: subscription.metadata.cardSubscriptionId ?? null,
        periodStart: dateOf(period.start),
        periodEnd: dateOf(period.end),
        cardLast4: null,
      },
    };
  }
  if (event.type === 'customer.subscription.deleted' || event.type === 'customer.subscription.updated') {
    const subscription = event.data.object as Stripe.Subscription;
    return {
      ...base,
      ...nothing,
      outcome: 'ignored',
      summary: { type: event.type, subscription: subscription.id, status: subscription.status },
      subscription: {
        gatewaySubscriptionId: subscription.id,
        cardSubscriptionId: subscription.metadata?.cardSubscriptionId ?? null,
        isEnded:
          event.type === 'customer.subscription.deleted' ||
          ['canceled', 'incomplete_expired', 'unpaid'].includes(subscription.status),
        cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end),
      },
    };
  }
  if (event.type === 'account.updated') {
    const account = event.data.object as Stripe.Account;
    return {
      ...base,
      ...nothing,
      outcome: 'ignored',
      summary: { type: event.type, account: account.id, payoutsEnabled: account.payouts_enabled },
      account: {
        accountId: account.id,
        payoutsEnabled: Boolean(account.payouts_enabled),
        detailsSubmitted: Boolean(account.details_submitted),
      },
    };
  }
  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object as Stripe.PaymentIntent;
    // The PaymentIntent of a subscription invoice: its invoice event is what counts.
    if (!intent.metadata?.orderId && /^Subscription /.test(intent.description ?? '')) {
      return {
        ...base,
        ...nothing,
        outcome: 'ignored',
        summary: { type: event.type, paymentIntent: intent.id },
      };
    }
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
  return { ...base, ...nothing, outcome: 'ignored' };
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
    paysFirstPeriodThroughOrder: false,
    ensureCustomer,
    async startSubscription({ cardSubscription: row, description, periodDays, customerId, savedCardId }) {
      if (!customerId) throw new Error('a Stripe subscription needs a customer');
      const metadata = {
        cardSubscriptionId: row.id,
        fanId: row.fanId,
        kind: row.kind,
        plan: row.plan,
        ...(row.performerId ? { performerId: row.performerId } : {}),
      };
      const price = await stripe.prices.create(
        {
          currency: row.currency,
          unit_amount: row.priceCents,
          recurring: { interval: 'day', interval_count: periodDays },
          product_data: { name: description, metadata },
          metadata,
        },
        { idempotencyKey: `price:${row.id}` },
      );
      const subscription = await stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: price.id }],
          metadata,
          payment_settings: { save_default_payment_method: 'on_subscription' },
          expand: ['latest_invoice.confirmation_secret'],
          ...(savedCardId
            ? { default_payment_method: savedCardId, payment_behavior: 'allow_incomplete', off_session: true }
            : { payment_behavior: 'default_incomplete' }),
        },
        { idempotencyKey: `subscription:${row.id}` },
      );
      const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
      // A saved card was charged at once unless the bank asks the fan to confirm on the page.
      const needsPage = !savedCardId || subscription.status === 'incomplete';
      return {
        gatewaySubscriptionId: subscription.id,
        checkoutUrl: null,
        clientSecret: needsPage ? (invoice?.confirmation_secret?.client_secret ?? null) : null,
      };
    },
    async cancelSubscriptionAtPeriodEnd({ gatewaySubscriptionId }) {
      await stripe.subscriptions.update(gatewaySubscriptionId, { cancel_at_period_end: true });
    },
    async refundInvoice({ invoiceId, amountCents, idempotencyKey }) {
      // An invoice is paid by a PaymentIntent (its invoice payment); the refund goes to that.
      const payments = await stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 10 });
      const intent = payments.data.map((p) => p.payment?.payment_intent).find(Boolean);
      const intentId = typeof intent === 'string' ? intent : intent?.id;
      if (!intentId) {
        throw new AppError('UNPROCESSABLE', 'Stripe has no card payment of this invoice to refund.');
      }
      await stripe.refunds.create(
        { payment_intent: intentId, amount: amountCents, reason: 'requested_by_customer' },
        { idempotencyKey },
      );
    },
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
      // The signature proves who sent the bytes, not that they hold an event we can read.
      const shape = event as Partial<Stripe.Event> | null;
      if (
        typeof shape?.id !== 'string' ||
        typeof shape.type !== 'string' ||
        typeof shape.data?.object !== 'object' ||
        shape.data.object === null
      ) {
        throw new WebhookRejected('the Stripe event has no id, type or data object');
      }
      try {
        return gatewayEventOfStripe(event);
      } catch (error) {
        // A field of the wrong type (signed, but not what Stripe sends) is the payload's fault.
        throw new WebhookRejected(`the Stripe event cannot be read: ${(error as Error).message}`);
      }
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
