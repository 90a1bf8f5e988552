import { createHash } from 'node:crypto';
import { idempotencyHeader, maximumIdempotencyKeyLength } from '@fanstage/contract';
import { and, type Executor, eq, idempotencyKeys, lt, type Transaction } from '@fanstage/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';

/*
 * Idempotency-Key for every money route (business-rules.md "Money"). A route adds `idempotencyKey`
 * to its preHandlers (after requireAuth); the service claims the key inside the transaction that
 * moves the money and stores the response there, so "charged" and "answer stored" commit together.
 * A concurrent duplicate waits on the key's primary key until the first commits, then replays it.
 */

export interface IdempotencyScope {
  userId: string;
  key: string;
  /** SHA-256 of method, route, params, query and body: the same key for another request is refused. */
  requestHash: string;
}

/** Thrown inside a money transaction when the key was already answered: the route sends the stored answer. */
export class IdempotentReplay extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
  ) {
    super('idempotent replay');
    this.name = 'IdempotentReplay';
  }
}

const scopes = new WeakMap<FastifyRequest, IdempotencyScope>();

/** The request's Idempotency-Key scope (null when the client sent none). */
export const idempotencyOf = (request: FastifyRequest): IdempotencyScope | null =>
  scopes.get(request) ?? null;

const visibleAscii = /^[\x21-\x7e]+$/;

/** Sorted keys, so `{a,b}` and `{b,a}` are the same request. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value ?? null;
};

export const requestHashOf = (request: FastifyRequest): string =>
  createHash('sha256')
    .update(
      JSON.stringify(
        canonical([request.method, request.routeOptions.url, request.params, request.query, request.body]),
      ),
    )
    .digest('hex');

/** 422: the key was used for another request. */
export const keyReused = () =>
  new AppError(
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used for a different request. Use a new key for a new payment.',
  );

const sendStored = (reply: FastifyReply, status: number, body: unknown) =>
  reply.header('idempotent-replayed', 'true').status(status).send(body);

/**
 * preHandler: reads and checks the Idempotency-Key header (1–255 visible characters, else 400) and
 * answers a replay of an already completed request at once, without running the route. A route
 * whose charge is the one statement `wallet_charge` passes `storedAnswerFirst: false` (or a test of
 * the request): that statement answers a replay before any of its checks, so looking the key up
 * here too would only cost a round trip per charge.
 */
export function idempotencyKey(
  ctx: AppContext,
  options: { storedAnswerFirst?: boolean | ((request: FastifyRequest) => boolean) } = {},
) {
  const { storedAnswerFirst = true } = options;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.headers[idempotencyHeader];
    if (raw === undefined) return;
    if (
      typeof raw !== 'string' ||
      raw.length === 0 ||
      raw.length > maximumIdempotencyKeyLength ||
      !visibleAscii.test(raw)
    ) {
      throw new AppError(
        'VALIDATION_FAILED',
        `The Idempotency-Key header must be 1 to ${maximumIdempotencyKeyLength} visible characters (letters, digits, dashes).`,
        [{ path: 'Idempotency-Key', message: 'Not a valid key.' }],
      );
    }
    if (!request.actor) return;
    const scope: IdempotencyScope = {
      userId: request.actor.id,
      key: raw,
      requestHash: requestHashOf(request),
    };
    scopes.set(request, scope);
    if (storedAnswerFirst === false) return;
    if (typeof storedAnswerFirst === 'function' && !storedAnswerFirst(request)) return;
    const stored = await findStored(ctx.db.db, scope);
    if (!stored) return;
    if (stored.requestHash !== scope.requestHash) throw keyReused();
    if (stored.responseStatus !== null) return sendStored(reply, stored.responseStatus, stored.responseBody);
  };
}

const findStored = async (db: Executor, scope: IdempotencyScope) =>
  (
    await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.key, scope.key)))
  )[0] ?? null;

/**
 * Claims the key inside the money transaction. When another request holds it, waits for that one to
 * commit, then throws IdempotentReplay with its answer (or 422 for a different request).
 */
export async function claimIdempotencyKey(tx: Transaction, scope: IdempotencyScope): Promise<void> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ userId: scope.userId, key: scope.key, requestHash: scope.requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return;
  const stored = await findStored(tx, scope);
  if (!stored || stored.requestHash !== scope.requestHash) throw keyReused();
  if (stored.responseStatus === null) {
    throw keyInProgress();
  }
  throw new IdempotentReplay(stored.responseStatus, stored.responseBody);
}

/** 409: a twin request holds the key and has not answered yet. */
export const keyInProgress = () =>
  new AppError(
    'CONFLICT',
    'A request with this Idempotency-Key is still being processed. Try again shortly.',
  );

/** Stores the answer with the key, in the same transaction as the money movement. */
export async function storeIdempotentResponse(
  tx: Transaction,
  scope: IdempotencyScope,
  response: { statusCode: number; body: unknown },
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: response.statusCode, responseBody: response.body })
    .where(and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.key, scope.key)));
}

/**
 * Runs `work` with the key claimed first and its `{ data }` answer (status 200) stored last, all in
 * the caller's transaction. Without a key it just runs `work`.
 */
export async function withIdempotency<T>(
  tx: Transaction,
  scope: IdempotencyScope | null,
  work: () => Promise<T>,
): Promise<T> {
  if (scope) await claimIdempotencyKey(tx, scope);
  const result = await work();
  if (scope) await storeIdempotentResponse(tx, scope, { statusCode: 200, body: { data: result } });
  return result;
}

/** Route helper: `{ data }` of a money service call, or the stored answer when it was a replay. */
export async function replyIdempotent<T>(reply: FastifyReply, run: () => Promise<T>) {
  try {
    return { data: await run() };
  } catch (error) {
    if (error instanceof IdempotentReplay) return sendStored(reply, error.statusCode, error.body);
    throw error;
  }
}

/** How long a stored answer is replayed; clients retry within minutes, so a day is plenty. */
export const idempotencyKeyTtlMs = 24 * 60 * 60 * 1000;

/**
 * Deletes the keys stored more than `idempotencyKeyTtlMs` before `now` (a later request with such a
 * key runs as new). Answers how many were deleted. Safe on several nodes at once.
 */
export async function pruneIdempotencyKeys(db: Executor, options: { now: Date }): Promise<number> {
  const cutoff = new Date(options.now.getTime() - idempotencyKeyTtlMs);
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
