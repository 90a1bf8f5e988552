import { type CallSessionKind, callSessions, sql } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { inMoneyTransaction, rowsOf } from './wallet.ledger';
import { announceBalance, chargeFan } from './wallet.service';

/*
 * Per-minute billing of private shows and 1-on-1 calls (docs/decisions/live-video-plan.md). The
 * calls module decides when a minute is due; this is the only place its money moves. One minute is
 * one transaction: the session's row lock, the conditional debit of the fan, the creator's earning
 * (source `private_call`) and the session's totals, posted once per `call:<id>:minute:<k>`.
 */

/** The ledger key of one billed minute: a second attempt at the same minute posts nothing. */
export const callMinuteKey = (sessionId: string, minute: number) => `call:${sessionId}:minute:${minute}`;

export type CallMinuteOutcome =
  /** Minute `minute` is paid now. */
  | { outcome: 'charged'; balanceCents: number }
  /** It was paid before (a re-run after a crash, or another worker). */
  | { outcome: 'already_billed' }
  /** The session is not live: nothing is billed. */
  | { outcome: 'not_live' }
  /** The fan's page stopped saying it is there: the caller ends the session. */
  | { outcome: 'fan_gone' }
  /** The fan cannot pay this minute: the caller ends the session. */
  | { outcome: 'insufficient_balance' }
  /** Another worker holds the session right now (only with `skipLocked`). */
  | { outcome: 'busy' };

interface LockedSession {
  id: string;
  kind: CallSessionKind;
  fan_id: string;
  performer_id: string;
  status: string;
  price_cents: number;
  billed_minutes: number;
  fan_seen_at: Date | string | null;
}

/**
 * Charges minute `minute` (1-based) of a live session at its current price per minute. Minute k is
 * billed only after minute k−1 and only while the session is live and the fan was seen since
 * `fanSeenSince`. With `skipLocked` a session another worker is billing is skipped (`busy`).
 */
export async function chargeCallMinute(
  ctx: AppContext,
  options: { sessionId: string; minute: number; fanSeenSince?: Date; skipLocked?: boolean },
): Promise<CallMinuteOutcome> {
  const { sessionId, minute } = options;
  if (!Number.isSafeInteger(minute) || minute < 1)
    throw new Error(`a call minute is 1 or more, got ${minute}`);
  const settings = await ctx.settings.getAll();
  const now = ctx.clock.now();
  const paid = { fanId: '' };
  try {
    const result = await inMoneyTransaction(ctx, async (tx): Promise<CallMinuteOutcome> => {
      const [row] = rowsOf<LockedSession>(
        await tx.execute(sql`
          SELECT id, kind, fan_id, performer_id, status, price_cents, billed_minutes, fan_seen_at
          FROM ${callSessions} WHERE id = ${sessionId}
          FOR UPDATE ${options.skipLocked ? sql`SKIP LOCKED` : sql``}`),
      );
      if (!row) return { outcome: options.skipLocked ? 'busy' : 'not_live' };
      if (row.status !== 'live') return { outcome: 'not_live' };
      if (row.billed_minutes >= minute) return { outcome: 'already_billed' };
      if (row.billed_minutes !== minute - 1) {
        throw new Error(
          `minute ${minute} of call ${sessionId} asked before minute ${row.billed_minutes + 1}`,
        );
      }
      const seenAt = row.fan_seen_at ? new Date(row.fan_seen_at) : null;
      if (options.fanSeenSince && (!seenAt || seenAt < options.fanSeenSince)) return { outcome: 'fan_gone' };
      const priceCents = Number(row.price_cents);
      let balanceCents = -1;
      if (priceCents > 0) {
        const charge = await chargeFan(tx, {
          fanId: row.fan_id,
          performerId: row.performer_id,
          grossCents: priceCents,
          source: 'private_call',
          sourceId: row.id,
          reference: `${row.kind}:${row.id}`,
          ledgerIdempotencyKey: callMinuteKey(row.id, minute),
          defaultCommissionRate: settings.performerCommission,
          metadata: { minute },
          now,
        });
        balanceCents = charge.balanceCents;
        paid.fanId = row.fan_id;
        // The ledger had this minute and the row did not: impossible in one transaction, so say it.
        if (!charge.isNew) ctx.log.error({ sessionId, minute }, 'call minute was in the ledger already');
      }
      await tx.execute(sql`
        UPDATE ${callSessions}
        SET billed_minutes = ${minute}, total_spent_cents = total_spent_cents + ${priceCents}, updated_at = ${now}
        WHERE id = ${row.id}`);
      return { outcome: 'charged', balanceCents };
    });
    if (result.outcome === 'charged' && paid.fanId) {
      announceBalance(ctx, paid.fanId, result.balanceCents / 100);
    }
    return result;
  } catch (error) {
    // The whole transaction rolled back: no ledger row, no earning, no minute.
    if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') {
      return { outcome: 'insufficient_balance' };
    }
    throw error;
  }
}
