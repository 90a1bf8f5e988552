import { describe, expect, it } from 'vitest';
import { emptyMassMessage, type MassMessageValues, massMessagePayload } from './mass-message-values';
import { welcomeMessagePayload } from './welcome-message-values';

const now = new Date('2030-05-01T12:00:00Z');
const values = (over: Partial<MassMessageValues>): MassMessageValues => ({
  ...emptyMassMessage,
  audience: 'followers',
  text: 'Hello all',
  ...over,
});

describe('the mass message rules', () => {
  it('needs someone to send to', () => {
    expect(massMessagePayload(values({ audience: null }), now)).toEqual({
      ok: false,
      errors: { audience: 'Choose who gets this message.' },
    });
  });

  it('needs text or a file', () => {
    const result = massMessagePayload(values({ text: '   ' }), now);
    expect(result.ok ? null : result.errors.text).toBe('Write a message or attach a photo or video.');
    expect(massMessagePayload(values({ text: '', fileIds: ['f1'] }), now).ok).toBe(true);
  });

  it('refuses a price on a message without files, and keeps it on one with files', () => {
    const textOnly = massMessagePayload(values({ price: 5 }), now);
    expect(textOnly.ok ? null : textOnly.errors.price).toMatch(/Attach a photo or video to charge/);
    expect(massMessagePayload(values({ price: 5, fileIds: ['f1'] }), now)).toEqual({
      ok: true,
      payload: { text: 'Hello all', fileIds: ['f1'], audience: 'followers', price: 5 },
    });
  });

  it('sends a message with no price free (no price in the request)', () => {
    expect(massMessagePayload(values({ price: '', fileIds: ['f1'] }), now)).toEqual({
      ok: true,
      payload: { text: 'Hello all', fileIds: ['f1'], audience: 'followers' },
    });
  });

  it('schedules only in the future, as an ISO time', () => {
    const past = massMessagePayload(values({ isScheduled: true, scheduledAt: '2030-05-01T11:00' }), now);
    expect(past.ok ? null : past.errors.scheduledAt).toBe('Choose a time in the future.');
    const empty = massMessagePayload(values({ isScheduled: true, scheduledAt: '' }), now);
    expect(empty.ok ? null : empty.errors.scheduledAt).toBe('Choose when the message goes out.');
    const later = massMessagePayload(values({ isScheduled: true, scheduledAt: '2030-06-01T09:30' }), now);
    expect(later.ok && later.payload.scheduledAt).toBe(new Date('2030-06-01T09:30').toISOString());
  });

  it('ignores a leftover time when sending now', () => {
    const result = massMessagePayload(values({ isScheduled: false, scheduledAt: '2000-01-01T00:00' }), now);
    expect(result.ok && 'scheduledAt' in result.payload).toBe(false);
  });
});

describe('the welcome message rules', () => {
  const welcome = {
    enabled: true,
    text: 'Welcome!',
    fileIds: [],
    price: '' as const,
    trigger: 'follow' as const,
  };

  it('may be saved off and empty, but not turned on empty', () => {
    expect(welcomeMessagePayload({ ...welcome, enabled: false, text: '' }).ok).toBe(true);
    const on = welcomeMessagePayload({ ...welcome, text: ' ' });
    expect(on.ok ? null : on.errors.text).toMatch(/before turning it on/);
  });

  it('charges only with files', () => {
    const textOnly = welcomeMessagePayload({ ...welcome, price: 3 });
    expect(textOnly.ok ? null : textOnly.errors.price).toMatch(/Attach a photo or video/);
    expect(welcomeMessagePayload({ ...welcome, price: 3, fileIds: ['f1'] })).toEqual({
      ok: true,
      payload: { enabled: true, text: 'Welcome!', fileIds: ['f1'], trigger: 'follow', price: 3 },
    });
  });
});
