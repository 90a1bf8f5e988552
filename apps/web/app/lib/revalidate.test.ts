import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import { keepDataOnViewChange } from './revalidate';

const args = (from: string, to: string, more: Partial<ShouldRevalidateFunctionArgs> = {}) =>
  ({
    currentUrl: new URL(from, 'http://site.test'),
    nextUrl: new URL(to, 'http://site.test'),
    currentParams: {},
    nextParams: {},
    defaultShouldRevalidate: true,
    ...more,
  }) as ShouldRevalidateFunctionArgs;

describe('keepDataOnViewChange', () => {
  it('keeps the data when only the tab changed', () => {
    expect(keepDataOnViewChange(args('/luna', '/luna?tab=photos'))).toBe(false);
    expect(keepDataOnViewChange(args('/luna?tab=photos', '/luna'))).toBe(false);
    expect(keepDataOnViewChange(args('/luna?q=a&tab=shop', '/luna?tab=videos&q=a'))).toBe(false);
  });

  it('reads again on another page, another query, a form or the same address', () => {
    expect(keepDataOnViewChange(args('/luna', '/mia?tab=photos'))).toBe(true);
    expect(keepDataOnViewChange(args('/explore?q=a', '/explore?q=b'))).toBe(true);
    expect(keepDataOnViewChange(args('/luna?tab=shop', '/luna?tab=shop'))).toBe(true);
    expect(keepDataOnViewChange(args('/luna', '/luna?tab=shop', { formMethod: 'POST' }))).toBe(true);
    expect(keepDataOnViewChange(args('/luna', '/luna?tab=shop', { defaultShouldRevalidate: false }))).toBe(
      false,
    );
  });
});
