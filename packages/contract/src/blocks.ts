import { z } from 'zod';
import { ZId } from './common';
import { maxBlockReasonLength } from './field-values';

/** `POST /block/users`: the creator blocks one fan, saying why (kept for the creator and admins). */
export const ZBlockUserRequest = z.object({
  targetId: ZId,
  reason: z
    .string({ message: 'Please give a reason.' })
    .trim()
    .min(1, { message: 'Please give a reason.' })
    .max(maxBlockReasonLength, { message: `The reason can be at most ${maxBlockReasonLength} characters.` }),
});
export type TBlockUserRequest = z.infer<typeof ZBlockUserRequest>;

/** `DELETE /block/users/{id}`: `id` is the blocked person's user id. */
export const ZBlockedUserParams = z.object({ id: ZId });

export const ZBlockedUsersQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TBlockedUsersQuery = z.infer<typeof ZBlockedUsersQuery>;

/** One fan a creator blocked: public fields of the fan only. */
export const ZUserBlock = z.object({
  _id: ZId,
  target: z.object({
    _id: ZId,
    username: z.string().nullable(),
    name: z.string(),
    avatar: z.string(),
  }),
  reason: z.string(),
  createdAt: z.string(),
});
export type TUserBlock = z.infer<typeof ZUserBlock>;

/** What `DELETE /block/users/{id}` answers. */
export const ZUnblockResult = z.object({ targetId: ZId, isBlocked: z.literal(false) });
export type TUnblockResult = z.infer<typeof ZUnblockResult>;
