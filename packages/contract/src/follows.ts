import { z } from 'zod';
import { ZId } from './common';
import { ZPerformerPublic } from './performers';
import { ZPublicUser } from './users';

export const ZFollowParams = z.object({ performerId: ZId });

/** What `POST` and `DELETE /follows/{performerId}` answer: the state after the call. */
export const ZFollowState = z.object({
  performerId: ZId,
  isFollowed: z.boolean(),
  /** The creator's follower count after the change. */
  followers: z.number().int(),
});
export type TFollowState = z.infer<typeof ZFollowState>;

export const ZFollowListQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** `GET /follows/followers`: admins may name the creator; a creator always sees their own. */
export const ZFollowersQuery = ZFollowListQuery.extend({ performerId: ZId.optional() });

/** One creator the caller follows. */
export const ZFollowedPerformer = ZPerformerPublic.extend({ followedAt: z.string() });
export type TFollowedPerformer = z.infer<typeof ZFollowedPerformer>;

/** One follower of a creator: public fields only. */
export const ZFollower = ZPublicUser.extend({ followedAt: z.string() });
export type TFollower = z.infer<typeof ZFollower>;
