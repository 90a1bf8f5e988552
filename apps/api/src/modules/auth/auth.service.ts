import {
  Messages,
  minimumCreatorAge,
  type TLoginRequest,
  type TRegisterPerformerFields,
  type TRegisterUserRequest,
} from '@fanstage/contract';
import {
  and,
  eq,
  gt,
  isNull,
  newId,
  performerProfiles,
  type Transaction,
  users,
  userTokens,
} from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256 } from '../../lib/crypto';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import {
  discardStoredDocuments,
  insertDocumentFiles,
  storeDocumentImages,
} from '../performers/performer-documents';
import { findUserByEmail, findUserByLogin, isEmailTaken, isUsernameTaken } from '../users/users.repo';
import { type Actor, createSession, revokeSession, revokeUserSessions } from './sessions';

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

async function issueToken(
  ctx: AppContext,
  userId: string,
  kind: 'email-verification' | 'password-reset',
  hours: number,
) {
  const token = randomToken();
  await ctx.db.db.insert(userTokens).values({
    userId,
    kind,
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
  const settings = await ctx.settings.getAll();
  const token = await issueToken(ctx, user.id, 'email-verification', verificationHours);
  const link = `${ctx.config.PUBLIC_URL}/auth/verify-email?token=${token}`;
  await ctx.mailer.send({
    to: user.email,
    subject: `Verify your email for ${settings.siteName}`,
    text: `Hi ${user.name},\n\nPlease confirm your email address by opening this link:\n${link}\n\nThe link works for ${verificationHours} hours.`,
    html: `<p>Hi ${escapeHtml(user.name)},</p><p>Please confirm your email address:</p><p><a href="${link}">Verify my email</a></p><p>The link works for ${verificationHours} hours.</p>`,
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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

const ageOn = (dateOfBirth: string, now: Date) => {
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

/** Login by username or email; one message for unknown account and wrong password. */
export async function login(
  ctx: AppContext,
  options: { input: TLoginRequest; userAgent?: string; ip?: string },
): Promise<{ token: string; expiresAt: Date; remember: boolean }> {
  const { input } = options;
  const user = await findUserByLogin(ctx.db.db, input.username);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) throw new AppError('INCORRECT_CREDENTIALS', Messages.incorrectCredentials);
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

/** Sets a new password and revokes every other session of the account. */
export async function changePassword(ctx: AppContext, options: { actor: Actor; password: string }) {
  const passwordHash = await hashPassword(options.password);
  await ctx.db.db.update(users).set({ passwordHash }).where(eq(users.id, options.actor.id));
  await revokeUserSessions(ctx, options.actor.id, options.actor.sessionId);
}

const forgotMessage = 'If an account uses this email, we have sent it a link to reset the password.';

/** Emails a single-use reset link valid for one hour; answers the same whether or not the email is known. */
export async function forgotPassword(ctx: AppContext, options: { email: string }) {
  const user = await findUserByEmail(ctx.db.db, options.email);
  if (user && user.status === 'active' && user.email) {
    const settings = await ctx.settings.getAll();
    const token = await issueToken(ctx, user.id, 'password-reset', resetHours);
    const link = `${ctx.config.PUBLIC_URL}/auth/reset-password?token=${token}`;
    await ctx.mailer.send({
      to: user.email,
      subject: `Reset your ${settings.siteName} password`,
      text: `Hi ${user.name},\n\nOpen this link to choose a new password:\n${link}\n\nThe link works once, for one hour. If you did not ask for it, ignore this mail.`,
      html: `<p>Hi ${escapeHtml(user.name)},</p><p><a href="${link}">Choose a new password</a></p><p>The link works once, for one hour. If you did not ask for it, ignore this mail.</p>`,
    });
  }
  return forgotMessage;
}

async function consumeToken(ctx: AppContext, token: string, kind: 'email-verification' | 'password-reset') {
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
    .returning({ userId: userTokens.userId });
  if (!row) {
    throw new AppError(
      'INVALID_TOKEN',
      kind === 'password-reset'
        ? 'This reset link is invalid, used or expired. Please ask for a new one.'
        : 'This verification link is invalid, used or expired. Please ask for a new one.',
    );
  }
  return row.userId;
}

/** Uses a reset token once: sets the password and revokes every session of the account. */
export async function resetPassword(ctx: AppContext, options: { token: string; password: string }) {
  const passwordHash = await hashPassword(options.password);
  const userId = await consumeToken(ctx, options.token, 'password-reset');
  await ctx.db.db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await revokeUserSessions(ctx, userId);
}

export async function verifyEmail(ctx: AppContext, options: { token: string }) {
  const userId = await consumeToken(ctx, options.token, 'email-verification');
  await ctx.db.db.update(users).set({ emailVerifiedAt: ctx.clock.now() }).where(eq(users.id, userId));
}

/** Sends a new verification link; answers the same whether or not the email is known. */
export async function resendVerification(ctx: AppContext, options: { email: string }) {
  const user = await findUserByEmail(ctx.db.db, options.email);
  if (user && !user.emailVerifiedAt && user.status === 'active') await sendVerificationMail(ctx, user);
  return 'If this email belongs to an account that is not verified yet, a new verification link is on its way.';
}
