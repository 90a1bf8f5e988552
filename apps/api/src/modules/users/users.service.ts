import type { TCurrentUser, TPublicUser, TUpdateMeRequest } from '@fanstage/contract';
import { eq, users } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { reencodeImage } from '../../lib/images';
import { hiddenForCountry } from '../access/geo';
import { type Actor, forgetActors } from '../auth/sessions';
import { forgetAccounts } from './account-cache';
import { presentCurrentUser, presentPublicUser, publicFileUrl } from './users.presenter';
import {
  findCurrentUser,
  findUserById,
  isEmailTaken,
  isUsernameTaken,
  searchUsers as searchUsersRepo,
} from './users.repo';

/**
 * The current user with private fields (spec section 3, "Current user"): from this node's account
 * cache when warm (no SQL), else one read of the account. Writes to the account forget it
 * (account-cache.ts).
 */
export async function getCurrentUser(ctx: AppContext, options: { actor: Actor }): Promise<TCurrentUser> {
  const { id } = options.actor;
  const now = ctx.clock.now().getTime();
  const cached = ctx.accountCache.get(id, now);
  if (cached) return cached;
  const readSince = ctx.accountCache.begin();
  const row = await findCurrentUser(ctx.db, id);
  if (!row) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  // Frozen: the cache and the route's serializer (serializeOncePerData) hand this object out again.
  const account = Object.freeze(
    presentCurrentUser(row, {
      documentsVerified: row.role === 'performer' && row.documentsVerifiedAt != null,
    }),
  );
  ctx.accountCache.set(id, account, { now, readSince });
  return account;
}

/**
 * Updates the actor's own name, username or gender. An email is set here only when the account has
 * none yet (completing a social sign-up); changing one goes through requestEmailChange (password and
 * a link to the new address).
 */
export async function updateCurrentUser(
  ctx: AppContext,
  options: { actor: Actor; input: TUpdateMeRequest },
): Promise<TCurrentUser> {
  const { actor, input } = options;
  const current = await findUserById(ctx.db.db, actor.id);
  if (!current) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  if (input.username && (await isUsernameTaken(ctx.db.db, input.username, actor.id))) {
    throw new AppError('CONFLICT', 'This username is already taken.', [
      { path: 'username', message: 'Already taken.' },
    ]);
  }
  if (input.email && current.email && input.email !== current.email.toLowerCase()) {
    throw new AppError(
      'UNPROCESSABLE',
      'To change your email, use Change email: it asks for your password and confirms the new address.',
      [{ path: 'email', message: 'Change it under Change email.' }],
    );
  }
  if (input.email && (await isEmailTaken(ctx.db.db, input.email, actor.id))) {
    throw new AppError('CONFLICT', 'An account with this email already exists.', [
      { path: 'email', message: 'Already in use.' },
    ]);
  }
  const emailChanged = input.email !== undefined && input.email !== current.email;
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.username !== undefined ? { username: input.username } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(input.gender !== undefined ? { gender: input.gender } : {}),
    ...(emailChanged ? { emailVerifiedAt: null } : {}),
  };
  // An empty form changes nothing (SQL has no empty SET).
  if (Object.keys(changes).length > 0) {
    await ctx.db.db.update(users).set(changes).where(eq(users.id, actor.id));
    // The actor carries the name, username and email.
    forgetActors(ctx, actor.id);
  }
  return getCurrentUser(ctx, { actor });
}

/**
 * The account a user may manage by id: their own, or any account for an admin.
 * Anyone else's id answers 404, the same as a missing one.
 */
export async function assertCanManageUser(
  ctx: AppContext,
  options: { actor: Actor; userId: string },
): Promise<Pick<Actor, 'id'>> {
  if (options.actor.id === options.userId) return { id: options.userId };
  if (options.actor.role === 'admin' && (await findUserById(ctx.db.db, options.userId)))
    return { id: options.userId };
  throw notFound('That user');
}

/** Stores a re-encoded square avatar (512 px WebP) and returns its URL. */
export async function uploadAvatar(
  ctx: AppContext,
  options: { actor: Pick<Actor, 'id'>; file: Buffer },
): Promise<string> {
  const image = await reencodeImage(options.file, { width: 512, height: 512, fit: 'cover' });
  const key = `avatars/${options.actor.id}-${Date.now().toString(36)}.webp`;
  const previous = await findUserById(ctx.db.db, options.actor.id);
  await ctx.storage.put(key, image.buffer);
  await ctx.db.db.update(users).set({ avatarPath: key }).where(eq(users.id, options.actor.id));
  forgetAccounts(ctx, [options.actor.id]);
  if (previous?.avatarPath) await ctx.storage.remove(previous.avatarPath);
  return publicFileUrl(key)!;
}

export async function searchUsers(
  ctx: AppContext,
  options: { actor: Actor | null; country: string | null; q?: string; offset: number; limit: number },
): Promise<{ data: TPublicUser[]; total: number }> {
  const { actor, country, ...query } = options;
  const { rows, total } = await searchUsersRepo(ctx.db.db, { ...query, geo: { actor, country } });
  return { data: rows.map(presentPublicUser), total };
}

/** Public view of one active account; inactive, admin or missing ones are not found. */
export async function viewUser(
  ctx: AppContext,
  options: { actor: Actor | null; country: string | null; id: string },
): Promise<TPublicUser> {
  const row = await findUserById(ctx.db.db, options.id);
  if (row?.status !== 'active' || row.role === 'admin') throw notFound('That user');
  const hidden = await hiddenForCountry(ctx, {
    viewer: { actor: options.actor, country: options.country },
    performerIds: row.role === 'performer' ? [row.id] : [],
  });
  if (hidden.size > 0) throw notFound('That user');
  return presentPublicUser(row);
}
