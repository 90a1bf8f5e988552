import { maxFeedPrice, type TFeedCreateRequest, ZFeedCreateRequest } from '@fanstage/contract';
import { formatPrice } from '../../lib/format';
import { feedTypeOf } from './feed-format';

/** Who may see the post: subscribers, buyers of this post, or every logged-in fan. */
export type ComposeAccess = 'subscribers' | 'ppv' | 'free';

export const minPollOptions = 2;
export const maxPollOptions = 6;

export interface ComposeValues {
  text: string;
  /** The public teaser line: what everyone sees while the post is locked (its text is sold). */
  previewText: string;
  access: ComposeAccess;
  price: number | '';
  isScheduled: boolean;
  /** A `datetime-local` value (local time, no zone). */
  scheduledAt: string;
  hasPoll: boolean;
  pollOptions: { text: string }[];
  /** How long the poll stays open, in days; '0' for no end. */
  pollDays: string;
}

export const emptyCompose: ComposeValues = {
  text: '',
  previewText: '',
  access: 'subscribers',
  price: '',
  isScheduled: false,
  scheduledAt: '',
  hasPoll: false,
  pollOptions: [{ text: '' }, { text: '' }],
  pollDays: '1',
};

export interface ComposeAttachments {
  photoIds: string[];
  videoId: string | null;
  audioId: string | null;
  thumbnailId: string | null;
  teaserId: string | null;
}

export type ComposeResult =
  | { ok: true; payload: TFeedCreateRequest }
  | { ok: false; errors: Partial<Record<string, string>> };

/** Checks the form and turns it into `POST /performer/feeds`, or says what to fix, field by field. */
export function composePayload(values: ComposeValues, files: ComposeAttachments, now: Date): ComposeResult {
  const errors: Partial<Record<string, string>> = {};
  const pollOptions = values.hasPoll ? values.pollOptions.map((o) => o.text.trim()) : [];
  const type = feedTypeOf({
    photos: files.photoIds.length,
    videos: files.videoId ? 1 : 0,
    audios: files.audioId ? 1 : 0,
    pollOptions: pollOptions.length,
  });
  const text = values.text.trim();

  if (type === 'text' && !text) errors.text = 'Write something or attach a photo, video or audio file.';
  // The same rule as the server's (trimmed, at most 200 characters): refused, never cut short.
  const previewText = ZFeedCreateRequest.shape.previewText.safeParse(values.previewText);
  if (!previewText.success) errors.previewText = previewText.error.issues[0]?.message;
  if (values.hasPoll) {
    pollOptions.forEach((option, i) => {
      if (!option) errors[`pollOptions.${i}.text`] = 'A poll option cannot be empty.';
    });
    if (new Set(pollOptions.map((o) => o.toLowerCase())).size < pollOptions.length)
      errors['pollOptions.root'] = 'Each option must be different.';
  }
  const price = values.price === '' ? 0 : values.price;
  if (values.access === 'ppv' && !(price > 0)) errors.price = 'Set a price above $0 for a pay-per-view post.';
  if (price > maxFeedPrice) errors.price = `The price must be at most ${formatPrice(maxFeedPrice)}.`;
  let scheduledAt: string | null = null;
  if (values.isScheduled) {
    const at = values.scheduledAt ? new Date(values.scheduledAt) : null;
    if (!at || Number.isNaN(at.getTime())) errors.scheduledAt = 'Choose when the post goes live.';
    else if (at.getTime() <= now.getTime()) errors.scheduledAt = 'Choose a time in the future.';
    else scheduledAt = at.toISOString();
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const fileIds =
    type === 'photo'
      ? files.photoIds
      : type === 'video'
        ? [files.videoId ?? '']
        : type === 'audio'
          ? [files.audioId ?? '']
          : [];
  const days = Number(values.pollDays);
  return {
    ok: true,
    payload: {
      type,
      text,
      previewText: previewText.data ?? '',
      fileIds,
      thumbnailId: type === 'video' || type === 'audio' ? files.thumbnailId : null,
      teaserId: type === 'video' ? files.teaserId : null,
      isSale: values.access !== 'subscribers',
      price: values.access === 'ppv' ? Math.round(price * 100) / 100 : 0,
      scheduledAt,
      isPinned: false,
      ...(type === 'poll'
        ? {
            pollOptions,
            pollExpiredAt: days > 0 ? new Date(now.getTime() + days * 86_400_000).toISOString() : null,
          }
        : {}),
    },
  };
}
