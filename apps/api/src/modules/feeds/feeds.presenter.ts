import { fromCents, type TFeed, type TMediaView } from '@fanstage/contract';
import type { AccessDecision } from '../access/content-access';
import { hiddenStateOf } from '../access/hidden';
import { presentMedia, presentTeaserUrl } from '../media/media.presenter';
import { defaultAvatarUrl, publicFileUrl } from '../users/users.presenter';
import type { FeedDetails, FeedWithAuthor, FileRow } from './feeds.repo';

/** Shown when a post has no picture of its own (spec section 3, the last step of the chain). */
export const defaultLeafUrl = '/api/files/defaults/leaf.svg';

type ThumbnailSource = TFeed['thumbnail']['source'];
type ThumbnailFile = Pick<FileRow, 'kind' | 'status' | 'variants' | 'preview'>;

/** The still image that stands for a file: an image's thumbnail, else a video's middle poster. */
export const thumbnailKeyOf = (file: ThumbnailFile): string | null => {
  if (file.status !== 'ready' || !file.variants) return null;
  const posters = file.variants.posters ?? [];
  return (
    file.variants.thumbnail?.key ?? posters[Math.floor(posters.length / 2)]?.key ?? posters[0]?.key ?? null
  );
};

/**
 * The spec's thumbnail preference, exactly: the post's own thumbnail, the first photo's thumbnail,
 * the teaser's thumbnail, the first video's thumbnail, then the default leaf. A step counts only
 * when that file has a still ready to show.
 */
export function pickFeedThumbnail<F extends ThumbnailFile>(input: {
  thumbnail: F | null;
  files: F[];
  teaser: F | null;
}): { source: ThumbnailSource; file: F | null } {
  const steps: [ThumbnailSource, F | null | undefined][] = [
    ['feed-thumbnail', input.thumbnail],
    ['photo', input.files.find((f) => f.kind === 'feed-photo')],
    ['teaser', input.teaser],
    ['video', input.files.find((f) => f.kind === 'feed-video')],
  ];
  for (const [source, file] of steps) {
    if (file && thumbnailKeyOf(file)) return { source, file };
  }
  return { source: 'default', file: null };
}

/**
 * One post for one viewer. Locked: files carry only previews and facts (presentMedia), the
 * thumbnail is the chosen file's blurred preview, so no URL of the media leaves the server, and
 * neither the text nor the poll leaves it: the words are sold with the post (business rules, "Who
 * may see what"). Only the creator's public line (`previewText`) is shown to everyone.
 */
export function presentFeed(
  row: FeedWithAuthor,
  options: {
    access: AccessDecision;
    details: FeedDetails;
    now: Date;
    isOwnerView: boolean;
    sign: (key: string) => string;
    reactions?: { isLiked: boolean; isBookmarked: boolean };
  },
): TFeed {
  const { feed, author } = row;
  const { access, details, sign } = options;
  const canView = access.canView;
  const fileRows = (details.fileIdsByFeed.get(feed.id) ?? [])
    .map((id) => details.filesById.get(id))
    .filter((f): f is FileRow => f !== undefined);
  const fileOf = (id: string | null) => (id ? (details.filesById.get(id) ?? null) : null);
  const thumbnailFile = fileOf(feed.thumbnailFileId);
  const teaserFile = fileOf(feed.teaserFileId);
  const chosen = pickFeedThumbnail({ thumbnail: thumbnailFile, files: fileRows, teaser: teaserFile });
  const chosenKey = chosen.file ? thumbnailKeyOf(chosen.file) : null;
  const thumbnailUrl = chosen.file
    ? canView && chosenKey
      ? sign(chosenKey)
      : (chosen.file.preview ?? defaultLeafUrl)
    : defaultLeafUrl;
  const failed = fileRows.find((f) => f.status === 'failed');
  const media = (file: FileRow): TMediaView => presentMedia(file, { canView, sign });
  return {
    _id: feed.id,
    type: feed.type,
    text: canView ? feed.text : '',
    previewText: feed.previewText,
    performer: {
      _id: author.id,
      name: author.name,
      username: author.username,
      avatar: publicFileUrl(author.avatarPath) ?? defaultAvatarUrl,
    },
    isSale: feed.isSale,
    price: fromCents(feed.priceCents),
    canView,
    isLocked: !canView,
    reason: access.reason,
    status: failed ? 'failed' : feed.publishedAt > options.now ? 'scheduled' : 'published',
    failureReason: failed && options.isOwnerView ? (failed.failureReason ?? undefined) : undefined,
    files: fileRows.map(media),
    teaser: presentFeedTeaser({ teaserFile, fileRows, sign }),
    thumbnail: { url: thumbnailUrl, source: chosen.source },
    poll: canView ? presentPoll(feed.id, details, options.now) : null,
    isPinned: feed.isPinned,
    likesCount: feed.likesCount,
    isLiked: options.reactions?.isLiked ?? false,
    isBookmarked: options.reactions?.isBookmarked ?? false,
    commentsCount: feed.commentsCount,
    scheduledAt: feed.scheduledAt?.toISOString() ?? null,
    publishedAt: feed.publishedAt.toISOString(),
    hidden: hiddenStateOf(feed),
    createdAt: feed.createdAt.toISOString(),
    updatedAt: feed.updatedAt.toISOString(),
  };
}

function presentPoll(feedId: string, details: FeedDetails, now: Date): TFeed['poll'] {
  const poll = details.pollsByFeed.get(feedId);
  if (!poll) return null;
  const options = (details.optionsByFeed.get(feedId) ?? []).map((o) => ({
    _id: o.id,
    text: o.text,
    votes: o.votesCount,
  }));
  const voted = details.votesByFeed.get(feedId) ?? null;
  return {
    options,
    totalVotes: options.reduce((sum, o) => sum + o.votes, 0),
    hasVoted: voted !== null,
    votedOptionId: voted,
    expiredAt: poll.expiredAt?.toISOString() ?? null,
    isExpired: poll.expiredAt !== null && poll.expiredAt <= now,
  };
}

export const defaultLeafSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><rect width="128" height="128" fill="#e3efe5"/><path d="M34 96c0-40 28-62 66-64-2 38-24 66-64 66" fill="#7fb38a"/><path d="M34 96c14-18 30-32 50-44" stroke="#4f8a5c" stroke-width="4" fill="none" stroke-linecap="round"/></svg>`;

/**
 * The teaser is what a locked post may play, so it is shown to everyone who sees the post: the
 * creator's own clip, else the clip the media job cut from the post's video. Never the video itself.
 */
function presentFeedTeaser(options: {
  teaserFile: FileRow | null;
  fileRows: FileRow[];
  sign: (key: string) => string;
}): TMediaView | null {
  const { teaserFile, fileRows, sign } = options;
  if (teaserFile) return presentMedia(teaserFile, { canView: true, sign });
  for (const file of fileRows) {
    const url = presentTeaserUrl(file, { sign });
    if (url)
      return { _id: file.id, kind: 'feed-teaser', status: 'ready', hasTeaser: true, urls: { video: url } };
  }
  return null;
}
