import { describe, expect, it } from 'vitest';
import { greeting } from './greeting';

describe('the home greeting', () => {
  const now = new Date('2026-11-25T12:00:00Z');

  it('greets a brand-new account without "back"', () => {
    expect(greeting({ name: 'Ana Lima', createdAt: '2026-11-25T11:59:00Z' }, now)).toBe('Welcome, Ana!');
  });

  it('welcomes back someone whose account is older than a day', () => {
    expect(greeting({ name: 'Ana Lima', createdAt: '2026-11-20T09:00:00Z' }, now)).toBe('Welcome back, Ana!');
  });
});
