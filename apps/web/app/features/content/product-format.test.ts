import { describe, expect, it } from 'vitest';
import { stockNote } from './product-format';

describe('stockNote', () => {
  it('calls digital goods a download, whatever the stock says', () => {
    expect(stockNote({ type: 'digital', stock: null })).toMatchObject({
      text: 'Digital download',
      isAvailable: true,
    });
  });

  it('says how many physical goods are left, and warns when few are', () => {
    expect(stockNote({ type: 'physical', stock: 40 })).toMatchObject({ text: '40 in stock', color: 'teal' });
    expect(stockNote({ type: 'physical', stock: 3 })).toMatchObject({ text: 'Only 3 left', color: 'yellow' });
  });

  it('marks a physical product without stock as unavailable', () => {
    expect(stockNote({ type: 'physical', stock: 0 })).toMatchObject({
      text: 'Out of stock',
      isAvailable: false,
    });
    expect(stockNote({ type: 'physical', stock: null }).isAvailable).toBe(false);
  });
});
