import { type EarningSource, type Executor, type LedgerTransactionKind, sql } from '@fanstage/db';
import type { SQL } from 'drizzle-orm';
import { accountIdOf, derivedBalance, payoutsAccount, rowsOf } from './wallet.ledger';

/*
 * Read-only reports over the ledger for admins: sales by day (the dashboard), every transaction and
 * every earning of the site (the ledger screen). Nothing here writes; other modules call these
 * instead of reading the ledger tables.
 */

/** Transactions that are sales (or give a sale back): their revenue lines are gross, commission and net. */
const saleKinds: LedgerTransactionKind[] = ['charge', 'subscription', 'refund'];

/** An instant as ISO text in UTC, the same on PostgreSQL and PGlite. */
const isoOf = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export interface SalesDayRow {
  date: string;
  commissionCents: number;
  netCents: number;
  sales: number;
  refunds: number;
}

/**
 * Sales by UTC day in [from, to): per day, the entries on the platform revenue account and on
 * creators' earnings accounts of charges, subscription payments and refunds (a refund counts on its
 * own day, negative), and how many of each. One statement. Days without sales are absent.
 */
export async function salesByDay(db: Executor, range: { from: Date; to: Date }): Promise<SalesDayRow[]> {
  const rows = rowsOf<{
    date: string;
    commission: string;
    net: string;
    sales: number | string;
    refunds: number | string;
  }>(
    await db.execute(sql`
      SELECT to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date,
             coalesce(sum(e.amount_cents) FILTER (WHERE a.kind = 'platform_revenue'), 0)::text AS commission,
             coalesce(sum(e.amount_cents) FILTER (WHERE a.kind = 'creator_earnings'), 0)::text AS net,
             count(DISTINCT t.id) FILTER (WHERE t.kind <> 'refund')::int AS sales,
             count(DISTINCT t.id) FILTER (WHERE t.kind = 'refund')::int AS refunds
      FROM ledger_transactions t
      JOIN ledger_entries e ON e.transaction_id = t.id
      JOIN ledger_accounts a ON a.id = e.account_id
      WHERE t.kind IN (${sql.join(
        saleKinds.map((k) => sql`${k}`),
        sql`, `,
      )})
        AND a.kind IN ('platform_revenue', 'creator_earnings')
        AND t.created_at >= ${at(range.from)} AND t.created_at < ${at(range.to)}
      GROUP BY 1
      ORDER BY 1`),
  );
  return rows.map((r) => ({
    date: r.date,
    commissionCents: Number(r.commission),
    netCents: Number(r.net),
    sales: Number(r.sales),
    refunds: Number(r.refunds),
  }));
}

/** What the payouts account holds: requested payouts not yet paid or released (one statement). */
export const heldForPayouts = (db: Executor): Promise<number> =>
  derivedBalance(db, accountIdOf(payoutsAccount));

const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const personMatches = (alias: SQL, q: string) => {
  const pattern = containsPattern(q);
  return sql`(${alias}.name ILIKE ${pattern} OR ${alias}.username ILIKE ${pattern} OR ${alias}.email ILIKE ${pattern})`;
};

export interface LedgerFilter {
  /** Text in the name, username or email of a person the transaction touched or who started it. */
  q?: string;
  /** A person the transaction touched (an account of theirs) or who started it. */
  userId?: string;
  kind?: LedgerTransactionKind;
  /** Inclusive bounds. */
  from?: Date;
  to?: Date;
}

/**
 * The transactions that touch these people (an entry on an account of theirs) or that they started;
 * `people` selects user ids. Written as two id sets, so the people are found once (the name and
 * username have trigram indexes) and their entries through the account index, not per transaction.
 */
const touching = (people: SQL) => sql`(t.initiator_id IN (${people}) OR t.id IN (
  SELECT e.transaction_id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
  WHERE a.user_id IN (${people})))`;

function transactionWhere(filter: LedgerFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.kind) parts.push(sql`t.kind = ${filter.kind}`);
  if (filter.from) parts.push(sql`t.created_at >= ${at(filter.from)}`);
  if (filter.to) parts.push(sql`t.created_at <= ${at(filter.to)}`);
  if (filter.userId) parts.push(touching(sql`${filter.userId}::uuid`));
  if (filter.q) parts.push(touching(sql`SELECT u.id FROM users u WHERE ${personMatches(sql`u`, filter.q)}`));
  return sql.join(parts, sql` AND `);
}

export interface Person {
  id: string;
  name: string;
  username: string | null;
}

export interface LedgerTransactionRow {
  id: string;
  kind: string;
  reference: string | null;
  initiator: Person | null;
  amountCents: number;
  createdAt: string;
  entries: { account: string; user: Person | null; amountCents: number }[];
  /** A charge or creator subscription payment not refunded yet. */
  isRefundable: boolean;
  refundedAt: string | null;
  refundTransactionId: string | null;
}

type RawTransaction = {
  id: string;
  kind: string;
  reference: string | null;
  created_at: string;
  initiator_id: string | null;
  initiator_name: string | null;
  initiator_username: string | null;
  has_earning: boolean;
  refund_transaction_id: string | null;
  refunded_at: string | null;
};
type RawEntry = {
  transaction_id: string;
  account: string;
  user_id: string | null;
  user_name: string | null;
  user_username: string | null;
  amount: string;
};

const personOf = (id: string | null, name: string | null, username: string | null): Person | null =>
  id ? { id, name: name ?? '', username } : null;

/** The lines of these transactions with their accounts' owners, in one statement. */
async function entriesOf(db: Executor, ids: SQL) {
  const rows = rowsOf<RawEntry>(
    await db.execute(sql`
      SELECT e.transaction_id, a.kind AS account, u.id AS user_id, u.name AS user_name,
             u.username AS user_username, e.amount_cents::text AS amount
      FROM ledger_entries e
      JOIN ledger_accounts a ON a.id = e.account_id
      LEFT JOIN users u ON u.id = a.user_id
      WHERE e.transaction_id IN (${ids})
      ORDER BY e.id`),
  );
  const byTransaction = new Map<string, LedgerTransactionRow['entries']>();
  for (const r of rows) {
    const list = byTransaction.get(r.transaction_id) ?? [];
    list.push({
      account: r.account,
      user: personOf(r.user_id, r.user_name, r.user_username),
      amountCents: Number(r.amount),
    });
    byTransaction.set(r.transaction_id, list);
  }
  return byTransaction;
}

const transactionColumns = sql`t.id, t.kind, t.reference, ${isoOf(sql`t.created_at`)} AS created_at,
  i.id AS initiator_id, i.name AS initiator_name, i.username AS initiator_username,
  (er.id IS NOT NULL) AS has_earning, r.refund_transaction_id,
  CASE WHEN r.earning_id IS NULL THEN NULL ELSE ${isoOf(sql`r.created_at`)} END AS refunded_at`;

/** A transaction with who started it, its earning (charges) and that earning's refund. */
const transactionFrom = sql`ledger_transactions t
  LEFT JOIN users i ON i.id = t.initiator_id
  LEFT JOIN earnings er ON er.transaction_id = t.id
  LEFT JOIN earning_refunds r ON r.earning_id = er.id`;

function presentTransactions(
  rows: RawTransaction[],
  entries: Map<string, LedgerTransactionRow['entries']>,
): LedgerTransactionRow[] {
  return rows.map((r) => {
    const lines = entries.get(r.id) ?? [];
    return {
      id: r.id,
      kind: r.kind,
      reference: r.reference,
      initiator: personOf(r.initiator_id, r.initiator_name, r.initiator_username),
      amountCents: lines.reduce((sum, l) => sum + Math.max(l.amountCents, 0), 0),
      createdAt: r.created_at,
      entries: lines,
      isRefundable:
        (r.kind === 'charge' || r.kind === 'subscription') && r.has_earning && !r.refund_transaction_id,
      refundedAt: r.refunded_at,
      refundTransactionId: r.refund_transaction_id,
    };
  });
}

/**
 * A page of the site's ledger transactions, newest first, each with its lines; and how many match.
 * Three statements whatever the page size (the page, its lines, the count).
 */
export async function searchLedgerTransactions(
  db: Executor,
  filter: LedgerFilter & { offset: number; limit: number },
): Promise<{ rows: LedgerTransactionRow[]; total: number }> {
  const where = transactionWhere(filter);
  const [page, counted] = await Promise.all([
    db.execute(sql`
      SELECT ${transactionColumns}
      FROM ${transactionFrom}
      WHERE ${where}
      ORDER BY t.created_at DESC, t.id DESC
      OFFSET ${filter.offset} LIMIT ${filter.limit}`),
    db.execute(sql`SELECT count(*)::int AS n FROM ledger_transactions t WHERE ${where}`),
  ]);
  const rows = rowsOf<RawTransaction>(page);
  const entries =
    rows.length === 0
      ? new Map()
      : await entriesOf(
          db,
          sql.join(
            rows.map((r) => sql`${r.id}::uuid`),
            sql`, `,
          ),
        );
  return {
    rows: presentTransactions(rows, entries),
    total: Number(rowsOf<{ n: number | string }>(counted)[0]?.n ?? 0),
  };
}

/** Up to `limit` matching transactions, newest first, with their lines (two statements), for CSV. */
export async function exportLedgerTransactions(
  db: Executor,
  filter: LedgerFilter & { limit: number },
): Promise<LedgerTransactionRow[]> {
  const where = transactionWhere(filter);
  const matching = sql`SELECT t.id FROM ledger_transactions t WHERE ${where}
    ORDER BY t.created_at DESC, t.id DESC LIMIT ${filter.limit}`;
  const [page, entries] = await Promise.all([
    db.execute(sql`
      SELECT ${transactionColumns}
      FROM ${transactionFrom}
      WHERE ${where}
      ORDER BY t.created_at DESC, t.id DESC
      LIMIT ${filter.limit}`),
    entriesOf(db, matching),
  ]);
  return presentTransactions(rowsOf<RawTransaction>(page), entries);
}

export interface EarningFilter {
  /** Text in the creator's or the fan's name, username or email. */
  q?: string;
  /** The creator or the fan. */
  userId?: string;
  type?: EarningSource;
  from?: Date;
  to?: Date;
}

export interface SiteEarningRow {
  id: string;
  transactionId: string;
  type: EarningSource;
  sourceId: string | null;
  creator: Person;
  fan: Person;
  grossCents: number;
  commissionCents: number;
  commissionRate: number;
  netCents: number;
  createdAt: string;
  refundedAt: string | null;
}

function earningWhere(filter: EarningFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.type) parts.push(sql`er.source_type = ${filter.type}`);
  if (filter.from) parts.push(sql`er.created_at >= ${at(filter.from)}`);
  if (filter.to) parts.push(sql`er.created_at <= ${at(filter.to)}`);
  if (filter.userId) parts.push(sql`(er.performer_id = ${filter.userId} OR er.fan_id = ${filter.userId})`);
  if (filter.q) parts.push(sql`(${personMatches(sql`c`, filter.q)} OR ${personMatches(sql`f`, filter.q)})`);
  return sql.join(parts, sql` AND `);
}

const earningsFrom = sql`earnings er
  JOIN users c ON c.id = er.performer_id
  JOIN users f ON f.id = er.fan_id`;

type RawEarning = {
  id: string;
  transaction_id: string;
  source_type: EarningSource;
  source_id: string | null;
  gross: string;
  commission: string;
  rate: number | string;
  net: string;
  created_at: string;
  refunded_at: string | null;
  c_id: string;
  c_name: string;
  c_username: string | null;
  f_id: string;
  f_name: string;
  f_username: string | null;
};

const presentEarning = (r: RawEarning): SiteEarningRow => ({
  id: r.id,
  transactionId: r.transaction_id,
  type: r.source_type,
  sourceId: r.source_id,
  creator: { id: r.c_id, name: r.c_name, username: r.c_username },
  fan: { id: r.f_id, name: r.f_name, username: r.f_username },
  grossCents: Number(r.gross),
  commissionCents: Number(r.commission),
  commissionRate: Number(r.rate),
  netCents: Number(r.net),
  createdAt: r.created_at,
  refundedAt: r.refunded_at,
});

const earningPage = (where: SQL, offset: number, limit: number) => sql`
  SELECT er.id, er.transaction_id, er.source_type, er.source_id,
         er.gross_cents::text AS gross, er.commission_cents::text AS commission,
         er.commission_rate AS rate, er.net_cents::text AS net,
         ${isoOf(sql`er.created_at`)} AS created_at,
         CASE WHEN r.earning_id IS NULL THEN NULL ELSE ${isoOf(sql`r.created_at`)} END AS refunded_at,
         c.id AS c_id, c.name AS c_name, c.username AS c_username,
         f.id AS f_id, f.name AS f_name, f.username AS f_username
  FROM ${earningsFrom}
  LEFT JOIN earning_refunds r ON r.earning_id = er.id
  WHERE ${where}
  ORDER BY er.created_at DESC, er.id DESC
  OFFSET ${offset} LIMIT ${limit}`;

/** A page of every creator's earnings, newest first, with creator, fan and refund; and the count. */
export async function searchSiteEarnings(
  db: Executor,
  filter: EarningFilter & { offset: number; limit: number },
): Promise<{ rows: SiteEarningRow[]; total: number }> {
  const where = earningWhere(filter);
  const [page, counted] = await Promise.all([
    db.execute(earningPage(where, filter.offset, filter.limit)),
    db.execute(sql`SELECT count(*)::int AS n FROM ${earningsFrom} WHERE ${where}`),
  ]);
  return {
    rows: rowsOf<RawEarning>(page).map(presentEarning),
    total: Number(rowsOf<{ n: number | string }>(counted)[0]?.n ?? 0),
  };
}

/** Up to `limit` matching earnings, newest first (one statement), for CSV. */
export async function exportSiteEarnings(
  db: Executor,
  filter: EarningFilter & { limit: number },
): Promise<SiteEarningRow[]> {
  return rowsOf<RawEarning>(await db.execute(earningPage(earningWhere(filter), 0, filter.limit))).map(
    presentEarning,
  );
}
