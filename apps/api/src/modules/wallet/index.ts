/*
 * The wallet's public surface (STYLE habit 15): what other modules may import. Money is asked for by
 * intent (charge a fan, a call minute, a site membership, a card invoice; credit a top-up; refund a
 * charge; hold, release or settle a payout); only the wallet composes ledger lines and commission
 * splits. access/module-surfaces.test.ts fails when another module imports a wallet file directly.
 */
export { callMinuteKey, chargeCallMinute } from './wallet.calls';
export {
  type IdempotencyScope,
  idempotencyKey,
  idempotencyOf,
  replyIdempotent,
  withIdempotency,
} from './wallet.idempotency';
export {
  chargeCardInvoice,
  chargeSiteMembership,
  creditTopUp,
  holdPayout,
  releasePayout,
  settlePayout,
  walletBalance,
} from './wallet.intents';
export { earningsBalance, inMoneyTransaction, rowsOf } from './wallet.ledger';
export { formatLedgerReport, type LedgerReport, reconcileLedger } from './wallet.reconcile';
export { type ReversedCharge, reverseCharge, tellRefund } from './wallet.refunds';
export { heldForPayouts, salesByDay } from './wallet.reports';
export { moneyRateLimit } from './wallet.routes';
export { type ChargeResult, chargeFan, grantWalletCredit } from './wallet.service';
