import type { TPerformerPublic } from '@fanstage/contract';
import { and, eq, performerProfiles, sql, users } from '@fanstage/db';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import type { Actor } from '../auth/sessions';
import { defaultAvatarUrl, publicFileUrl } from '../users/users.presenter';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A creator's public profile by id or username. Only active creators whose documents an admin
 * verified are shown to others; the creator always sees their own, admins see every one.
 */
export async function findPerformerProfile(
  ctx: AppContext,
  options: { idOrUsername: string; actor: Actor | null },
): Promise<TPerformerPublic> {
  const key = options.idOrUsername;
  const match = uuidPattern.test(key)
    ? eq(users.id, key)
    : sql`lower(${users.username}) = ${key.toLowerCase()}`;
  const [row] = await ctx.db.db
    .select({ user: users, profile: performerProfiles })
    .from(users)
    .innerJoin(performerProfiles, eq(performerProfiles.userId, users.id))
    .where(and(match, eq(users.role, 'performer')))
    .limit(1);
  if (!row) throw notFound('That creator');
  const isSelf = options.actor?.id === row.user.id;
  const isAdmin = options.actor?.role === 'admin';
  const isListed = row.user.status === 'active' && row.profile.documentsVerifiedAt !== null;
  if (!isListed && !isSelf && !isAdmin) throw notFound('That creator');
  return {
    _id: row.user.id,
    name: row.user.name,
    username: row.user.username,
    avatar: publicFileUrl(row.user.avatarPath) ?? defaultAvatarUrl,
    cover: publicFileUrl(row.user.coverPath),
    bio: row.profile.bio,
    country: row.profile.country,
    isPerformer: true,
    verifiedDocument: row.profile.documentsVerifiedAt !== null,
    createdAt: row.user.createdAt.toISOString(),
  };
}
