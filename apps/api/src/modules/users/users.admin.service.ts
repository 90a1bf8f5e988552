import type { TAdminUpdateUser, TAdminUser, TAdminUserQuery } from '@fanstage/contract';
import { fromCents } from '@fanstage/contract';
import { eq, type performerProfiles, users } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { changedFields, recordAudit } from '../audit/audit';
import { type Actor, deleteUserSessions, endConnections, forgetActors } from '../auth/sessions';
import { endCallsOfDeactivatedAccount } from '../calls/calls.service';
import { notify } from '../notifications/notifications.service';
import { endShowsOfDeactivatedCreator } from '../streaming/streaming.service';
import { forgetAccounts } from './account-cache';
import { findAccountWithProfile, lockAccount, searchAccounts } from './users.admin.repo';
import { defaultAvatarUrl, publicFileUrl } from './users.presenter';
import { isEmailTaken, isUsernameTaken } from './users.repo';

type UserRow = typeof users.$inferSelect;
type ProfileRow = typeof performerProfiles.$inferSelect;

/** An account as admins see it; creator facts only when the profile was read (the single view). */
function presentAdminUser(
  row: UserRow,
  performer?: { profile: ProfileRow | null; defaultCommission: number },
): TAdminUser {
  const profile = performer?.profile ?? null;
  return {
    _id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    avatar: publicFileUrl(row.avatarPath) ?? defaultAvatarUrl,
    gender: row.gender,
    role: row.role,
    status: row.status,
    verifiedEmail: row.emailVerifiedAt !== null,
    balance: fromCents(row.balanceCents),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    performer:
      row.role === 'performer' && profile && performer
        ? {
            documentsVerifiedAt: profile.documentsVerifiedAt?.toISOString() ?? null,
            documentsRejectedAt: profile.documentsRejectedAt?.toISOString() ?? null,
            commissionPercentage: profile.commissionPercentage,
            defaultCommission: performer.defaultCommission,
          }
        : null,
  };
}

/** `GET /admin/users/search`: every account, whatever its role or status. */
export async function searchAdminUsers(
  ctx: AppContext,
  options: { query: TAdminUserQuery },
): Promise<{ data: TAdminUser[]; total: number }> {
  const { rows, total } = await searchAccounts(ctx.db.db, options.query);
  return { data: rows.map((row) => presentAdminUser(row)), total };
}

/** `GET /admin/users/{id}`, with the creator's review state and commission. */
export async function getAdminUser(ctx: AppContext, options: { id: string }): Promise<TAdminUser> {
  const found = await findAccountWithProfile(ctx.db.db, options.id);
  if (!found) throw notFound('That user');
  const { performerCommission } = await ctx.settings.getAll();
  return presentAdminUser(found.user, { profile: found.profile, defaultCommission: performerCommission });
}

/** The unique indexes on lower(username) and lower(email): a race past the checks still answers 409. */
function conflictOf(error: unknown): AppError | null {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? error;
  const { code, constraint } = cause as { code?: string; constraint?: string };
  if (code !== '23505') return null;
  return constraint === 'users_email_lower_idx' ? emailTaken() : usernameTaken();
}
const usernameTaken = () =>
  new AppError('CONFLICT', 'This username is already taken by another account.', [
    { path: 'username', message: 'Already taken.' },
  ]);
const emailTaken = () =>
  new AppError('CONFLICT', 'Another account already uses this email.', [
    { path: 'email', message: 'Already in use.' },
  ]);

/**
 * `PUT /admin/users/{id}`: corrects name, username, email or gender. An email set by an admin is not
 * confirmed by its owner, so it counts as unverified until they confirm it. The change and its audit
 * row commit together; a save that changes nothing writes nothing.
 */
export async function updateAdminUser(
  ctx: AppContext,
  options: { actor: Actor; id: string; input: TAdminUpdateUser },
): Promise<TAdminUser> {
  const { actor, id, input } = options;
  try {
    await ctx.db.db.transaction(async (tx) => {
      const current = await lockAccount(tx, id);
      if (!current) throw notFound('That user');
      if (input.username && (await isUsernameTaken(tx, input.username, id))) throw usernameTaken();
      if (input.email && (await isEmailTaken(tx, input.email, id))) throw emailTaken();
      const wanted = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.username !== undefined ? { username: input.username } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(input.gender !== undefined ? { gender: input.gender } : {}),
      };
      const changes = changedFields(
        { name: current.name, username: current.username, email: current.email, gender: current.gender },
        wanted,
      );
      if (!changes) return;
      const emailChanged = 'email' in changes.after;
      await tx
        .update(users)
        .set({ ...changes.after, ...(emailChanged ? { emailVerifiedAt: null } : {}) })
        .where(eq(users.id, id));
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'user.update',
        targetType: 'user',
        targetId: id,
        ...changes,
      });
    });
  } catch (error) {
    throw conflictOf(error) ?? error;
  }
  // The person's actor carries the name, username and email.
  forgetActors(ctx, id);
  return getAdminUser(ctx, { id });
}

/**
 * `POST /admin/users/{id}/deactivate` (business rules, "Accounts"): the status, the deletion of every
 * session and the audit row commit together, so from that moment every node refuses the tokens
 * (the session look-up reads the shared database). Then the person's sockets end on every node
 * (Redis adapter), their live show ends and their calls end. Deactivating an inactive account again
 * changes nothing (a double click is harmless). An admin cannot deactivate themself: nobody would be
 * left to undo it.
 */
export async function deactivateUser(
  ctx: AppContext,
  options: {
    actor: Actor;
    id: string;
    reason: string;
    /** What the person is told (always mailed: they can no longer sign in); the reason by default. */
    notice?: string;
  },
): Promise<TAdminUser> {
  const { actor, id, reason } = options;
  if (actor.id === id) {
    throw new AppError('UNPROCESSABLE', 'You cannot deactivate your own account. Ask another admin.');
  }
  const outcome = await ctx.db.db.transaction(async (tx) => {
    const current = await lockAccount(tx, id);
    if (!current) throw notFound('That user');
    if (current.status === 'inactive') return null;
    await tx.update(users).set({ status: 'inactive' }).where(eq(users.id, id));
    const sessionIds = await deleteUserSessions(tx, id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.deactivate',
      targetType: 'user',
      targetId: id,
      before: { status: 'active' },
      after: { status: 'inactive', sessionsEnded: sessionIds.length },
      reason,
    });
    return { sessionIds, role: current.role };
  });
  if (outcome) {
    endConnections(ctx, { userId: id, sessionIds: outcome.sessionIds });
    await endLiveActivity(ctx, id, outcome.role);
    await notify(ctx, {
      userIds: id,
      type: 'account.deactivated',
      title: 'Your account was deactivated',
      text:
        options.notice ??
        `An administrator deactivated your account. You can no longer sign in.\n\nReason: ${reason}\n\nReply to this mail to appeal.`,
      link: null,
    });
  }
  return getAdminUser(ctx, { id });
}

/** Live things a deactivated account was in; a failure is logged, the deactivation stands. */
async function endLiveActivity(ctx: AppContext, userId: string, role: UserRow['role']) {
  try {
    if (role === 'performer') await endShowsOfDeactivatedCreator(ctx, userId);
    await endCallsOfDeactivatedAccount(ctx, userId);
  } catch (error) {
    ctx.log.error({ err: error, userId }, 'ending the live shows or calls of a deactivated account failed');
  }
}

/** `POST /admin/users/{id}/reactivate`: the person may log in again (old sessions stay ended). */
export async function reactivateUser(
  ctx: AppContext,
  options: { actor: Actor; id: string; reason?: string },
): Promise<TAdminUser> {
  const { actor, id } = options;
  await ctx.db.db.transaction(async (tx) => {
    const current = await lockAccount(tx, id);
    if (!current) throw notFound('That user');
    if (current.status === 'active') return;
    await tx
      .update(users)
      .set({ status: 'active', failedLoginCount: 0, loginBlockedUntil: null })
      .where(eq(users.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.reactivate',
      targetType: 'user',
      targetId: id,
      before: { status: 'inactive' },
      after: { status: 'active' },
      reason: options.reason ?? null,
    });
  });
  forgetAccounts(ctx, [id]);
  return getAdminUser(ctx, { id });
}
