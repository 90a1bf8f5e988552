import { describe, expect, it } from 'vitest';
import { type ComposeAttachments, composePayload, emptyCompose } from './compose-values';

const now = new Date('2026-06-15T12:00:00Z');
const none: ComposeAttachments = {
  photoIds: [],
  videoId: null,
  audioId: null,
  thumbnailId: null,
  teaserId: null,
};

describe('composePayload', () => {
  it('asks for text when nothing is attached', () => {
    const result = composePayload(emptyCompose, none, now);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.text).toBeDefined();
  });

  it('makes a photo post for subscribers from the attached photos', () => {
    const result = composePayload({ ...emptyCompose, text: ' Hi ' }, { ...none, photoIds: ['a', 'b'] }, now);
    expect(result).toMatchObject({
      ok: true,
      payload: { type: 'photo', text: 'Hi', fileIds: ['a', 'b'], isSale: false, price: 0 },
    });
  });

  it('makes a video post with its thumbnail and teaser', () => {
    const result = composePayload(
      emptyCompose,
      { ...none, videoId: 'v', thumbnailId: 't', teaserId: 's' },
      now,
    );
    expect(result).toMatchObject({
      ok: true,
      payload: { type: 'video', fileIds: ['v'], thumbnailId: 't', teaserId: 's' },
    });
  });

  it('refuses a pay-per-view post without a price', () => {
    const result = composePayload({ ...emptyCompose, text: 'x', access: 'ppv', price: '' }, none, now);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.price).toBeDefined();
  });

  it('sends "free for everyone logged in" as a sale at price 0', () => {
    const result = composePayload({ ...emptyCompose, text: 'x', access: 'free', price: 5 }, none, now);
    expect(result).toMatchObject({ ok: true, payload: { isSale: true, price: 0 } });
  });

  it('refuses a schedule in the past', () => {
    const values = { ...emptyCompose, text: 'x', isScheduled: true, scheduledAt: '2026-06-01T10:00' };
    const result = composePayload(values, none, now);
    expect(result.ok).toBe(false);
  });

  it('makes a poll whose end follows its duration', () => {
    const values = {
      ...emptyCompose,
      text: 'Which?',
      hasPoll: true,
      pollOptions: [{ text: 'Red' }, { text: 'Blue' }],
      pollDays: '3',
    };
    expect(composePayload(values, none, now)).toMatchObject({
      ok: true,
      payload: { type: 'poll', pollOptions: ['Red', 'Blue'], pollExpiredAt: '2026-06-18T12:00:00.000Z' },
    });
  });

  it('refuses an empty or repeated poll option', () => {
    const values = { ...emptyCompose, hasPoll: true, pollOptions: [{ text: 'A' }, { text: ' ' }] };
    expect(composePayload(values, none, now).ok).toBe(false);
    const same = { ...emptyCompose, hasPoll: true, pollOptions: [{ text: 'A' }, { text: 'a' }] };
    expect(composePayload(same, none, now).ok).toBe(false);
  });
});
