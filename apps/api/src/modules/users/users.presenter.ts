import { fromCents, type TCurrentUser, type TPublicUser } from '@fanstage/contract';
import type { users } from '@fanstage/db';

type UserRow = typeof users.$inferSelect;
/** What the current user's own view shows (the account row without its secrets). */
export type CurrentUserRow = Pick<
  UserRow,
  | 'id'
  | 'name'
  | 'username'
  | 'email'
  | 'avatarPath'
  | 'coverPath'
  | 'gender'
  | 'role'
  | 'status'
  | 'emailVerifiedAt'
  | 'balanceCents'
  | 'siteSubscriptionExpiresAt'
  | 'createdAt'
  | 'updatedAt'
>;

export const defaultAvatarUrl = '/api/files/defaults/avatar.svg';

export const publicFileUrl = (key: string | null | undefined): string | null =>
  key ? `/api/files/public/${key}` : null;

export function presentCurrentUser(row: CurrentUserRow, extra: { documentsVerified: boolean }): TCurrentUser {
  return {
    _id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    avatar: publicFileUrl(row.avatarPath) ?? defaultAvatarUrl,
    cover: publicFileUrl(row.coverPath),
    gender: row.gender,
    role: row.role,
    isPerformer: row.role === 'performer',
    isAdmin: row.role === 'admin',
    verifiedEmail: row.emailVerifiedAt !== null,
    verifiedDocument: extra.documentsVerified,
    status: row.status,
    balance: fromCents(row.balanceCents),
    siteSubscription: { expiredAt: row.siteSubscriptionExpiresAt?.toISOString() ?? null },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentPublicUser(row: UserRow): TPublicUser {
  return {
    _id: row.id,
    name: row.name,
    username: row.username,
    avatar: publicFileUrl(row.avatarPath) ?? defaultAvatarUrl,
    isPerformer: row.role === 'performer',
    createdAt: row.createdAt.toISOString(),
  };
}
