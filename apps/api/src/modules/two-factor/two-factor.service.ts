import {
  type TTwoFactorChallenge,
  type TTwoFactorEnrolment,
  type TTwoFactorStatus,
  twoFactorChallengeMinutes,
} from '@fanstage/contract';
import type { Transaction, users } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { randomToken, sha256 } from '../../lib/crypto';
import { recordAudit } from '../audit/audit';
import { assertPasswordOf, freeLoginFailures, maxLoginBlockMinutes } from '../auth/auth.service';
import { type Actor, createSession } from '../auth/sessions';
import { sendTemplatedMail } from '../mail/email-templates.service';
import { findUserById } from '../users/users.repo';
import {
  decryptSecret,
  encryptSecret,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  qrCodeDataUrl,
  recoveryCodeHash,
} from './totp';
import * as repo from './two-factor.repo';

type User = typeof users.$inferSelect;

/** Wrong codes one login challenge may take; then the person logs in again (with the password). */
export const maxChallengeAttempts = 5;

const minuteMs = 60 * 1000;

const challengeGone = () =>
  new AppError('INVALID_TOKEN', 'This sign-in step has expired or was already used. Please log in again.');
const wrongCode = () =>
  new AppError(
    'UNPROCESSABLE',
    'That code is not correct. Type the newest code your authenticator app shows (check that the time on your phone is right).',
    [{ path: 'code', message: 'Not correct.' }],
  );
const usedCode = () =>
  new AppError(
    'UNPROCESSABLE',
    'This code was already used. Wait for the next code in your app and type that one.',
    [{ path: 'code', message: 'Already used.' }],
  );
const wrongRecoveryCode = () =>
  new AppError('UNPROCESSABLE', 'That recovery code is not correct or was already used.', [
    { path: 'recoveryCode', message: 'Not correct or already used.' },
  ]);

async function accountOf(ctx: AppContext, userId: string): Promise<User> {
  const user = await findUserById(ctx.db.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  return user;
}

const isRequiredFor = async (ctx: AppContext, user: Pick<User, 'role'>) =>
  user.role === 'admin' && (await ctx.settings.getAll()).requireAdminTwoFactor;

async function enabledTwoFactorOf(ctx: AppContext, userId: string) {
  const row = await repo.findTwoFactor(ctx.db.db, userId);
  return row?.enabledAt ? row : null;
}

type TwoFactorRow = NonNullable<Awaited<ReturnType<typeof repo.findTwoFactor>>>;

/**
 * Wrong codes slow the account down like wrong passwords do (whatever the IP, over every
 * challenge): after `freeLoginFailures` in a row, codes are refused for 1 minute, doubling with each
 * further miss up to `maxLoginBlockMinutes`. Without it, someone who knows the password could guess
 * codes from many addresses, 5 per login.
 */
const codeBlockMinutes = (failures: number) =>
  failures < freeLoginFailures ? 0 : Math.min(maxLoginBlockMinutes, 2 ** (failures - freeLoginFailures));

function assertCodesNotBlocked(ctx: AppContext, row: TwoFactorRow) {
  const waitMs = (row.codesBlockedUntil?.getTime() ?? 0) - ctx.clock.now().getTime();
  if (waitMs <= 0) return;
  const minutes = Math.ceil(waitMs / minuteMs);
  throw new AppError(
    'RATE_LIMITED',
    `Too many wrong codes for this account. Try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`,
  );
}

async function refuseCode(ctx: AppContext, row: TwoFactorRow, error: AppError): Promise<never> {
  const failures = await repo.countWrongCode(ctx.db.db, row.userId);
  const minutes = codeBlockMinutes(failures);
  if (minutes > 0) {
    await repo.blockCodesUntil(
      ctx.db.db,
      row.userId,
      new Date(ctx.clock.now().getTime() + minutes * minuteMs),
    );
  }
  throw error;
}

/** The account's TOTP key; one that no longer decrypts (SECRET was changed) is a sentence, not a 500. */
function readSecret(ctx: AppContext, row: TwoFactorRow): string {
  try {
    return decryptSecret(ctx.config.SECRET, row.secretEncrypted);
  } catch (err) {
    ctx.log.error({ err, userId: row.userId }, 'two-factor key does not decrypt (was SECRET changed?)');
    throw new AppError(
      'UNPROCESSABLE',
      'Your authenticator app cannot be checked on this site any more. Please ask support to reset your two-factor authentication.',
    );
  }
}

/**
 * Checks an app code against the account's secret and spends its time step, so the same code
 * (or an older one) is never accepted again.
 */
async function spendCode(ctx: AppContext, row: TwoFactorRow, code: string): Promise<void> {
  assertCodesNotBlocked(ctx, row);
  const step = matchingStep(readSecret(ctx, row), code, ctx.clock.now());
  if (step === null) await refuseCode(ctx, row, wrongCode());
  else if (!(await repo.claimStep(ctx.db.db, row.userId, step))) throw usedCode();
  if (row.failedCodeCount > 0) await repo.resetWrongCodes(ctx.db.db, row.userId);
}

/** Checks an app code or spends a recovery code once. */
async function spendCodeOrRecoveryCode(
  ctx: AppContext,
  row: TwoFactorRow,
  input: { code?: string; recoveryCode?: string },
): Promise<void> {
  if (input.code !== undefined) return spendCode(ctx, row, input.code);
  assertCodesNotBlocked(ctx, row);
  const hash = recoveryCodeHash(ctx.config.SECRET, input.recoveryCode ?? '');
  if (!(await repo.useRecoveryCode(ctx.db.db, row.userId, hash, ctx.clock.now()))) {
    await refuseCode(ctx, row, wrongRecoveryCode());
  }
  if (row.failedCodeCount > 0) await repo.resetWrongCodes(ctx.db.db, row.userId);
}

/** New recovery codes for the account (the old ones stop working); answers them once, in clear. */
async function issueRecoveryCodes(
  ctx: AppContext,
  userId: string,
  alongside?: (tx: Transaction) => Promise<void>,
) {
  const codes = newRecoveryCodes();
  await ctx.db.db.transaction(async (tx) => {
    if (alongside) await alongside(tx);
    await repo.replaceRecoveryCodes(
      tx,
      userId,
      codes.map((c) => recoveryCodeHash(ctx.config.SECRET, c)),
    );
  });
  return codes;
}

const notices = {
  enabled:
    'Two-factor authentication was turned on for your account. Logging in now needs a code from your authenticator app.',
  disabled:
    'Two-factor authentication was turned off for your account. Logging in now needs only your password.',
  reset:
    'An admin turned two-factor authentication off for your account, as you asked. Logging in now needs only your password; you can set it up again in your account settings.',
  codes: 'New recovery codes were made for your account; the old ones no longer work.',
} as const;

/**
 * Mails the account about a change to its sign-in, so a change the owner did not make (someone with
 * the password setting up their own app) does not go unnoticed. A failed mail does not undo it.
 */
async function tellOwner(ctx: AppContext, user: Pick<User, 'email' | 'name'>, notice: keyof typeof notices) {
  if (!user.email) return;
  await sendTemplatedMail(ctx, {
    key: 'auth.two-factor',
    to: user.email,
    values: { name: user.name, notice: notices[notice] },
  }).catch((err: unknown) => ctx.log.error({ err }, 'two-factor notice failed'));
}

/** Whether two-factor is on for the actor, how many recovery codes are left, and whether the site requires it. */
export async function getStatus(ctx: AppContext, options: { actor: Actor }): Promise<TTwoFactorStatus> {
  const user = await accountOf(ctx, options.actor.id);
  const row = await enabledTwoFactorOf(ctx, user.id);
  return {
    enabled: row !== null,
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: row ? await repo.countRecoveryCodesLeft(ctx.db.db, user.id) : 0,
    required: await isRequiredFor(ctx, user),
  };
}

async function startEnrolmentFor(ctx: AppContext, user: User): Promise<TTwoFactorEnrolment> {
  if (await enabledTwoFactorOf(ctx, user.id)) {
    throw new AppError(
      'CONFLICT',
      'Two-factor authentication is already on. Turn it off first to set up another app.',
    );
  }
  const secret = newTotpSecret();
  await repo.savePendingSecret(ctx.db.db, user.id, encryptSecret(ctx.config.SECRET, secret));
  const { siteName } = await ctx.settings.getAll();
  const uri = otpauthUri({ secret, issuer: siteName, account: user.email ?? user.username ?? user.name });
  return { secret, otpauthUri: uri, qrCodeDataUrl: await qrCodeDataUrl(uri) };
}

/** The first code proves the app holds the secret: two-factor goes on and 10 recovery codes are made. */
async function confirmEnrolmentFor(ctx: AppContext, user: User, code: string): Promise<string[]> {
  const row = await repo.findTwoFactor(ctx.db.db, user.id);
  if (!row) {
    throw new AppError(
      'UNPROCESSABLE',
      'Start setting up two-factor authentication first, then type a code.',
    );
  }
  if (row.enabledAt) throw new AppError('CONFLICT', 'Two-factor authentication is already on.');
  await spendCode(ctx, row, code);
  const codes = await issueRecoveryCodes(ctx, user.id, (tx) =>
    repo.markEnabled(tx, user.id, ctx.clock.now()),
  );
  await tellOwner(ctx, user, 'enabled');
  return codes;
}

/** Starts enrolment: a new secret, as an otpauth:// URI, a QR code and the key to type by hand. */
export async function startEnrolment(ctx: AppContext, options: { actor: Actor }) {
  return startEnrolmentFor(ctx, await accountOf(ctx, options.actor.id));
}

/** Confirms enrolment with a first code; answers the recovery codes (shown once). */
export async function confirmEnrolment(ctx: AppContext, options: { actor: Actor; code: string }) {
  return confirmEnrolmentFor(ctx, await accountOf(ctx, options.actor.id), options.code);
}

/** Turns two-factor off, with the password and a current code (or a recovery code, for a lost phone). */
export async function disable(
  ctx: AppContext,
  options: { actor: Actor; password?: string; code?: string; recoveryCode?: string },
): Promise<void> {
  const user = await accountOf(ctx, options.actor.id);
  const row = await enabledTwoFactorOf(ctx, user.id);
  if (!row) throw new AppError('UNPROCESSABLE', 'Two-factor authentication is not on for your account.');
  if (await isRequiredFor(ctx, user)) {
    throw new AppError(
      'UNPROCESSABLE',
      'This site requires two-factor authentication for admins, so it cannot be turned off.',
    );
  }
  if (user.passwordHash) await assertPasswordOf(ctx, user, options.password, 'password');
  await spendCodeOrRecoveryCode(ctx, row, options);
  await repo.deleteTwoFactor(ctx.db.db, user.id);
  await tellOwner(ctx, user, 'disabled');
}

/** New recovery codes (the old ones stop working), after a current app code. */
export async function regenerateRecoveryCodes(ctx: AppContext, options: { actor: Actor; code: string }) {
  const user = await accountOf(ctx, options.actor.id);
  const row = await enabledTwoFactorOf(ctx, user.id);
  if (!row) throw new AppError('UNPROCESSABLE', 'Two-factor authentication is not on for your account.');
  await spendCode(ctx, row, options.code);
  const codes = await issueRecoveryCodes(ctx, user.id);
  await tellOwner(ctx, user, 'codes');
  return codes;
}

/**
 * The second step a sign-in needs before a session may be made, or null when none. Every path that
 * creates a session after checking who someone is (password login, Google/Twitter sign-in) asks
 * this first and hands the challenge out instead of a session when there is one.
 */
export async function secondStepFor(
  ctx: AppContext,
  options: { user: Pick<User, 'id' | 'role'>; remember: boolean },
): Promise<TTwoFactorChallenge | null> {
  const { user } = options;
  let purpose: 'verify' | 'enrol';
  if (await enabledTwoFactorOf(ctx, user.id)) purpose = 'verify';
  else if (await isRequiredFor(ctx, user)) purpose = 'enrol';
  else return null;
  const token = randomToken();
  const expiresAt = new Date(ctx.clock.now().getTime() + twoFactorChallengeMinutes * minuteMs);
  await repo.insertChallenge(ctx.db.db, {
    userId: user.id,
    tokenHash: sha256(token),
    purpose,
    remember: options.remember,
    expiresAt,
  });
  return {
    twoFactor: purpose,
    challengeToken: token,
    expiresAt: expiresAt.toISOString(),
    message:
      purpose === 'verify'
        ? 'Type the 6-digit code from your authenticator app to finish logging in.'
        : 'This site requires two-factor authentication for admins. Set it up now to finish logging in.',
  };
}

async function openChallenge(ctx: AppContext, token: string, purpose: 'verify' | 'enrol') {
  const challenge = await repo.findOpenChallenge(ctx.db.db, {
    tokenHash: sha256(token),
    purpose,
    now: ctx.clock.now(),
    maxAttempts: maxChallengeAttempts,
  });
  if (!challenge) throw challengeGone();
  const user = await findUserById(ctx.db.db, challenge.userId);
  if (!user) throw challengeGone();
  if (user.status !== 'active') {
    throw new AppError('ACCOUNT_INACTIVE', 'Your account is inactive. Please contact support.');
  }
  return { challenge, user };
}

/** Runs a check against a challenge; a refused code counts as one of its few attempts. */
async function withAttempt<T>(ctx: AppContext, challengeId: string, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (err) {
    if (err instanceof AppError && err.code === 'UNPROCESSABLE') {
      await repo.countFailedAttempt(ctx.db.db, challengeId);
    }
    throw err;
  }
}

async function finishSignIn(
  ctx: AppContext,
  challenge: { id: string; userId: string; remember: boolean },
  client: { userAgent?: string; ip?: string },
) {
  if (!(await repo.spendChallenge(ctx.db.db, challenge.id, ctx.clock.now()))) throw challengeGone();
  const session = await createSession(ctx, {
    userId: challenge.userId,
    remember: challenge.remember,
    ...client,
  });
  return { ...session, remember: challenge.remember };
}

/** The second step of a login: the challenge and a code (or a recovery code, once) make the session. */
export async function verifyChallenge(
  ctx: AppContext,
  options: { challengeToken: string; code?: string; recoveryCode?: string; userAgent?: string; ip?: string },
) {
  const { challenge, user } = await openChallenge(ctx, options.challengeToken, 'verify');
  const row = await enabledTwoFactorOf(ctx, user.id);
  // Two-factor was turned off (or reset by an admin) since the password step.
  if (!row) throw challengeGone();
  await withAttempt(ctx, challenge.id, () => spendCodeOrRecoveryCode(ctx, row, options));
  return finishSignIn(ctx, challenge, options);
}

/** Enrolment during a login that requires it (an admin, with the site setting on). */
export async function startEnrolmentWithChallenge(ctx: AppContext, options: { challengeToken: string }) {
  const { user } = await openChallenge(ctx, options.challengeToken, 'enrol');
  return startEnrolmentFor(ctx, user);
}

/** Confirms the enrolment of a login that required it: two-factor goes on and the session is made. */
export async function confirmEnrolmentWithChallenge(
  ctx: AppContext,
  options: { challengeToken: string; code: string; userAgent?: string; ip?: string },
) {
  const { challenge, user } = await openChallenge(ctx, options.challengeToken, 'enrol');
  const recoveryCodes = await withAttempt(ctx, challenge.id, () =>
    confirmEnrolmentFor(ctx, user, options.code),
  );
  const session = await finishSignIn(ctx, challenge, options);
  return { session, recoveryCodes };
}

/** Whether an account uses two-factor, for the admin's account screen. */
export async function getAccountTwoFactor(ctx: AppContext, options: { userId: string }) {
  const user = await findUserById(ctx.db.db, options.userId);
  if (!user) throw notFound('That account');
  const row = await enabledTwoFactorOf(ctx, user.id);
  return {
    enabled: row !== null,
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: row ? await repo.countRecoveryCodesLeft(ctx.db.db, user.id) : 0,
    required: await isRequiredFor(ctx, user),
  };
}

/**
 * An admin turns someone's two-factor off (a lost phone and lost recovery codes): the person logs in
 * with the password alone again and may set it up anew. Written to the audit log.
 */
export async function resetTwoFactor(
  ctx: AppContext,
  options: { actor: Actor; userId: string; reason?: string },
): Promise<void> {
  const user = await findUserById(ctx.db.db, options.userId);
  if (!user) throw notFound('That account');
  const row = await enabledTwoFactorOf(ctx, user.id);
  if (!row) throw new AppError('CONFLICT', 'This account does not use two-factor authentication.');
  await ctx.db.db.transaction(async (tx) => {
    await repo.deleteTwoFactor(tx, user.id);
    await recordAudit(tx, {
      actorId: options.actor.id,
      action: 'two-factor.reset',
      targetType: 'user',
      targetId: user.id,
      before: { twoFactor: true },
      after: { twoFactor: false },
      reason: options.reason,
    });
  });
  await tellOwner(ctx, user, 'reset');
}
