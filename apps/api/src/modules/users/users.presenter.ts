import { fromCents, type TCurrentUser, type TPublicUser } from '@fanstage/contract';
import type { users } from '@fanstage/db';

type UserRow = typeof users.$inferSelect;

export const defaultAvatarUrl = '/api/files/defaults/avatar.svg';

export const publicFileUrl = (key: string | null | undefined): string | null =>
  key ? `/api/files/public/${key}` : null;

export function presentCurrentUser(row: UserRow, extra: { documentsVerified: boolean }): TCurrentUser {
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
