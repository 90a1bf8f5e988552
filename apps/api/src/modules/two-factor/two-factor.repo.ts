import {
  and,
  count,
  type Executor,
  eq,
  gt,
  isNull,
  lt,
  or,
  sql,
  twoFactorChallenges,
  twoFactorRecoveryCodes,
  userTwoFactor,
} from '@fanstage/db';

export const findTwoFactor = async (db: Executor, userId: string) =>
  (await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).limit(1))[0] ?? null;

/** Starts (or restarts) an enrolment: a new secret that counts only once confirmed. */
export async function savePendingSecret(db: Executor, userId: string, secretEncrypted: string) {
  await db
    .insert(userTwoFactor)
    .values({ userId, secretEncrypted })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: {
        secretEncrypted,
        enabledAt: null,
        lastUsedStep: null,
        failedCodeCount: 0,
        codesBlockedUntil: null,
      },
    });
}

/**
 * Records `step` as the last code used, only when it is newer than the last one: answers false for a
 * code already used (also when two requests race with the same code).
 */
export async function claimStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

export async function markEnabled(db: Executor, userId: string, at: Date) {
  await db.update(userTwoFactor).set({ enabledAt: at }).where(eq(userTwoFactor.userId, userId));
}

export async function replaceRecoveryCodes(db: Executor, userId: string, codeHashes: string[]) {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code once: answers false when it is unknown or already used. */
export async function useRecoveryCode(db: Executor, userId: string, codeHash: string, at: Date) {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Executor, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Turns two-factor off: the secret, the recovery codes and any open login challenge go. */
export async function deleteTwoFactor(db: Executor, userId: string) {
  await db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
}

export async function insertChallenge(
  db: Executor,
  values: typeof twoFactorChallenges.$inferInsert,
): Promise<void> {
  await db.insert(twoFactorChallenges).values(values);
}

/** A challenge that still works: its hash, its purpose, not used, not expired, not out of attempts. */
export async function findOpenChallenge(
  db: Executor,
  options: { tokenHash: string; purpose: 'verify' | 'enrol'; now: Date; maxAttempts: number },
) {
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(
      and(
        eq(twoFactorChallenges.tokenHash, options.tokenHash),
        eq(twoFactorChallenges.purpose, options.purpose),
        isNull(twoFactorChallenges.usedAt),
        gt(twoFactorChallenges.expiresAt, options.now),
        lt(twoFactorChallenges.failedAttempts, options.maxAttempts),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function countFailedAttempt(db: Executor, challengeId: string) {
  await db
    .update(twoFactorChallenges)
    .set({ failedAttempts: sql`${twoFactorChallenges.failedAttempts} + 1` })
    .where(eq(twoFactorChallenges.id, challengeId));
}

/** Spends a challenge once: answers false when another request spent it first. */
export async function spendChallenge(db: Executor, challengeId: string, at: Date) {
  const rows = await db
    .update(twoFactorChallenges)
    .set({ usedAt: at })
    .where(and(eq(twoFactorChallenges.id, challengeId), isNull(twoFactorChallenges.usedAt)))
    .returning({ id: twoFactorChallenges.id });
  return rows.length > 0;
}

/** One more wrong code in a row; answers how many. */
export async function countWrongCode(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .update(userTwoFactor)
    .set({ failedCodeCount: sql`${userTwoFactor.failedCodeCount} + 1` })
    .where(eq(userTwoFactor.userId, userId))
    .returning({ failures: userTwoFactor.failedCodeCount });
  return row?.failures ?? 0;
}

export async function blockCodesUntil(db: Executor, userId: string, until: Date) {
  await db.update(userTwoFactor).set({ codesBlockedUntil: until }).where(eq(userTwoFactor.userId, userId));
}

export async function resetWrongCodes(db: Executor, userId: string) {
  await db
    .update(userTwoFactor)
    .set({ failedCodeCount: 0, codesBlockedUntil: null })
    .where(eq(userTwoFactor.userId, userId));
}
