import type { cardSubscriptions, PaymentGatewayName, paymentOrders } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { createSandboxGateway } from './payments.sandbox';
import { createStripeGateway } from './payments.stripe';

/*
 * A payment gateway seen from the top-up flow. An adapter starts a payment for an order and turns
 * the gateway's webhook (raw body + headers) into a verified, gateway-neutral event; the service
 * decides what the event does to the order and the ledger (payments.service.ts confirmGatewayEvent).
 *
 * Recurring card subscriptions start with `startSubscription`; their invoices come back as events
 * with `invoice` set (and the sandbox's with the order too), lifecycle changes with `subscription`,
 * and Stripe Connect's `account.updated` with `account`. Events an adapter does not know are
 * recorded and answered 200 "ignored".
 */

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
export type CardSubscriptionRow = typeof cardSubscriptions.$inferSelect;

export interface CheckoutCustomer {
  userId: string;
  email: string | null;
  name: string;
}

export interface StartPaymentInput {
  order: PaymentOrderRow;
  /** The gateway's customer id from `ensureCustomer` (null for gateways without customers). */
  customerId: string | null;
  /** A saved card's gateway reference: pay at once without a page. */
  savedCardId?: string | null;
}

export interface StartedPayment {
  /** The gateway's id of this payment (unique per gateway); events name it. */
  gatewayPaymentId: string;
  /** Where the browser goes to pay; null when the page pays with the client secret or a saved card. */
  checkoutUrl: string | null;
  clientSecret: string | null;
}

/** One paid (or failed) period of a card subscription. */
export interface GatewayInvoice {
  /** Unique per period payment (a Stripe invoice id; the sandbox order's payment id). */
  invoiceId: string;
  gatewaySubscriptionId: string | null;
  /** Our card subscription id when the gateway carries it back (metadata). */
  cardSubscriptionId: string | null;
  periodStart: Date;
  periodEnd: Date;
  /** Sandbox: the last four digits of the test card that paid (renewals charge it again). */
  cardLast4: string | null;
}

/** A change of a card subscription at the gateway (cancelled at period end, ended). */
export interface GatewaySubscriptionChange {
  gatewaySubscriptionId: string;
  cardSubscriptionId: string | null;
  isEnded: boolean;
  cancelAtPeriodEnd: boolean;
}

/** Stripe Connect: what Stripe says about a connected account. */
export interface GatewayAccountChange {
  accountId: string;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

/** A verified webhook event, reduced to what our flows need. */
export interface GatewayEvent {
  /** Unique per gateway: a second delivery of the same id is ignored. */
  eventId: string;
  type: string;
  /**
   * succeeded: money collected (credit once); failed: the attempt failed (the order may still be
   * paid by a later attempt); ignored: an event type top-ups do not act on.
   */
  outcome: 'succeeded' | 'failed' | 'ignored';
  gatewayPaymentId: string | null;
  /** Our order id when the gateway carries it back (metadata). */
  orderId: string | null;
  /** What the gateway says it collected, in cents, and in which currency. */
  amountCents: number | null;
  currency: string | null;
  failureReason: string | null;
  /** A small copy of the event for the record (no card data). */
  summary: Record<string, unknown>;
  /** Set when the payment is a period of a card subscription. */
  invoice?: GatewayInvoice | null;
  subscription?: GatewaySubscriptionChange | null;
  account?: GatewayAccountChange | null;
}

export interface StartSubscriptionInput {
  cardSubscription: CardSubscriptionRow;
  /** What the fan pays for, in words (the gateway shows it on receipts). */
  description: string;
  /** Days one period lasts (30 or 365). */
  periodDays: number;
  customerId: string | null;
  savedCardId: string | null;
  /** Hosted checkouts (sandbox) pay the first period through an order of type subscription. */
  firstOrder: PaymentOrderRow | null;
}

export interface StartedSubscription {
  gatewaySubscriptionId: string;
  checkoutUrl: string | null;
  clientSecret: string | null;
}

export interface SavedCardFacts {
  gatewayCardId: string;
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}

export interface PaymentGateway {
  readonly name: PaymentGatewayName;
  /** The person's customer id at the gateway, made on first need (called outside any transaction). */
  ensureCustomer?(customer: CheckoutCustomer): Promise<string>;
  /** Starts paying an order; runs inside the order's transaction, so it must not use the database. */
  startPayment(input: StartPaymentInput): Promise<StartedPayment>;
  /** Verifies the signature over the raw body; throws WebhookRejected when it does not hold. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): GatewayEvent;
  /** Saved cards, for gateways that keep them. */
  attachCard?(input: { customerId: string; paymentMethodId: string }): Promise<SavedCardFacts>;
  detachCard?(input: { gatewayCardId: string }): Promise<void>;
  /** Starts recurring billing; runs inside the caller's transaction, so it must not use the database. */
  startSubscription(input: StartSubscriptionInput): Promise<StartedSubscription>;
  /** Stops renewals at the end of the paid period (access lasts until then). */
  cancelSubscriptionAtPeriodEnd(input: { gatewaySubscriptionId: string }): Promise<void>;
  /**
   * Gives a paid subscription invoice's money back to the card that paid it. Runs inside the
   * refund's transaction, so it must not use the database; the key makes a retry (after a rollback)
   * refund once.
   */
  refundInvoice(input: { invoiceId: string; amountCents: number; idempotencyKey: string }): Promise<void>;
  /** Hosted checkouts need a payment order for the first period (the sandbox page pays orders). */
  readonly paysFirstPeriodThroughOrder: boolean;
}

/** A webhook whose signature, timestamp or body does not hold: answered 400 and logged. */
export class WebhookRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'WebhookRejected';
  }
}

const gateways = new WeakMap<AppContext, Map<PaymentGatewayName, PaymentGateway>>();

/** The adapter of a gateway (one instance per app). */
export function gatewayOf(ctx: AppContext, name: PaymentGatewayName): PaymentGateway {
  let byName = gateways.get(ctx);
  if (!byName) {
    byName = new Map();
    gateways.set(ctx, byName);
  }
  let gateway = byName.get(name);
  if (!gateway) {
    if (name === 'stripe') {
      if (!ctx.config.STRIPE_SECRET_KEY || !ctx.config.STRIPE_WEBHOOK_SECRET) {
        throw new AppError('UNAVAILABLE', 'Card payments are not configured on this site.');
      }
      gateway = createStripeGateway(ctx);
    } else {
      gateway = createSandboxGateway(ctx);
    }
    byName.set(name, gateway);
  }
  return gateway;
}

/** Stripe is usable: both keys are set. */
export const isStripeConfigured = (config: AppContext['config']) =>
  Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET);

/**
 * Which gateway takes new top-ups: PAYMENT_GATEWAY when set; else the admin setting
 * `paymentGateway` when Stripe is configured; else the sandbox. In production the sandbox (whose
 * test card always pays) must be chosen explicitly with PAYMENT_GATEWAY=sandbox.
 */
export async function currentGatewayName(ctx: AppContext): Promise<PaymentGatewayName> {
  if (ctx.config.PAYMENT_GATEWAY) return ctx.config.PAYMENT_GATEWAY;
  if (ctx.config.STRIPE_SECRET_KEY && ctx.config.STRIPE_WEBHOOK_SECRET) {
    const settings = await ctx.settings.getAll();
    if (settings.paymentGateway === 'stripe') return 'stripe';
  }
  if (ctx.config.NODE_ENV === 'production') {
    throw new AppError('UNAVAILABLE', 'Payments are not configured on this site yet.');
  }
  return 'sandbox';
}
