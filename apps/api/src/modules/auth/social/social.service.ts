import {
  minimumCreatorAge,
  type TSocialCompleteRequest,
  type TSocialRole,
  type TTwoFactorChallenge,
} from '@fanstage/contract';
import { and, eq, newId, performerProfiles, socialLogins, users } from '@fanstage/db';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { secondStepFor } from '../../two-factor/two-factor.service';
import { findUserByEmail, findUserById, isUsernameTaken } from '../../users/users.repo';
import { getCurrentUser } from '../../users/users.service';
import { ageOn } from '../auth.service';
import { type Actor, createSession, forgetActors } from '../sessions';

/** A person a provider vouched for. `emailVerified` is the provider's word that the address is theirs. */
export interface SocialIdentity {
  provider: 'google' | 'twitter';
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
}

const dayMs = 24 * 60 * 60 * 1000;

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { code?: string }).code === '23505' ||
    String((err as { cause?: { code?: string } }).cause?.code) === '23505');

const providerName = { google: 'Google', twitter: 'Twitter' } as const;

async function findLinkedUser(ctx: AppContext, identity: SocialIdentity) {
  const [row] = await ctx.db.db
    .select({ user: users })
    .from(socialLogins)
    .innerJoin(users, eq(users.id, socialLogins.userId))
    .where(and(eq(socialLogins.provider, identity.provider), eq(socialLogins.subject, identity.subject)))
    .limit(1);
  return row?.user ?? null;
}

/**
 * The account an existing member signs in to by a provider's verified email. An account whose own
 * address was never confirmed is not linked: whoever typed that address at sign-up may not own it,
 * and linking would hand their account (and password) to the address's real owner, or the reverse.
 */
async function linkByVerifiedEmail(ctx: AppContext, identity: SocialIdentity) {
  if (!identity.email || !identity.emailVerified) return null;
  const user = await findUserByEmail(ctx.db.db, identity.email);
  if (!user) return null;
  if (user.status !== 'active') return user;
  if (!user.emailVerifiedAt) {
    throw new AppError(
      'CONFLICT',
      `An account with this email exists but its address is not verified yet. Log in with your password and verify your email, then sign in with ${providerName[identity.provider]}.`,
    );
  }
  try {
    await ctx.db.db.insert(socialLogins).values({
      userId: user.id,
      provider: identity.provider,
      subject: identity.subject,
      email: identity.email,
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    throw new AppError(
      'CONFLICT',
      `Your account is already linked to another ${providerName[identity.provider]} account. Sign in with that one, or with your password.`,
    );
  }
  return user;
}

/** A new fan account with no password and no username yet; the email only when the provider verified it. */
async function createSocialUser(ctx: AppContext, identity: SocialIdentity) {
  const settings = await ctx.settings.getAll();
  const now = ctx.clock.now();
  const email = identity.emailVerified ? identity.email : null;
  const id = newId();
  try {
    await ctx.db.db.transaction(async (tx) => {
      await tx.insert(users).values({
        id,
        name: identity.name,
        username: null,
        email,
        emailVerifiedAt: email ? now : null,
        passwordHash: null,
        role: 'user',
        siteSubscriptionExpiresAt: settings.trialEnabled
          ? new Date(now.getTime() + settings.trialDurationDays * dayMs)
          : null,
      });
      await tx.insert(socialLogins).values({
        userId: id,
        provider: identity.provider,
        subject: identity.subject,
        email: identity.email,
      });
    });
  } catch (err) {
    // Two sign-ins of the same person at once: the other one made the account.
    if (isUniqueViolation(err)) {
      throw new AppError('CONFLICT', 'This sign-in is already being handled. Please try again.');
    }
    throw err;
  }
  return id;
}

/**
 * Signs a person in with a provider's identity: the account linked to it, else the account with the
 * same verified email (linked from now on), else a new account. Then a session exactly as the password
 * login makes one. Deactivated accounts are refused as in the password login.
 */
export async function signInWithIdentity(
  ctx: AppContext,
  options: { identity: SocialIdentity; remember: boolean; userAgent?: string; ip?: string },
): Promise<
  | { token: string; expiresAt: Date; remember: boolean; isNewAccount: boolean; challenge: null }
  | { token: null; remember: boolean; isNewAccount: false; challenge: TTwoFactorChallenge }
> {
  const { identity } = options;
  let user = (await findLinkedUser(ctx, identity)) ?? (await linkByVerifiedEmail(ctx, identity));
  let isNewAccount = false;
  if (!user) {
    user = await findUserById(ctx.db.db, await createSocialUser(ctx, identity));
    isNewAccount = true;
  }
  if (!user) throw new AppError('UNAVAILABLE', 'Your account could not be read. Please try again.');
  if (user.status !== 'active') {
    throw new AppError('ACCOUNT_INACTIVE', 'Your account is inactive. Please contact support.');
  }
  // Two-factor sign-in holds for every way in: the provider vouches for the person, not for their phone.
  const challenge = isNewAccount ? null : await secondStepFor(ctx, { user, remember: options.remember });
  if (challenge) return { token: null, remember: options.remember, isNewAccount: false, challenge };
  const session = await createSession(ctx, {
    userId: user.id,
    remember: options.remember,
    userAgent: options.userAgent,
    ip: options.ip,
  });
  return { ...session, remember: options.remember, isNewAccount, challenge: null };
}

/**
 * The one-time step of a new social account: fan or creator, and a username. A creator gives a date
 * of birth and a country too (documents are uploaded later from the account page, as for any creator
 * whose documents are missing). Accounts that have a username already are set up.
 */
export async function completeSocialAccount(
  ctx: AppContext,
  options: { actor: Actor; input: TSocialCompleteRequest },
) {
  const { actor, input } = options;
  const user = await findUserById(ctx.db.db, actor.id);
  const [link] = await ctx.db.db
    .select({ id: socialLogins.id })
    .from(socialLogins)
    .where(eq(socialLogins.userId, actor.id))
    .limit(1);
  if (!user || !link || user.username || user.role !== 'user') {
    throw new AppError(
      'CONFLICT',
      'Your account is already set up. Change your details under Account settings.',
    );
  }
  if (await isUsernameTaken(ctx.db.db, input.username, actor.id)) {
    throw new AppError('CONFLICT', 'This username is already taken.', [
      { path: 'username', message: 'Already taken.' },
    ]);
  }
  const role: TSocialRole = input.role;
  if (role === 'performer') {
    const age = ageOn(input.dateOfBirth ?? '', ctx.clock.now());
    if (!(age >= minimumCreatorAge && age <= 120)) {
      throw new AppError('UNPROCESSABLE', `Creators must be at least ${minimumCreatorAge} years old.`, [
        { path: 'dateOfBirth', message: `Must be at least ${minimumCreatorAge} years ago.` },
      ]);
    }
  }
  try {
    await ctx.db.db.transaction(async (tx) => {
      await tx.update(users).set({ username: input.username, role }).where(eq(users.id, actor.id));
      if (role === 'performer') {
        await tx.insert(performerProfiles).values({
          userId: actor.id,
          dateOfBirth: input.dateOfBirth!,
          country: input.country!,
        });
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('CONFLICT', 'This username is already taken.', [
        { path: 'username', message: 'Already taken.' },
      ]);
    }
    throw err;
  }
  // The actor carries the username and role.
  forgetActors(ctx, actor.id);
  return getCurrentUser(ctx, { actor });
}
