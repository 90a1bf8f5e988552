import type { TAdminDashboard, TDashboardDay, TDashboardPeriod } from '@fanstage/contract';
import type { AppContext } from '../../context';
import { heldForPayouts, salesByDay } from '../wallet';
import { siteCounts } from './admin-dashboard.repo';

const dayMs = 24 * 60 * 60 * 1000;
const dateOf = (at: Date) => at.toISOString().slice(0, 10);

/** The last `days` UTC days, today included: [first midnight, next midnight). */
export function periodOf(now: Date, days: number): { from: Date; to: Date; dates: string[] } {
  const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + dayMs;
  const from = tomorrow - days * dayMs;
  const dates = Array.from({ length: days }, (_, i) => dateOf(new Date(from + i * dayMs)));
  return { from: new Date(from), to: new Date(tomorrow), dates };
}

/**
 * The admin dashboard for the last `days` days: sign-ups and sales (gross, commission, net) by day
 * as the ledger moved them, and what waits now (payouts, verifications, reports, live shows).
 * A fixed three statements whatever the data: sales, the payouts hold, and the site counts.
 */
export async function getDashboard(
  ctx: AppContext,
  options: { days: TDashboardPeriod },
): Promise<TAdminDashboard> {
  const now = ctx.clock.now();
  const period = periodOf(now, options.days);
  const db = ctx.db.db;
  const [sales, held, counts] = await Promise.all([
    salesByDay(db, period),
    heldForPayouts(db),
    siteCounts(db, { now, from: period.from, to: period.to }),
  ]);
  const salesOf = new Map(sales.map((s) => [s.date, s]));
  const signUpsOf = new Map(counts.signUps.map((s) => [s.date, s.count]));
  const byDay: TDashboardDay[] = period.dates.map((date) => {
    const day = salesOf.get(date);
    const commissionCents = day?.commissionCents ?? 0;
    const netCents = day?.netCents ?? 0;
    return {
      date,
      signUps: signUpsOf.get(date) ?? 0,
      grossCents: commissionCents + netCents,
      commissionCents,
      netCents,
      sales: day?.sales ?? 0,
      refunds: day?.refunds ?? 0,
    };
  });
  const sum = (key: keyof Omit<TDashboardDay, 'date'>) => byDay.reduce((total, d) => total + d[key], 0);
  return {
    days: options.days,
    from: period.dates[0]!,
    to: period.dates[period.dates.length - 1]!,
    totals: {
      signUps: sum('signUps'),
      grossCents: sum('grossCents'),
      commissionCents: sum('commissionCents'),
      netCents: sum('netCents'),
      sales: sum('sales'),
      refunds: sum('refunds'),
    },
    byDay,
    activeSubscriptions: counts.activeSubscriptions,
    activeSiteMemberships: counts.activeSiteMemberships,
    pendingPayouts: counts.pendingPayouts,
    approvedPayouts: counts.approvedPayouts,
    heldForPayoutsCents: held,
    pendingVerifications: counts.pendingVerifications,
    openReports: counts.openReports,
    liveShows: counts.liveShows,
  };
}
