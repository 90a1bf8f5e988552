import type { TFeed } from '@fanstage/contract';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanupScreen, renderScreen, stubFetch } from '../../test-utils/screen';
import PostPage from './post';

afterEach(cleanupScreen);

const poll: TFeed = {
  _id: '0198f000-0000-7000-8000-000000000010',
  type: 'poll',
  text: 'Where next?',
  previewText: '',
  performer: {
    _id: '0198f000-0000-7000-8000-000000000001',
    name: 'Luna Park',
    username: 'luna',
    avatar: '/a.png',
  },
  isSale: false,
  price: 0,
  canView: true,
  isLocked: false,
  reason: 'subscriber',
  status: 'published',
  files: [],
  teaser: null,
  thumbnail: { url: '/leaf.svg', source: 'default' },
  poll: {
    options: [
      { _id: '0198f000-0000-7000-8000-0000000000a1', text: 'Lisbon', votes: 0 },
      { _id: '0198f000-0000-7000-8000-0000000000a2', text: 'Osaka', votes: 0 },
    ],
    totalVotes: 0,
    hasVoted: false,
    votedOptionId: null,
    expiredAt: null,
    isExpired: false,
  },
  isPinned: false,
  likesCount: 0,
  isLiked: false,
  isBookmarked: false,
  commentsCount: 0,
  scheduledAt: null,
  publishedAt: '2026-06-01T12:00:00.000Z',
  createdAt: '2026-06-01T12:00:00.000Z',
  updatedAt: '2026-06-01T12:00:00.000Z',
};

const afterVote: TFeed = {
  ...poll,
  poll: {
    ...poll.poll!,
    options: [
      { _id: '0198f000-0000-7000-8000-0000000000a1', text: 'Lisbon', votes: 1 },
      { _id: '0198f000-0000-7000-8000-0000000000a2', text: 'Osaka', votes: 0 },
    ],
    totalVotes: 1,
    hasVoted: true,
    votedOptionId: '0198f000-0000-7000-8000-0000000000a1',
  },
};

/** The API: a vote answers the post with its new counts; comments are empty. */
const stubApi = () =>
  stubFetch((path, init) =>
    path.includes('/user/feeds/vote/') && init?.method === 'POST'
      ? Response.json({ data: afterVote })
      : Response.json({ data: [], total: 0 }),
  );

function renderPostPage(
  post: TFeed,
  user: Record<string, unknown> = { _id: 'fan', role: 'user', balance: 20 },
) {
  const props = {
    loaderData: { post, monthlyPrice: null, origin: 'http://localhost' },
  } as unknown as Parameters<typeof PostPage>[0];
  renderScreen(<PostPage {...props} />, { user, staleTime: 30_000 });
}

const buttonNamed = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);

describe('the post page', () => {
  it('shows the new vote count as soon as the fan votes, without a reload', async () => {
    const fetchMock = stubApi();
    renderPostPage(poll);
    expect(document.body.textContent).toContain('0 votes');
    const lisbon = buttonNamed('Lisbon');
    expect(lisbon).toBeDefined();
    await act(async () => lisbon?.click());
    await vi.waitFor(() => expect(document.body.textContent).toContain('1 vote'));
    expect(document.body.textContent).not.toContain('0 votes');
    expect(document.querySelector('[aria-label="Your vote"]')).not.toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes(`/user/feeds/vote/${poll._id}`))).toBe(
      true,
    );
  });

  it('shows a locked text post as a locked card with its public line, never its text', () => {
    stubApi();
    renderPostPage({
      ...poll,
      type: 'text',
      text: '',
      previewText: 'The first chapter of my novel',
      poll: null,
      canView: false,
      isLocked: true,
      isSale: true,
      price: 3,
      reason: 'needs-purchase',
    });
    expect(document.body.textContent).toContain('The first chapter of my novel');
    const card = document.querySelector('[aria-label="Locked post"]');
    expect(card?.textContent).toContain('A text post');
    expect(card?.querySelector('img')).toBeNull();
    expect(buttonNamed('Unlock for $3.00')).toBeDefined();
  });

  it('shows the text once a fan who had already bought the post presses Unlock again ("already bought")', async () => {
    const locked: TFeed = {
      ...poll,
      type: 'text',
      text: '',
      previewText: 'The first chapter of my novel',
      poll: null,
      canView: false,
      isLocked: true,
      isSale: true,
      price: 3,
      reason: 'needs-purchase',
    };
    stubFetch((path, init) => {
      if (path.includes(`/wallet/charges/feed/${poll._id}`) && init?.method === 'POST') {
        return Response.json(
          {
            statusCode: 409,
            code: 'CONFLICT',
            message: 'You have already bought this post; it was not charged again.',
          },
          { status: 409 },
        );
      }
      if (path.endsWith(`/user/feeds/${poll._id}`)) {
        return Response.json({
          data: {
            ...locked,
            text: 'Chapter one, in full.',
            canView: true,
            isLocked: false,
            reason: 'purchased',
          },
        });
      }
      return Response.json({ data: [], total: 0 });
    });
    renderPostPage(locked);
    await act(async () => buttonNamed('Unlock for $3.00')?.click());
    const confirm = await vi.waitFor(() => {
      const found = [...document.querySelectorAll('.mantine-Modal-content button')].find(
        (b) => b.textContent?.trim() === 'Unlock for $3.00',
      ) as HTMLButtonElement | undefined;
      expect(found).toBeDefined();
      return found;
    });
    await act(async () => confirm?.click());
    await vi.waitFor(() => expect(document.body.textContent).toContain('Chapter one, in full.'));
    expect(document.querySelector('[aria-label="Locked post"]')).toBeNull();
  });

  it('tells the creator their post is hidden by moderators, why, and that fans cannot see it', () => {
    stubApi();
    renderPostPage(
      {
        ...poll,
        reason: 'owner',
        hidden: { at: '2026-06-02T09:00:00.000Z', reason: 'Spam links in the text' },
      },
      { _id: poll.performer._id, isPerformer: true },
    );
    const notice = document.querySelector('[data-testid="hidden-notice"]');
    expect(notice?.textContent).toContain('Hidden by moderators');
    expect(notice?.textContent).toContain('Fans cannot see this post. Reason: Spam links in the text');
    expect(document.querySelector('[aria-label="Moderate post"]')).toBeNull();
  });

  it('gives an admin the Moderate menu, and a fan none', async () => {
    stubApi();
    renderPostPage(poll, { _id: 'admin', isAdmin: true });
    // The menu's code is downloaded for admins only (lazy-moderate-menu.tsx).
    await vi.waitFor(() => expect(document.querySelector('[aria-label="Moderate post"]')).not.toBeNull());
    cleanupScreen();
    stubApi();
    renderPostPage(poll);
    expect(document.querySelector('[aria-label="Moderate post"]')).toBeNull();
    expect(document.querySelector('[data-testid="hidden-notice"]')).toBeNull();
  });
});
