import {
  Messages,
  minimumCreatorAge,
  reCaptchaLoginFailures,
  type TLoginRequest,
  type TRegisterPerformerFields,
  type TRegisterUserRequest,
  type TTwoFactorChallenge,
} from '@fanstage/contract';
import {
  and,
  eq,
  gt,
  isNull,
  newId,
  performerProfiles,
  sql,
  type Transaction,
  users,
  userTokens,
} from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256 } from '../../lib/crypto';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { sendTemplatedMail } from '../mail/email-templates.service';
import {
  discardStoredDocuments,
  insertDocumentFiles,
  storeDocumentImages,
} from '../performers/performer-documents';
import { requireReCaptcha } from '../re-captcha/re-captcha.service';
import { secondStepFor } from '../two-factor/two-factor.service';
import { forgetAccounts } from '../users/account-cache';
import {
  findUserByEmail,
  findUserById,
  findUserByLogin,
  isEmailTaken,
  isUsernameTaken,
} from '../users/users.repo';
import { type Actor, createSession, forgetActors, revokeSession, revokeUserSessions } from './sessions';

const hourMs = 60 * 60 * 1000;
const verificationHours = 48;
const resetHours = 1;

async function assertAvailable(ctx: AppContext, input: { username: string; email: string }) {
  if (await isUsernameTaken(ctx.db.db, input.username)) {
    throw new AppError('CONFLICT', 'This username is already taken.', [
      { path: 'username', message: 'Already taken.' },
    ]);
  }
  if (await isEmailTaken(ctx.db.db, input.email)) {
    throw new AppError('CONFLICT', 'An account with this email already exists.', [
      { path: 'email', message: 'Already in use.' },
    ]);
  }
}

/** A unique index may still refuse a racing duplicate: answer it as the same 409. */
const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { code?: string }).code === '23505' ||
    String((err as { cause?: { code?: string } }).cause?.code) === '23505');

type TokenKind = 'email-verification' | 'password-reset' | 'email-change';

async function issueToken(
  ctx: AppContext,
  userId: string,
  kind: TokenKind,
  hours: number,
  newEmail?: string,
) {
  const token = randomToken();
  await ctx.db.db.insert(userTokens).values({
    userId,
    kind,
    newEmail: newEmail ?? null,
    tokenHash: sha256(token),
    expiresAt: new Date(ctx.clock.now().getTime() + hours * hourMs),
  });
  return token;
}

async function sendVerificationMail(
  ctx: AppContext,
  user: { id: string; email: string | null; name: string },
) {
  if (!user.email) return;
  const token = await issueToken(ctx, user.id, 'email-verification', verificationHours);
  await sendTemplatedMail(ctx, {
    key: 'auth.verify-email',
    to: user.email,
    values: {
      name: user.name,
      link: `${ctx.config.PUBLIC_URL}/auth/verify-email?token=${token}`,
      hours: String(verificationHours),
    },
  });
}

async function insertUser(
  ctx: AppContext,
  input: TRegisterUserRequest,
  role: 'user' | 'performer',
  extra?: (tx: Transaction, id: string) => Promise<void>,
) {
  await assertAvailable(ctx, input);
  const settings = await ctx.settings.getAll();
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  const id = newId();
  try {
    await ctx.db.db.transaction(async (tx) => {
      await tx.insert(users).values({
        id,
        name: input.name,
        username: input.username,
        email: input.email,
        gender: input.gender ?? null,
        passwordHash,
        role,
        siteSubscriptionExpiresAt:
          role === 'user' && settings.trialEnabled
            ? new Date(now.getTime() + settings.trialDurationDays * 24 * hourMs)
            : null,
      });
      if (extra) await extra(tx, id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('CONFLICT', 'This username or email is already in use.');
    }
    throw err;
  }
  await sendVerificationMail(ctx, { id, email: input.email, name: input.name }).catch((err: unknown) => {
    // The account exists either way; the fan can ask for the mail again.
    ctx.log.error({ err }, 'verification mail failed');
  });
  return id;
}

const registeredMessage = async (ctx: AppContext) =>
  (await ctx.settings.getAll()).requireEmailVerification
    ? 'Your account is created. Please open the link we emailed you to verify your address, then log in.'
    : 'Your account is created. You can log in now.';

/** Fan sign-up. */
export async function registerUser(ctx: AppContext, options: { input: TRegisterUserRequest }) {
  const id = await insertUser(ctx, options.input, 'user');
  return { id, message: await registeredMessage(ctx) };
}

export const ageOn = (dateOfBirth: string, now: Date) => {
  const dob = new Date(`${dateOfBirth}T00:00:00Z`);
  let age = now.getUTCFullYear() - dob.getUTCFullYear();
  const m = now.getUTCMonth() - dob.getUTCMonth();
  if (m < 0 || (m === 0 && now.getUTCDate() < dob.getUTCDate())) age -= 1;
  return age;
};

/**
 * Creator sign-up: the fan fields plus date of birth, country and identity document images.
 * Documents are re-encoded and kept private; an admin verifies them before the creator is listed.
 */
export async function registerPerformer(
  ctx: AppContext,
  options: {
    input: TRegisterPerformerFields;
    documents: { field: string; buffer: Buffer; filename: string }[];
  },
) {
  const { input, documents } = options;
  const age = ageOn(input.dateOfBirth, ctx.clock.now());
  if (age < minimumCreatorAge || age > 120) {
    throw new AppError('UNPROCESSABLE', `Creators must be at least ${minimumCreatorAge} years old.`, [
      { path: 'dateOfBirth', message: `Must be at least ${minimumCreatorAge} years ago.` },
    ]);
  }
  if (documents.length === 0) {
    throw new AppError('UNPROCESSABLE', 'Please upload an image of your identity document.', [
      { path: 'idVerification', message: 'Required.' },
    ]);
  }
  await assertAvailable(ctx, input);
  const stored = await storeDocumentImages(ctx, documents);
  try {
    const id = await insertUser(ctx, input, 'performer', async (tx, userId) => {
      await tx
        .insert(performerProfiles)
        .values({ userId, dateOfBirth: input.dateOfBirth, country: input.country });
      await insertDocumentFiles(tx, userId, stored);
    });
    return {
      id,
      message: `${await registeredMessage(ctx)} Your profile will be listed once we have checked your documents.`,
    };
  } catch (err) {
    await discardStoredDocuments(ctx, stored);
    throw err;
  }
}

/**
 * Per-account login slowdown, whatever the client IP: after `freeLoginFailures` wrong passwords in a
 * row the account refuses logins for 1 minute, and each further failure doubles the wait, up to
 * `maxLoginBlockMinutes` (never a permanent lock-out). A successful login resets it.
 */
export const freeLoginFailures = 5;
export const maxLoginBlockMinutes = 15;
const minuteMs = 60 * 1000;

const loginBlockMinutes = (failures: number) =>
  failures < freeLoginFailures ? 0 : Math.min(maxLoginBlockMinutes, 2 ** (failures - freeLoginFailures));

function assertLoginNotBlocked(ctx: AppContext, user: { loginBlockedUntil: Date | null }) {
  const waitMs = (user.loginBlockedUntil?.getTime() ?? 0) - ctx.clock.now().getTime();
  if (waitMs <= 0) return;
  const minutes = Math.ceil(waitMs / minuteMs);
  throw new AppError(
    'RATE_LIMITED',
    `Too many failed attempts for this account. Try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`,
  );
}

async function recordFailedLogin(ctx: AppContext, userId: string) {
  const [row] = await ctx.db.db
    .update(users)
    .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
    .where(eq(users.id, userId))
    .returning({ failures: users.failedLoginCount });
  forgetAccounts(ctx, [userId]);
  const minutes = loginBlockMinutes(row?.failures ?? 0);
  if (minutes === 0) return;
  await ctx.db.db
    .update(users)
    .set({ loginBlockedUntil: new Date(ctx.clock.now().getTime() + minutes * minuteMs) })
    .where(eq(users.id, userId));
}

/** Login by username or email; one message for unknown account and wrong password. */
export async function login(
  ctx: AppContext,
  options: { input: TLoginRequest; userAgent?: string; ip?: string },
): Promise<{ token: string; expiresAt: Date; remember: boolean } | { challenge: TTwoFactorChallenge }> {
  const { input } = options;
  const user = await findUserByLogin(ctx.db.db, input.username);
  if (user) assertLoginNotBlocked(ctx, user);
  // After a few wrong passwords in a row the account needs the reCAPTCHA (when it is on), checked
  // before the password so a robot learns nothing more. Counted per account, in the database, so
  // it holds across nodes; per-IP floods meet the login rate limit.
  if (user && user.failedLoginCount >= reCaptchaLoginFailures) {
    await requireReCaptcha(ctx, input.reCaptchaToken, options.ip);
  }
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    if (user) await recordFailedLogin(ctx, user.id);
    throw new AppError('INCORRECT_CREDENTIALS', Messages.incorrectCredentials);
  }
  if (user.failedLoginCount > 0 || user.loginBlockedUntil) {
    await ctx.db.db
      .update(users)
      .set({ failedLoginCount: 0, loginBlockedUntil: null })
      .where(eq(users.id, user.id));
    forgetAccounts(ctx, [user.id]);
  }
  if (user.status !== 'active') {
    throw new AppError('ACCOUNT_INACTIVE', 'Your account is inactive. Please contact support.');
  }
  const settings = await ctx.settings.getAll();
  if (settings.requireEmailVerification && !user.emailVerifiedAt && user.role !== 'admin') {
    throw new AppError(
      'EMAIL_NOT_VERIFIED',
      'Please verify your email address first: open the link we emailed you, or ask for a new one with "Resend verification email".',
    );
  }
  // With two-factor on (or required and not set up yet) the password alone makes no session.
  const challenge = await secondStepFor(ctx, { user, remember: input.remember });
  if (challenge) return { challenge };
  const session = await createSession(ctx, {
    userId: user.id,
    remember: input.remember,
    userAgent: options.userAgent,
    ip: options.ip,
  });
  return { ...session, remember: input.remember };
}

export const logout = (ctx: AppContext, options: { actor: Actor }) =>
  revokeSession(ctx, options.actor.sessionId);

/**
 * Checks the password a logged-in person typed to confirm a sensitive change. Wrong guesses count
 * toward the account's login slowdown, so a stolen session cannot try passwords here either.
 */
export async function assertPasswordOf(
  ctx: AppContext,
  user: { id: string; passwordHash: string | null; loginBlockedUntil: Date | null },
  password: string | undefined,
  field: string,
) {
  assertLoginNotBlocked(ctx, user);
  if (!password) {
    throw new AppError('UNPROCESSABLE', 'Please type your current password to confirm.', [
      { path: field, message: 'Your current password is required.' },
    ]);
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    await recordFailedLogin(ctx, user.id);
    throw new AppError('UNPROCESSABLE', 'Your current password is not correct.', [
      { path: field, message: 'Not correct.' },
    ]);
  }
}

async function accountOf(ctx: AppContext, actor: Actor) {
  const user = await findUserById(ctx.db.db, actor.id);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  return user;
}

/**
 * Sets a new password and revokes every other session of the account. The current password is
 * needed, unless the account has none yet (it signed up with Google or Twitter).
 */
export async function changePassword(
  ctx: AppContext,
  options: { actor: Actor; password: string; currentPassword?: string },
) {
  const user = await accountOf(ctx, options.actor);
  if (user.passwordHash) await assertPasswordOf(ctx, user, options.currentPassword, 'currentPassword');
  const passwordHash = await hashPassword(options.password);
  await ctx.db.db.update(users).set({ passwordHash }).where(eq(users.id, options.actor.id));
  await revokeUserSessions(ctx, options.actor.id, options.actor.sessionId);
  await tellPasswordChanged(ctx, user);
}

/** The owner learns their password changed (a stolen session or reset link shows at once). */
async function tellPasswordChanged(ctx: AppContext, user: { name: string; email: string | null }) {
  if (!user.email) return;
  await sendTemplatedMail(ctx, {
    key: 'auth.password-changed',
    to: user.email,
    values: { name: user.name, link: `${ctx.config.PUBLIC_URL}/auth/forgot-password` },
  }).catch((err: unknown) => ctx.log.error({ err }, 'password change notice failed'));
}

const forgotMessage = 'If an account uses this email, we have sent it a link to reset the password.';

/** Emails a single-use reset link valid for one hour; answers the same whether or not the email is known. */
export async function forgotPassword(ctx: AppContext, options: { email: string }) {
  const user = await findUserByEmail(ctx.db.db, options.email);
  if (user && user.status === 'active' && user.email) {
    const token = await issueToken(ctx, user.id, 'password-reset', resetHours);
    await sendTemplatedMail(ctx, {
      key: 'auth.reset-password',
      to: user.email,
      values: { name: user.name, link: `${ctx.config.PUBLIC_URL}/auth/reset-password?token=${token}` },
    });
  }
  return forgotMessage;
}

const invalidTokenMessages: Record<TokenKind, string> = {
  'password-reset': 'This reset link is invalid, used or expired. Please ask for a new one.',
  'email-verification': 'This verification link is invalid, used or expired. Please ask for a new one.',
  'email-change': 'This confirmation link is invalid, used or expired. Please change your email again.',
};

async function consumeToken(ctx: AppContext, token: string, kind: TokenKind) {
  const now = ctx.clock.now();
  const [row] = await ctx.db.db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, sha256(token)),
        eq(userTokens.kind, kind),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .returning({ userId: userTokens.userId, newEmail: userTokens.newEmail });
  if (!row) throw new AppError('INVALID_TOKEN', invalidTokenMessages[kind]);
  return row;
}

/** Uses a reset token once: sets the password and revokes every session of the account. */
export async function resetPassword(ctx: AppContext, options: { token: string; password: string }) {
  const passwordHash = await hashPassword(options.password);
  const { userId } = await consumeToken(ctx, options.token, 'password-reset');
  // The link proves the owner: a login slowdown caused by someone else's guesses ends too.
  await ctx.db.db
    .update(users)
    .set({ passwordHash, failedLoginCount: 0, loginBlockedUntil: null })
    .where(eq(users.id, userId));
  await revokeUserSessions(ctx, userId);
  const user = await findUserById(ctx.db.db, userId);
  if (user) await tellPasswordChanged(ctx, user);
}

export async function verifyEmail(ctx: AppContext, options: { token: string }) {
  const { userId } = await consumeToken(ctx, options.token, 'email-verification');
  await ctx.db.db.update(users).set({ emailVerifiedAt: ctx.clock.now() }).where(eq(users.id, userId));
  forgetAccounts(ctx, [userId]);
}

/** Sends a new verification link; answers the same whether or not the email is known. */
export async function resendVerification(ctx: AppContext, options: { email: string }) {
  const user = await findUserByEmail(ctx.db.db, options.email);
  if (user && !user.emailVerifiedAt && user.status === 'active') await sendVerificationMail(ctx, user);
  return 'If this email belongs to an account that is not verified yet, a new verification link is on its way.';
}

const emailChangeHours = 24;

/** Hides most of an address in a mail that may be read by someone else: "an***@example.test". */
const maskEmail = (email: string) => {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 2)}***@${domain}`;
};

/**
 * Starts an email change: checks the password, then mails a single-use link (24 hours) to the new
 * address. The old address stays in force until the link is opened; a newer request replaces older ones.
 */
export async function requestEmailChange(
  ctx: AppContext,
  options: { actor: Actor; email: string; password: string },
) {
  const user = await accountOf(ctx, options.actor);
  if (!user.passwordHash) {
    throw new AppError(
      'UNPROCESSABLE',
      'Your account has no password yet. Please set one under Password first, then change your email.',
    );
  }
  await assertPasswordOf(ctx, user, options.password, 'password');
  if (user.email?.toLowerCase() === options.email) {
    throw new AppError('UNPROCESSABLE', 'This is already your email address.', [
      { path: 'email', message: 'Already your address.' },
    ]);
  }
  if (await isEmailTaken(ctx.db.db, options.email, user.id)) {
    throw new AppError('CONFLICT', 'An account with this email already exists.', [
      { path: 'email', message: 'Already in use.' },
    ]);
  }
  await ctx.db.db
    .delete(userTokens)
    .where(
      and(eq(userTokens.userId, user.id), eq(userTokens.kind, 'email-change'), isNull(userTokens.usedAt)),
    );
  const token = await issueToken(ctx, user.id, 'email-change', emailChangeHours, options.email);
  await sendTemplatedMail(ctx, {
    key: 'auth.confirm-new-email',
    to: options.email,
    values: {
      name: user.name,
      link: `${ctx.config.PUBLIC_URL}/auth/confirm-email?token=${token}`,
      hours: String(emailChangeHours),
    },
  });
  return 'We sent a confirmation link to the new address. Your email changes when you open it.';
}

/** Opens an email change link once: switches the address (still free?) and tells the old address. */
export async function confirmEmailChange(ctx: AppContext, options: { token: string }) {
  const { userId, newEmail } = await consumeToken(ctx, options.token, 'email-change');
  const user = await findUserById(ctx.db.db, userId);
  if (!user || !newEmail) throw new AppError('INVALID_TOKEN', invalidTokenMessages['email-change']);
  const taken = () =>
    new AppError('CONFLICT', 'Another account uses this email now. Please change your email to another one.');
  if (await isEmailTaken(ctx.db.db, newEmail, userId)) throw taken();
  try {
    await ctx.db.db
      .update(users)
      .set({ email: newEmail, emailVerifiedAt: ctx.clock.now() })
      .where(eq(users.id, userId));
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  // The actor carries the email.
  forgetActors(ctx, userId);
  if (user.email) {
    await sendTemplatedMail(ctx, {
      key: 'auth.email-changed',
      to: user.email,
      values: { name: user.name, newEmail: maskEmail(newEmail) },
    }).catch((err: unknown) => ctx.log.error({ err }, 'email change notice failed'));
  }
  return 'Your email is changed.';
}
