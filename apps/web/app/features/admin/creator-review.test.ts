import { describe, expect, it } from 'vitest';
import { commissionToPercent, formatCommission, percentToCommission } from './creator-review';

describe('commission percent', () => {
  it('shows a stored share as a percent and an unset one as empty', () => {
    expect(commissionToPercent(0.2)).toBe(20);
    expect(commissionToPercent(0.125)).toBe(12.5);
    expect(commissionToPercent(null)).toBe('');
  });

  it('writes a share the same way on every screen: a percent with its sign', () => {
    expect(formatCommission(0.2)).toBe('20 %');
    expect(formatCommission(0.125)).toBe('12.5 %');
    expect(formatCommission(0)).toBe('0 %');
  });

  it('sends a typed percent as a share and an emptied field as the site default', () => {
    expect(percentToCommission(20)).toBe(0.2);
    expect(percentToCommission(12.5)).toBe(0.125);
    expect(percentToCommission(0.07)).toBe(0.0007);
    expect(percentToCommission('')).toBeNull();
  });
});
