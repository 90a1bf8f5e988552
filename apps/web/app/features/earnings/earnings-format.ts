import type { TEarningStats } from '@fanstage/contract';

/** Dollars with two decimals; a refund day's negative net reads "-$20.00". */
export const money = (n: number): string => `${n < 0 ? '-' : ''}$${Math.abs(n).toFixed(2)}`;

/** "After 2 refunds (-$40.00)": what refunds made in the range took back from the net. */
export const refundNote = (s: Pick<TEarningStats, 'refundCount' | 'refundedNet'>): string =>
  `After ${s.refundCount === 1 ? '1 refund' : `${s.refundCount} refunds`} (${money(-s.refundedNet)})`;
