import { type Executor, sql } from '@fanstage/db';
import { rowsOf } from '../wallet';

export interface SiteCounts {
  activeSubscriptions: number;
  activeSiteMemberships: number;
  pendingPayouts: number;
  approvedPayouts: number;
  pendingVerifications: number;
  openReports: number;
  liveShows: number;
  /** Sign-ups (fans and creators) by UTC day in the range; days without any are absent. */
  signUps: { date: string; count: number }[];
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * The dashboard's counts of the site now and its sign-ups by day in [from, to), in one statement
 * (one scalar subquery each, all on indexed or small sets). No money here: that comes from the wallet.
 */
export async function siteCounts(
  db: Executor,
  options: { now: Date; from: Date; to: Date },
): Promise<SiteCounts> {
  const [row] = rowsOf<Record<keyof SiteCounts, unknown>>(
    await db.execute(sql`
      SELECT
        (SELECT count(*) FROM subscriptions s WHERE s.expired_at > ${at(options.now)})::int
          AS "activeSubscriptions",
        (SELECT count(*) FROM users u WHERE u.site_subscription_expires_at > ${at(options.now)})::int
          AS "activeSiteMemberships",
        (SELECT count(*) FROM payout_requests p WHERE p.status = 'pending')::int AS "pendingPayouts",
        (SELECT count(*) FROM payout_requests p WHERE p.status = 'approved')::int AS "approvedPayouts",
        (SELECT count(*) FROM users u JOIN performer_profiles pp ON pp.user_id = u.id
          WHERE u.role = 'performer' AND pp.documents_verified_at IS NULL
            AND pp.documents_rejected_at IS NULL)::int AS "pendingVerifications",
        (SELECT count(*) FROM reports r WHERE r.status = 'open')::int AS "openReports",
        (SELECT count(*) FROM live_sessions l WHERE l.status = 'live')::int AS "liveShows",
        (SELECT coalesce(json_agg(json_build_object('date', d.date, 'count', d.n) ORDER BY d.date), '[]'::json)
          FROM (
            SELECT to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, count(*)::int AS n
            FROM users u
            WHERE u.role <> 'admin' AND u.created_at >= ${at(options.from)} AND u.created_at < ${at(options.to)}
            GROUP BY 1
          ) d) AS "signUps"`),
  );
  const n = (v: unknown) => Number(v ?? 0);
  const signUps = (typeof row?.signUps === 'string' ? JSON.parse(row.signUps) : (row?.signUps ?? [])) as {
    date: string;
    count: number;
  }[];
  return {
    activeSubscriptions: n(row?.activeSubscriptions),
    activeSiteMemberships: n(row?.activeSiteMemberships),
    pendingPayouts: n(row?.pendingPayouts),
    approvedPayouts: n(row?.approvedPayouts),
    pendingVerifications: n(row?.pendingVerifications),
    openReports: n(row?.openReports),
    liveShows: n(row?.liveShows),
    signUps: signUps.map((d) => ({ date: d.date, count: n(d.count) })),
  };
}
