import type { TStripeAccountLink } from '@fanstage/contract';
import type { Transaction } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../auth/sessions';
import { type GatewayAccountChange, isStripeConfigured } from '../payments/payments.gateway';
import { stripeClientOf } from '../payments/payments.stripe';
import { findConnectedAccount, saveConnectedAccount, updateConnectedAccount } from './payouts.repo';
import { setStripeAccountId } from './payouts.service';

/*
 * Stripe Connect for payouts: a creator gets one Express account, made on the first request, and
 * a fresh onboarding link each time (Stripe's links expire in minutes). Whether Stripe lets the
 * account receive payouts comes only from its signed `account.updated` event; until then the
 * account is not a payout method.
 */

const notConfigured = () =>
  new AppError(
    'UNPROCESSABLE',
    'Stripe is not configured on this site, so a Stripe account cannot be connected. Add your bank details for payouts instead.',
  );

/** `POST /stripe/accounts`: the creator's connected account (made once) and its onboarding link. */
export async function connectStripeAccount(
  ctx: AppContext,
  options: { actor: Actor },
): Promise<TStripeAccountLink> {
  const { actor } = options;
  if (actor.role !== 'performer') throw new AppError('FORBIDDEN', 'Only creators have payouts.');
  if (!isStripeConfigured(ctx.config)) throw notConfigured();
  const stripe = stripeClientOf(ctx.config);
  try {
    let account = await findConnectedAccount(ctx.db.db, actor.id);
    if (!account) {
      const created = await stripe.accounts.create(
        {
          type: 'express',
          ...(actor.user?.email ? { email: actor.user.email } : {}),
          capabilities: { transfers: { requested: true } },
          metadata: { userId: actor.id },
        },
        { idempotencyKey: `connect-account:${actor.id}` },
      );
      account = await saveConnectedAccount(ctx.db.db, { userId: actor.id, accountId: created.id });
      await setStripeAccountId(ctx, { performerId: actor.id, stripeAccountId: account.accountId });
    }
    const back = `${ctx.config.PUBLIC_URL}/creator/payouts`;
    const link = await stripe.accountLinks.create({
      account: account.accountId,
      type: 'account_onboarding',
      refresh_url: `${back}?stripe=refresh`,
      return_url: `${back}?stripe=return`,
    });
    return { accountId: account.accountId, url: link.url };
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.log.error({ err: error, userId: actor.id }, 'Stripe Connect onboarding failed');
    throw new AppError(
      'UNAVAILABLE',
      'Stripe could not start the onboarding right now. Please try again in a moment.',
    );
  }
}

/** Records `account.updated` (in the webhook's transaction); false for an account not ours. */
export function recordConnectedAccount(tx: Transaction, change: GatewayAccountChange): Promise<boolean> {
  return updateConnectedAccount(tx, change);
}
