import type { PaymentGatewayName } from '@fanstage/db';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import * as payments from './payments.service';

/*
 * Gateway webhooks are verified over the exact bytes received, so this encapsulated plugin reads
 * every body as a Buffer; JSON parsing elsewhere in the API is unchanged. No session, no CSRF rule:
 * the signature is the authentication.
 */
export const paymentWebhookRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  const hook = (gateway: PaymentGatewayName) => ({
    schema: { tags: ['Payments'], summary: `Webhook of the ${gateway} gateway (signed raw body)` },
    handler: async (req: { body: unknown; headers: Record<string, string | string[] | undefined> }) =>
      payments.receiveWebhook(ctx, {
        gateway,
        rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        headers: req.headers,
      }),
  });

  app.post('/payment/sandbox/webhook', hook('sandbox'));
  app.post('/stripe/webhook', hook('stripe'));
};
