import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A tiny stand-in for the Stripe API, for tests: the real SDK is pointed at it (host, port,
 * protocol) and it answers the few calls top-ups and saved cards make, keeping what it was sent.
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
  close(): Promise<void>;
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
  const byIdempotencyKey = new Map<string, unknown>();

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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
