import { type Executor, sql } from '@fanstage/db';
import { rowsOf } from './wallet.ledger';

export interface LedgerReport {
  /** True when nothing drifted: every check below found no problem. */
  ok: boolean;
  transactions: number;
  entries: number;
  accounts: number;
  /** Each derived account's balance by kind (sum over accounts), in cents. */
  totalsByKind: Record<string, number>;
  /** Sentences naming what is wrong; empty when ok. At most 50 per check. */
  problems: string[];
}

const n = (v: unknown) => Number(v ?? 0);

/**
 * Recomputes every balance from the entries and compares: each transaction sums to zero with two or
 * more entries, the whole ledger sums to zero, each cached wallet (users.balance_cents) equals its
 * entries, each rolled-up snapshot equals the entries it covers, and each earning matches the entry
 * that credited the creator. Read-only; run it any time (`npm run reconcile -w apps/api`).
 */
export async function reconcileLedger(db: Executor): Promise<LedgerReport> {
  const problems: string[] = [];
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));

  const [counts] = await q<{
    transactions: unknown;
    entries: unknown;
    accounts: unknown;
    total: unknown;
  }>(sql`
    SELECT (SELECT count(*) FROM ledger_transactions) AS transactions,
           (SELECT count(*) FROM ledger_entries) AS entries,
           (SELECT count(*) FROM ledger_accounts) AS accounts,
           (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries) AS total`);
  if (n(counts?.total) !== 0)
    problems.push(`The whole ledger sums to ${n(counts?.total)} cents instead of 0.`);

  const unbalanced = await q<{ id: string; total: unknown; lines: unknown }>(sql`
    SELECT t.id, coalesce(sum(e.amount_cents), 0) AS total, count(e.id) AS lines
    FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
    GROUP BY t.id HAVING coalesce(sum(e.amount_cents), 0) <> 0 OR count(e.id) < 2
    LIMIT 50`);
  for (const r of unbalanced) {
    problems.push(`Transaction ${r.id} has ${n(r.lines)} entries summing to ${n(r.total)} cents.`);
  }

  const wallets = await q<{ id: string; cached: unknown; derived: unknown }>(sql`
    SELECT u.id, u.balance_cents AS cached, coalesce(w.total, 0) AS derived
    FROM users u LEFT JOIN (
      SELECT a.user_id, sum(e.amount_cents) AS total
      FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id
      WHERE a.kind = 'fan_wallet' GROUP BY a.user_id
    ) w ON w.user_id = u.id
    WHERE u.balance_cents <> coalesce(w.total, 0)
    LIMIT 50`);
  for (const r of wallets) {
    problems.push(
      `Wallet of user ${r.id} caches ${n(r.cached)} cents but its entries sum to ${n(r.derived)}.`,
    );
  }

  const snapshots = await q<{ id: string; kind: string; rolled: unknown; covered: unknown }>(sql`
    SELECT a.id, a.kind, a.rolled_up_cents AS rolled,
           coalesce(sum(e.amount_cents) FILTER (WHERE e.id <= a.rolled_up_entry_id), 0) AS covered
    FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
    GROUP BY a.id HAVING a.rolled_up_cents <> coalesce(sum(e.amount_cents) FILTER (WHERE e.id <= a.rolled_up_entry_id), 0)
    LIMIT 50`);
  for (const r of snapshots) {
    problems.push(
      `Account ${r.id} (${r.kind}) has a rolled-up ${n(r.rolled)} cents but its entries up to the roll-up sum to ${n(r.covered)}.`,
    );
  }

  const earnings = await q<{ id: string; net: unknown; credited: unknown }>(sql`
    SELECT er.id, er.net_cents AS net, coalesce(sum(e.amount_cents), 0) AS credited
    FROM earnings er
    LEFT JOIN ledger_accounts a ON a.kind = 'creator_earnings' AND a.user_id = er.performer_id
    LEFT JOIN ledger_entries e ON e.transaction_id = er.transaction_id AND e.account_id = a.id
    GROUP BY er.id, er.net_cents HAVING er.net_cents <> coalesce(sum(e.amount_cents), 0)
    LIMIT 50`);
  for (const r of earnings) {
    problems.push(
      `Earning ${r.id} says net ${n(r.net)} cents but the creator was credited ${n(r.credited)}.`,
    );
  }

  const totals = await q<{ kind: string; total: unknown }>(sql`
    SELECT a.kind, coalesce(sum(e.amount_cents), 0) AS total
    FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
    GROUP BY a.kind ORDER BY a.kind`);

  return {
    ok: problems.length === 0,
    transactions: n(counts?.transactions),
    entries: n(counts?.entries),
    accounts: n(counts?.accounts),
    totalsByKind: Object.fromEntries(totals.map((r) => [r.kind, n(r.total)])),
    problems,
  };
}

/** The report as lines of text for the console. */
export function formatLedgerReport(report: LedgerReport): string {
  const money = (cents: number) => (cents / 100).toFixed(2);
  return [
    `Ledger: ${report.transactions} transactions, ${report.entries} entries, ${report.accounts} accounts.`,
    ...Object.entries(report.totalsByKind).map(
      ([kind, cents]) => `  ${kind.padEnd(18)} ${money(cents).padStart(14)}`,
    ),
    report.ok
      ? 'OK: every transaction sums to zero and every balance matches its entries.'
      : `DRIFT: ${report.problems.length} problem(s):`,
    ...report.problems.map((p) => `  - ${p}`),
  ].join('\n');
}
