import { z } from 'zod';
import { ZId } from './common';

/** What anyone may see of a creator: the profile page `/{profileId}`. */
export const ZPerformerPublic = z.object({
  _id: ZId,
  name: z.string(),
  username: z.string().nullable(),
  avatar: z.string(),
  cover: z.string().nullable(),
  bio: z.string(),
  country: z.string(),
  isPerformer: z.literal(true),
  verifiedDocument: z.boolean(),
  createdAt: z.string(),
});
export type TPerformerPublic = z.infer<typeof ZPerformerPublic>;

/** `id` may be the creator's id or username. */
export const ZPerformerParams = z.object({ id: z.string().trim().min(1).max(60) });
