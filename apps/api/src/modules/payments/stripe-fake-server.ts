import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A tiny stand-in for the Stripe API, for tests: the real SDK is pointed at it (host, port,
 * protocol) and it answers the few calls top-ups, saved cards, card subscriptions (and their
 * refunds) and Connect make, keeping what it was sent. A subscription with a saved card is `active` at once (its first
 * invoice paid) unless the card is `pm_card_declined`; without one it waits for the page.
 */

export interface FakeStripeRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | null;
}

export interface FakeStripe {
  url: string;
  requests: FakeStripeRequest[];
  /** PaymentIntents made, by id. */
  intents: Map<string, Record<string, unknown>>;
  /** Subscriptions made, by id; `latestInvoice` is the invoice object the webhooks carry. */
  subscriptions: Map<string, FakeSubscription>;
  /** Connect accounts made, by id. */
  accounts: Map<string, Record<string, unknown>>;
  /** Paths (e.g. `/v1/subscriptions/sub_x`) answered 500 until removed: an unreachable Stripe. */
  failing: Set<string>;
  close(): Promise<void>;
}

export interface FakeSubscription {
  id: string;
  customer: string | null;
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  default_payment_method: string | null;
  price: { id: string; unit_amount: number; currency: string; interval_count: number };
  latestInvoice: Record<string, unknown>;
}

const idOf = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

/** The metadata[...] fields of a form body as an object. */
const metadataOf = (form: URLSearchParams) =>
  Object.fromEntries(
    [...form.entries()]
      .filter(([k]) => k.startsWith('metadata['))
      .map(([k, v]) => [k.slice('metadata['.length, -1), v]),
  );

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, FakeSubscription>();
  const accounts = new Map<string, Record<string, unknown>>();
  const prices = new Map<string, FakeSubscription['price']>();
  const failing = new Set<string>();
  const byIdempotencyKey = new Map<string, unknown>();
  const subscriptionJson = (sub: FakeSubscription, expandInvoice: boolean) => ({
    id: sub.id,
    object: 'subscription',
    customer: sub.customer,
    status: sub.status,
    cancel_at_period_end: sub.cancel_at_period_end,
    metadata: sub.metadata,
    default_payment_method: sub.default_payment_method,
    items: { object: 'list', data: [{ id: idOf('si'), price: sub.price }] },
    latest_invoice: expandInvoice ? sub.latestInvoice : sub.latestInvoice.id,
  });

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const form = new URLSearchParams(body);
    const path = (req.url ?? '').split('?')[0] ?? '';
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method: req.method ?? '', path, form, idempotencyKey: key });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': idOf('req') });
      res.end(JSON.stringify(json));
    };
    if (key && byIdempotencyKey.has(`${path}:${key}`))
      return send(200, byIdempotencyKey.get(`${path}:${key}`));
    const remember = (json: unknown) => {
      if (key) byIdempotencyKey.set(`${path}:${key}`, json);
      send(200, json);
    };

    if (failing.has(path)) {
      return send(500, { error: { type: 'api_error', message: 'The fake is down for this path.' } });
    }

    if (req.method === 'POST' && path === '/v1/prices') {
      const price = {
        id: idOf('price'),
        unit_amount: Number(form.get('unit_amount')),
        currency: form.get('currency') ?? 'usd',
        interval_count: Number(form.get('recurring[interval_count]') ?? 1),
      };
      prices.set(price.id, price);
      return remember({
        ...price,
        object: 'price',
        recurring: { interval: form.get('recurring[interval]'), interval_count: price.interval_count },
        product: idOf('prod'),
        metadata: metadataOf(form),
      });
    }
    if (req.method === 'POST' && path === '/v1/subscriptions') {
      const price = prices.get(form.get('items[0][price]') ?? '');
      if (!price) {
        return send(400, { error: { type: 'invalid_request_error', message: 'No such price.' } });
      }
      const id = idOf('sub');
      const paymentMethod = form.get('default_payment_method');
      const paidAtOnce = Boolean(paymentMethod) && paymentMethod !== 'pm_card_declined';
      const start = Math.floor(Date.now() / 1000);
      const intent = idOf('pi');
      const sub: FakeSubscription = {
        id,
        customer: form.get('customer'),
        status: paidAtOnce ? 'active' : 'incomplete',
        cancel_at_period_end: false,
        metadata: metadataOf(form),
        default_payment_method: paymentMethod,
        price,
        latestInvoice: {
          id: idOf('in'),
          object: 'invoice',
          customer: form.get('customer'),
          currency: price.currency,
          amount_due: price.unit_amount,
          amount_paid: paidAtOnce ? price.unit_amount : 0,
          billing_reason: 'subscription_create',
          status: paidAtOnce ? 'paid' : 'open',
          period_start: start,
          period_end: start,
          confirmation_secret: {
            client_secret: `${intent}_secret_${randomBytes(8).toString('hex')}`,
            type: 'payment_intent',
          },
          parent: {
            type: 'subscription_details',
            quote_details: null,
            subscription_details: { subscription: id, metadata: metadataOf(form) },
          },
          lines: {
            object: 'list',
            data: [
              {
                id: idOf('il'),
                object: 'line_item',
                amount: price.unit_amount,
                period: { start, end: start + price.interval_count * 86_400 },
              },
            ],
          },
        },
      };
      subscriptions.set(id, sub);
      return remember(subscriptionJson(sub, form.get('expand[0]') === 'latest_invoice.confirmation_secret'));
    }
    const subscriptionPath = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (req.method === 'POST' && subscriptionPath) {
      const sub = subscriptions.get(subscriptionPath[1] ?? '');
      if (!sub)
        return send(404, { error: { type: 'invalid_request_error', message: 'No such subscription.' } });
      if (form.has('cancel_at_period_end'))
        sub.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
      return remember(subscriptionJson(sub, false));
    }
    if (req.method === 'POST' && path === '/v1/accounts') {
      const account = {
        id: idOf('acct'),
        object: 'account',
        type: form.get('type'),
        email: form.get('email'),
        payouts_enabled: false,
        details_submitted: false,
        charges_enabled: false,
        metadata: metadataOf(form),
      };
      accounts.set(account.id, account);
      return remember(account);
    }
    if (req.method === 'POST' && path === '/v1/account_links') {
      return remember({
        object: 'account_link',
        url: `https://connect.stripe.test/setup/e/${form.get('account')}/${randomBytes(6).toString('hex')}`,
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(Date.now() / 1000) + 300,
      });
    }
    if (req.method === 'POST' && path === '/v1/customers') {
      return remember({
        id: idOf('cus'),
        object: 'customer',
        email: form.get('email'),
        metadata: metadataOf(form),
      });
    }
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const id = idOf('pi');
      const intent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        amount_received: 0,
        currency: form.get('currency'),
        customer: form.get('customer'),
        payment_method: form.get('payment_method'),
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        status: form.get('confirm') === 'true' ? 'processing' : 'requires_payment_method',
        metadata: metadataOf(form),
      };
      intents.set(id, intent);
      return remember(intent);
    }
    const attach = path.match(/^\/v1\/payment_methods\/([^/]+)\/attach$/);
    if (req.method === 'POST' && attach) {
      if (attach[1] === 'pm_card_bad') {
        return send(402, {
          error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
        });
      }
      return remember({
        id: attach[1],
        object: 'payment_method',
        customer: form.get('customer'),
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
      });
    }
    if (req.method === 'GET' && path === '/v1/invoice_payments') {
      // Every invoice here was paid by one PaymentIntent named after it.
      const invoice = new URL(req.url ?? '', 'http://fake').searchParams.get('invoice') ?? '';
      return send(200, {
        object: 'list',
        url: '/v1/invoice_payments',
        has_more: false,
        data: [
          {
            id: idOf('inpay'),
            object: 'invoice_payment',
            invoice,
            status: 'paid',
            payment: { type: 'payment_intent', payment_intent: `pi_of_${invoice}` },
          },
        ],
      });
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      return remember({
        id: idOf('re'),
        object: 'refund',
        payment_intent: form.get('payment_intent'),
        amount: Number(form.get('amount')),
        reason: form.get('reason'),
        status: 'succeeded',
      });
    }
    const detach = path.match(/^\/v1\/payment_methods\/([^/]+)\/detach$/);
    if (req.method === 'POST' && detach) {
      return remember({ id: detach[1], object: 'payment_method', customer: null });
    }
    send(404, { error: { type: 'invalid_request_error', message: `No fake for ${req.method} ${path}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    subscriptions,
    accounts,
    failing,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
