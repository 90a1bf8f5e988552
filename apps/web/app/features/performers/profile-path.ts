import type { TPerformerPublic } from '@fanstage/contract';

/** A creator's page: by username, else by id. On its own so pages that link a creator need not load the card. */
export const profilePath = (p: Pick<TPerformerPublic, '_id' | 'username'>) =>
  `/${encodeURIComponent(p.username ?? p._id)}`;

/** Where a creator writes a new post. */
export const newPostPath = '/creator/posts/new';
