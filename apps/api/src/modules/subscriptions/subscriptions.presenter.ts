import type { TSubscription, TSubscriptionParty, TSubscriptionStatus } from '@fanstage/contract';
import { defaultAvatarUrl, publicFileUrl } from '../users/users.presenter';
import type { SubscriptionRow } from './subscriptions.repo';

/** The status rule (the SQL form for filters is `statusCondition` in the repo). */
export function statusOf(row: SubscriptionRow, now: Date): TSubscriptionStatus {
  if (row.expiredAt > now) return row.autoRenew || row.type === 'free' ? 'active' : 'cancelled';
  return row.renewalFailedAt ? 'lapsed' : 'expired';
}

export function presentSubscription(row: SubscriptionRow, now: Date): TSubscription {
  return {
    _id: row.id,
    fanId: row.fanId,
    performerId: row.performerId,
    type: row.type,
    paymentMethod: row.paymentMethod,
    status: statusOf(row, now),
    isActive: row.expiredAt > now,
    autoRenew: row.autoRenew,
    startedAt: row.startedAt.toISOString(),
    expiredAt: row.expiredAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    renewalFailedAt: row.renewalFailedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const presentParty = (party: {
  id: string;
  name: string;
  username: string | null;
  avatarPath: string | null;
}): TSubscriptionParty => ({
  _id: party.id,
  name: party.name,
  username: party.username,
  avatar: publicFileUrl(party.avatarPath) ?? defaultAvatarUrl,
});
