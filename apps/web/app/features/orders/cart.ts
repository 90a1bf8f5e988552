import type { TProduct } from '@fanstage/contract';
import { useCallback, useEffect, useState } from 'react';

/** One cart line: enough to show it and to buy it through the product charge. */
export interface CartLine {
  productId: string;
  name: string;
  price: number;
  type: TProduct['type'];
  quantity: number;
  /** Physical goods: the stock when the line was added (the server checks it again). */
  stock: number | null;
}

const storageKey = (userId: string) => `fanstage-cart:${userId}`;
const changeEvent = 'fanstage-cart-change';

function readCart(userId: string | null): CartLine[] {
  if (!userId || typeof window === 'undefined') return [];
  try {
    const parsed = JSON.parse(window.localStorage.getItem(storageKey(userId)) ?? '[]');
    return Array.isArray(parsed) ? (parsed as CartLine[]) : [];
  } catch {
    return [];
  }
}

function writeCart(userId: string, change: (current: CartLine[]) => CartLine[]): void {
  const next = change(readCart(userId)).filter((l) => l.quantity > 0);
  window.localStorage.setItem(storageKey(userId), JSON.stringify(next));
  window.dispatchEvent(new Event(changeEvent));
}

/**
 * Puts `quantity` of a product in a person's cart (one line per product; a digital one at most once,
 * physical goods at most their stock). The product page imports it when Add to cart is pressed.
 */
export function addToCart(userId: string, product: TProduct, quantity = 1): void {
  writeCart(userId, (current) => {
    const existing = current.find((l) => l.productId === product._id);
    const cap = (n: number) => (product.type === 'digital' ? 1 : Math.min(n, product.stock ?? n));
    if (existing) {
      return current.map((l) =>
        l.productId === product._id ? { ...l, quantity: cap(l.quantity + quantity) } : l,
      );
    }
    return [
      ...current,
      {
        productId: product._id,
        name: product.name,
        price: product.price,
        type: product.type,
        quantity: cap(quantity),
        stock: product.stock,
      },
    ];
  });
}

/**
 * The fan's cart in local storage, one per logged-in user (business-rules.md "Shop"): it survives
 * reloads and is never shared between accounts on one browser. Every open tab follows changes.
 */
export function useCart(userId: string | null) {
  const [lines, setLines] = useState<CartLine[]>([]);
  useEffect(() => {
    const sync = () => setLines(readCart(userId));
    sync();
    window.addEventListener('storage', sync);
    window.addEventListener(changeEvent, sync);
    return () => {
      window.removeEventListener('storage', sync);
      window.removeEventListener(changeEvent, sync);
    };
  }, [userId]);
  const write = useCallback(
    (change: (current: CartLine[]) => CartLine[]) => {
      if (userId) writeCart(userId, change);
    },
    [userId],
  );
  const add = useCallback(
    (product: TProduct, quantity = 1) => {
      if (userId) addToCart(userId, product, quantity);
    },
    [userId],
  );
  const setQuantity = useCallback(
    (productId: string, quantity: number) =>
      write((current) => current.map((l) => (l.productId === productId ? { ...l, quantity } : l))),
    [write],
  );
  const remove = useCallback(
    (productId: string) => write((current) => current.filter((l) => l.productId !== productId)),
    [write],
  );
  return { lines, add, setQuantity, remove };
}
