import { coupons, sql, tokenPackages } from '@fanstage/db';
import type { AppContext } from '../context';

/** Token packages of the demo site (tokens and price in cents; the larger ones carry a bonus). */
export const demoTokenPackages = [
  { name: 'Starter', description: '25 tokens', tokensCents: 25_00, priceCents: 25_00, ordering: 1 },
  {
    name: 'Fan pack',
    description: '55 tokens for the price of 50',
    tokensCents: 55_00,
    priceCents: 50_00,
    ordering: 2,
  },
  {
    name: 'Superfan',
    description: '120 tokens for the price of 100',
    tokensCents: 120_00,
    priceCents: 100_00,
    ordering: 3,
  },
];

/** A demo coupon: 10 % off, plenty of uses, once per fan. */
export const demoCoupon = {
  code: 'WELCOME10',
  name: 'Welcome 10 %',
  discountPercentage: 10,
  numberOfUses: 1000,
};

/** Adds the demo token packages and coupon when the site has none yet. */
export async function seedDemoPayments(ctx: AppContext): Promise<void> {
  const db = ctx.db.db;
  const [packages] = await db.select({ n: sql<number>`count(*)::int` }).from(tokenPackages);
  if ((packages?.n ?? 0) === 0) await db.insert(tokenPackages).values(demoTokenPackages);
  await db.insert(coupons).values(demoCoupon).onConflictDoNothing();
}
