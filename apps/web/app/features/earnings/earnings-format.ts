import type { TEarningStats } from '@fanstage/contract';

import { formatPrice } from '../../lib/format';

/** A refund day's negative net reads "-$20.00" (the app's one money format). */
export const money = formatPrice;

/** "After 2 refunds (-$40.00)": what refunds made in the range took back from the net. */
export const refundNote = (s: Pick<TEarningStats, 'refundCount' | 'refundedNet'>): string =>
  `After ${s.refundCount === 1 ? '1 refund' : `${s.refundCount} refunds`} (${money(-s.refundedNet)})`;
