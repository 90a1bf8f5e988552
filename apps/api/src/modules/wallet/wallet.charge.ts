import { blockedByCreatorMessage, Messages, type TCharge, toCents } from '@fanstage/contract';
import { type DbHandle, type Executor, newId, sql } from '@fanstage/db';
import { AppError, notFound } from '../../lib/app-error';
import { groupWhileBusy } from '../../lib/grouped';
import type { Actor } from '../auth/sessions';
import { type IdempotencyScope, IdempotentReplay, keyInProgress, keyReused } from './wallet.idempotency';
import { rowsOf } from './wallet.ledger';

/*
 * A tip or a purchase in one SQL statement: `wallet_charge(jsonb)` (migration 0034) checks the
 * creator and the item, claims the Idempotency-Key, records the purchase, splits the commission,
 * debits the wallet conditionally, posts the ledger lines and the earning and stores the answer.
 * One statement is one atomic unit, so no BEGIN/COMMIT and no row lock held across round trips.
 * ARCHITECTURE.md "Money: one statement per charge".
 */

export type ChargeKind = 'tip' | 'feed' | 'video' | 'gallery' | 'message' | 'stream';

const itemNames = {
  tip: 'tip',
  feed: 'post',
  video: 'video',
  gallery: 'gallery',
  message: 'message',
  stream: 'live show',
} as const;

export interface OneStatementCharge {
  charge: TCharge;
  grossCents: number;
  commissionCents: number;
  netCents: number;
  balanceCents: number;
}

type Answer =
  | ({ error?: undefined; replay?: undefined } & OneStatementCharge)
  | { error: string; performerName?: string; replay?: undefined }
  | { error?: undefined; replay: { status: number; body: unknown } };

/** The refusal the function answered, as the route's error (the same sentences as before). */
function refusal(
  kind: ChargeKind,
  answer: { error: string; performerName?: string },
  limits: TipLimits,
): Error {
  const name = itemNames[kind];
  switch (answer.error) {
    case 'tip_too_low':
      return tipTooLow(limits.minimum);
    case 'tip_too_high':
      return tipTooHigh(limits.maximum);
    case 'creator_not_found':
      return notFound('That creator');
    case 'blocked':
      return new AppError('FORBIDDEN', blockedByCreatorMessage);
    case 'self_tip':
      return new AppError('UNPROCESSABLE', 'You cannot tip yourself.');
    case 'not_found':
      return notFound(`That ${name}`);
    case 'not_subscribed':
      return new AppError('FORBIDDEN', `Subscribe to ${answer.performerName} to join their live shows.`);
    case 'own':
      return new AppError('UNPROCESSABLE', `You cannot buy your own ${name}.`);
    case 'ended':
      return new AppError('CONFLICT', 'This live show has ended.');
    case 'free_show':
      return new AppError(
        'UNPROCESSABLE',
        'This live show is free for subscribers; there is nothing to pay.',
      );
    case 'not_for_sale':
      return new AppError('UNPROCESSABLE', `This ${name} is not for sale.`);
    case 'key_reused':
      return keyReused();
    case 'key_in_progress':
      return keyInProgress();
    default:
      return new Error(`wallet_charge answered an unknown refusal: ${answer.error}`);
  }
}

/** The site's tip limits, as amounts (settings.minimumTipPrice / maximumTipPrice). */
export interface TipLimits {
  minimum: number;
  maximum: number;
}

export const tipTooLow = (minimum: number) =>
  new AppError('UNPROCESSABLE', `The tip must be at least ${minimum.toFixed(2)}.`, [
    { path: 'amount', message: `At least ${minimum.toFixed(2)}.` },
  ]);

export const tipTooHigh = (maximum: number) =>
  new AppError('UNPROCESSABLE', `The tip cannot be more than ${maximum.toFixed(2)}.`, [
    { path: 'amount', message: `At most ${maximum.toFixed(2)}.` },
  ]);

const codeOf = (error: unknown): string | undefined =>
  (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;

/** What a charge is given: the actor, the item or the creator and amount, the key. */
export interface ChargeOptions {
  actor: Pick<Actor, 'id' | 'role'>;
  kind: ChargeKind;
  country: string | null;
  now: Date;
  defaultCommissionRate: number;
  idempotency: IdempotencyScope | null;
  /** The item bought; null for a tip. */
  targetId?: string | null;
  /** The creator tipped. */
  performerId?: string;
  amountCents?: number;
  /** A tip's limits, checked after the creator (their refusals come first). */
  tipLimits?: TipLimits;
  reference: string;
  metadata?: Record<string, unknown>;
}

const limitsOf = (options: ChargeOptions): TipLimits =>
  options.tipLimits ?? { minimum: 0, maximum: Number.MAX_SAFE_INTEGER / 100 };

/** wallet_charge's argument (migration 0034). */
function inputOf(options: ChargeOptions) {
  const limits = limitsOf(options);
  return {
    kind: options.kind,
    fanId: options.actor.id,
    fanRole: options.actor.role,
    country: options.country,
    now: options.now.toISOString(),
    nowIso: options.now.toISOString(),
    targetId: options.targetId ?? null,
    performerId: options.performerId ?? null,
    amountCents: options.amountCents ?? null,
    minimumCents: toCents(limits.minimum),
    maximumCents: toCents(limits.maximum),
    defaultRate: options.defaultCommissionRate,
    idempotencyKey: options.idempotency?.key ?? null,
    requestHash: options.idempotency?.requestHash ?? null,
    transactionId: newId(),
    purchaseId: newId(),
    earningId: newId(),
    reference: options.reference,
    metadata: options.metadata ?? {},
  };
}

/** The function's own refusals that roll its writes back (an exception, not an answer). */
type Raised = { raised: 'FS001' | 'FS002' };

const raisedOf = (error: unknown): Raised | null => {
  const code = codeOf(error);
  return code === 'FS001' || code === 'FS002' ? { raised: code } : null;
};

const parsed = <T>(raw: T | string): T => (typeof raw === 'string' ? (JSON.parse(raw) as T) : raw);

/** One charge, one statement; its own refusals as an answer, anything else thrown. */
async function chargeAlone(db: Executor, input: ReturnType<typeof inputOf>): Promise<Answer | Raised> {
  try {
    const result = await db.execute(sql`SELECT wallet_charge(${JSON.stringify(input)}::jsonb) AS answer`);
    return parsed(rowsOf<{ answer: Answer | string }>(result)[0]!.answer);
  } catch (error) {
    const raised = raisedOf(error);
    if (raised) return raised;
    throw error;
  }
}

/** The function's answer as the route's result, or its refusal as the route's error. */
function outcomeOf(options: ChargeOptions, answer: Answer | Raised): OneStatementCharge {
  const { kind } = options;
  if ('raised' in answer) {
    if (answer.raised === 'FS001') throw new AppError('INSUFFICIENT_BALANCE', Messages.insufficientBalance);
    throw new AppError(
      'CONFLICT',
      `You have already bought this ${itemNames[kind]}; it was not charged again.`,
    );
  }
  if (answer.replay) throw new IdempotentReplay(answer.replay.status, answer.replay.body);
  if (answer.error) throw refusal(kind, answer, limitsOf(options));
  const charged = answer as OneStatementCharge;
  return {
    // Numbers as the contract has them (the function writes amounts as numerics like 10.00).
    charge: {
      ...charged.charge,
      amount: Number(charged.charge.amount),
      balance: Number(charged.charge.balance),
    },
    grossCents: Number(charged.grossCents),
    commissionCents: Number(charged.commissionCents),
    netCents: Number(charged.netCents),
    balanceCents: Number(charged.balanceCents),
  };
}

/**
 * Charges the actor's wallet for a tip (`performerId`, `amountCents`) or an item (`targetId`) in one
 * statement, on `db` (the caller's transaction, when a chat or show tip adds its message in the same
 * transaction). Throws the route's AppError, or IdempotentReplay.
 */
export async function chargeInOneStatement(
  db: Executor,
  options: ChargeOptions,
): Promise<OneStatementCharge> {
  return outcomeOf(options, await chargeAlone(db, inputOf(options)));
}

type ChargeInput = ReturnType<typeof inputOf>;

/** At most 32 charges a group: see migration 0039 (subtransactions). */
const chargeGroupMax = 32;
const chargeGroups = new WeakMap<DbHandle, (input: ChargeInput) => Promise<Answer | Raised>>();

const chargeGroupOf = (handle: DbHandle) => {
  let group = chargeGroups.get(handle);
  if (!group) {
    group = groupWhileBusy<ChargeInput, Answer | Raised>(
      async (inputs) => {
        if (inputs.length === 1) return [await chargeAlone(handle.db, inputs[0]!)];
        let answers: Record<string, Answer | Raised>;
        try {
          const result = await handle.db.execute(
            sql`SELECT wallet_charge_group(${JSON.stringify(inputs)}::jsonb) AS answers`,
          );
          answers = parsed(rowsOf<{ answers: Record<string, Answer | Raised> | string }>(result)[0]!.answers);
        } catch {
          // The group failed as a whole (a deadlock with another node's group, say): nothing of it
          // was written, so each charge runs alone and fails, if it does, on its own.
          const alone: Array<Answer | Raised | Error> = [];
          for (const input of inputs) alone.push(await chargeAlone(handle.db, input).catch((e: Error) => e));
          return alone;
        }
        return inputs.map(
          (_, place) => answers[String(place)] ?? new Error('wallet_charge_group skipped a charge'),
        );
      },
      { max: chargeGroupMax, lanes: 2 },
    );
    chargeGroups.set(handle, group);
  }
  return group;
};

/**
 * A charge outside any transaction of the caller's (a tip from a profile, a purchase): the same as
 * `chargeInOneStatement`, but charges that arrive while others are being written go together in one
 * statement (`wallet_charge_group`, migration 0039): one round trip and one commit for the group.
 * Each charge's answer and refusal are its own, as if it had run alone.
 */
export async function chargeOnItsOwn(handle: DbHandle, options: ChargeOptions): Promise<OneStatementCharge> {
  return outcomeOf(options, await chargeGroupOf(handle)(inputOf(options)));
}
