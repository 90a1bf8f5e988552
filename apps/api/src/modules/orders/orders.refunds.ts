import type { Transaction } from '@fanstage/db';
import { lockOrderOfCharge, restoreStock, updateOrder } from './orders.repo';

/*
 * What a refunded product charge means for its order (the wallet's refundCharge asks this, in its
 * transaction, after the money is reversed): the order is marked refunded, and goods not shipped
 * yet go back into stock.
 */

/** Marks the order of a refunded charge refunded and restores unshipped stock; no order, no change. */
export async function applyOrderRefund(
  tx: Transaction,
  options: { chargeTransactionId: string; refundTransactionId: string; now: Date },
): Promise<void> {
  const row = await lockOrderOfCharge(tx, options.chargeTransactionId);
  if (!row || row.refundTransactionId) return;
  if (row.productType === 'physical' && row.deliveryStatus === 'processing' && row.productId) {
    await restoreStock(tx, { productId: row.productId, quantity: row.quantity });
  }
  await updateOrder(tx, row.id, {
    deliveryStatus: 'refunded',
    refundTransactionId: options.refundTransactionId,
    refundedAt: options.now,
    updatedAt: options.now,
  });
}
