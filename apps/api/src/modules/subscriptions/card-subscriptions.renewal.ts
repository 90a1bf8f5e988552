import type { AppContext } from '../../context';
import { chargeSandboxRenewal, type SandboxRenewalOutcome } from '../payments/payments.service';
import { findDueSandboxRenewals } from './card-subscriptions.repo';
import { renewalGraceMs } from './subscriptions.service';

/**
 * One run of the sandbox's recurring billing, from the renewal job: every sandbox card
 * subscription whose paid period ended (less than the grace ago) and still renews is charged
 * through the sandbox gateway, whose signed event extends it or ends it. Stripe bills by itself.
 */
export async function renewDueSandboxCardSubscriptions(
  ctx: AppContext,
): Promise<Record<SandboxRenewalOutcome, number>> {
  const counts: Record<SandboxRenewalOutcome, number> = { renewed: 0, lapsed: 0, skipped: 0 };
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - renewalGraceMs);
  let after: { periodEnd: Date; id: string } | null = null;
  for (;;) {
    const due = await findDueSandboxRenewals(ctx.db.db, { now, since, after, limit: 100 });
    for (const { id, periodEnd } of due) {
      if (periodEnd) counts[await chargeSandboxRenewal(ctx, { cardSubscriptionId: id, periodEnd })]++;
    }
    const last = due.at(-1);
    if (!last?.periodEnd || due.length < 100) return counts;
    after = { id: last.id, periodEnd: last.periodEnd };
  }
}
