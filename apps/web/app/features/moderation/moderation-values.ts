import { type TModerationTarget, ZModerationReason } from '@fanstage/contract';

/** "post", "video", …: how a person names each kind of content. */
export const moderationNouns: Record<TModerationTarget, string> = {
  feed: 'post',
  photo: 'photo',
  gallery: 'gallery',
  video: 'video',
  product: 'product',
  comment: 'comment',
};

/** The first problem with a hide or delete reason (the contract's words); null when it is fine. */
export function moderationReasonProblem(reason: string): string | null {
  const check = ZModerationReason.safeParse(reason);
  return check.success ? null : (check.error.issues[0]?.message ?? 'Check the reason.');
}

/** Where an admin sees the owner of an item. */
export const adminUserPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}`;
