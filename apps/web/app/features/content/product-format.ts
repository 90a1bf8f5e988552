import type { TProduct } from '@fanstage/contract';

export interface StockNote {
  text: string;
  color: 'teal' | 'yellow' | 'red' | 'blue';
  isAvailable: boolean;
}

/** What a product page says about availability: digital goods never run out; stock of physical goods. */
export function stockNote(product: Pick<TProduct, 'type' | 'stock'>): StockNote {
  if (product.type === 'digital') return { text: 'Digital download', color: 'blue', isAvailable: true };
  const stock = product.stock ?? 0;
  if (stock <= 0) return { text: 'Out of stock', color: 'red', isAvailable: false };
  if (stock <= 5) return { text: `Only ${stock} left`, color: 'yellow', isAvailable: true };
  return { text: `${stock} in stock`, color: 'teal', isAvailable: true };
}
