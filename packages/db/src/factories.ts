import { eq, sql } from 'drizzle-orm';
import type { Executor } from './client';
import { newId } from './ids';
import {
  feeds,
  files,
  galleries,
  performerProfiles,
  products,
  purchases,
  subscriptions,
  users,
  videos,
} from './schema/index';

/** The password every factory-made account has. */
export const factoryPassword = 'password123';
/** argon2id of factoryPassword, precomputed so factories stay fast. */
export const factoryPasswordHash =
  '$argon2id$v=19$m=19456,t=2,p=1$Pn4WARBsoPcVlmjZBb6iLw$Nu2BVsvl10hdr5jt4U+2Mlyz3T78knmjL97CIBOs2QY';

type UserInsert = typeof users.$inferInsert;
let sequence = 0;
const nextSuffix = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

/** A fan (role user), active, with a verified email. */
export async function buildFan(db: Executor, overrides: Partial<UserInsert> = {}) {
  const suffix = nextSuffix();
  const [row] = await db
    .insert(users)
    .values({
      id: newId(),
      name: `Fan ${suffix}`,
      username: `fan_${suffix}`,
      email: `fan_${suffix}@example.test`,
      passwordHash: factoryPasswordHash,
      role: 'user',
      emailVerifiedAt: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

type ProfileInsert = typeof performerProfiles.$inferInsert;

/** Creator options beyond the user row: prices are decimals (12.5 = 1250 cents), like the API speaks. */
export interface CreatorOverrides extends Partial<UserInsert> {
  documentsVerified?: boolean;
  country?: string;
  monthlyPrice?: number | null;
  yearlyPrice?: number | null;
  freeSubscription?: boolean;
  privateCallPrice?: number;
  /** Any other profile column (details, counters, lastSeenAt). */
  profile?: Partial<Omit<ProfileInsert, 'userId'>>;
}

const cents = (amount: number | null | undefined) =>
  amount === undefined || amount === null ? amount : Math.round(amount * 100);

/** A creator (role performer) with a profile; verified documents unless told otherwise. */
export async function buildCreator(db: Executor, overrides: CreatorOverrides = {}) {
  const {
    documentsVerified = true,
    country = 'US',
    monthlyPrice = 9.99,
    yearlyPrice = 99.99,
    freeSubscription,
    privateCallPrice,
    profile,
    ...userOverrides
  } = overrides;
  const suffix = nextSuffix();
  const row = await buildFan(db, {
    name: `Creator ${suffix}`,
    username: `creator_${suffix}`,
    email: `creator_${suffix}@example.test`,
    role: 'performer',
    ...userOverrides,
  });
  await db.insert(performerProfiles).values({
    userId: row.id,
    dateOfBirth: '1995-05-05',
    country,
    documentsVerifiedAt: documentsVerified ? new Date() : null,
    monthlyPriceCents: cents(monthlyPrice),
    yearlyPriceCents: cents(yearlyPrice),
    ...(freeSubscription !== undefined ? { freeSubscriptionEnabled: freeSubscription } : {}),
    ...(privateCallPrice !== undefined ? { privateCallPriceCents: Math.round(privateCallPrice * 100) } : {}),
    ...profile,
  });
  return row;
}

export async function buildAdmin(db: Executor, overrides: Partial<UserInsert> = {}) {
  const suffix = nextSuffix();
  return buildFan(db, {
    name: `Admin ${suffix}`,
    username: `admin_${suffix}`,
    email: `admin_${suffix}@example.test`,
    role: 'admin',
    ...overrides,
  });
}

/** An active subscription of a fan to a creator (ending in 30 days unless told otherwise). */
export async function buildSubscription(
  db: Executor,
  options: { fanId: string; performerId: string; expiredAt?: Date; type?: 'monthly' | 'yearly' | 'free' },
) {
  const [row] = await db
    .insert(subscriptions)
    .values({
      fanId: options.fanId,
      performerId: options.performerId,
      type: options.type ?? 'monthly',
      expiredAt: options.expiredAt ?? new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
    })
    .returning();
  return row!;
}

/** A fan's purchase of one item (as the wallet charge will record it). */
export async function buildPurchase(
  db: Executor,
  options: {
    fanId: string;
    performerId: string;
    targetType: (typeof purchases.$inferInsert)['targetType'];
    targetId: string;
    priceCents?: number;
  },
) {
  const [row] = await db
    .insert(purchases)
    .values({ priceCents: 500, ...options })
    .returning();
  return row!;
}

/** A gallery of a creator: active, for subscribers (not for sale) unless told otherwise. */
export async function buildGallery(
  db: Executor,
  options: { performerId: string } & Partial<Omit<typeof galleries.$inferInsert, 'performerId'>>,
) {
  const [row] = await db
    .insert(galleries)
    .values({ title: `Gallery ${nextSuffix()}`, ...options })
    .returning();
  return row!;
}

/**
 * A video of a creator on an already-ready file (no upload, no transcoding): active, for
 * subscribers unless told otherwise. The file's keys point nowhere; use uploads to test media.
 */
export async function buildVideo(
  db: Executor,
  options: { performerId: string; fileStatus?: (typeof files.$inferInsert)['status'] } & Partial<
    Omit<typeof videos.$inferInsert, 'performerId'>
  >,
) {
  const { fileStatus = 'ready', ...values } = options;
  const fileId = newId();
  await db.insert(files).values({
    id: fileId,
    ownerId: options.performerId,
    kind: 'video',
    visibility: 'private',
    storageKey: `private/originals/${fileId}.mp4`,
    mimeType: 'video/mp4',
    size: 1000,
    status: fileStatus,
    variants: fileStatus === 'ready' ? { video: { key: `private/media/${fileId}/video.mp4` } } : null,
  });
  const [row] = await db
    .insert(videos)
    .values({ title: `Video ${nextSuffix()}`, fileId, ...values })
    .returning();
  // The profile counts the video, as an upload would, so deleting it later keeps the counter exact.
  await db
    .update(performerProfiles)
    .set({ videosCount: sql`${performerProfiles.videosCount} + 1` })
    .where(eq(performerProfiles.userId, options.performerId));
  return row!;
}

/** A product of a creator: physical with 10 in stock at 20.00 unless told otherwise. */
export async function buildProduct(
  db: Executor,
  options: { performerId: string } & Partial<Omit<typeof products.$inferInsert, 'performerId'>>,
) {
  const [row] = await db
    .insert(products)
    .values({ name: `Product ${nextSuffix()}`, type: 'physical', priceCents: 2000, stock: 10, ...options })
    .returning();
  return row!;
}

/**
 * A post written straight to the table (no files, counters untouched): for tests about who sees
 * what. `price` is a decimal like the API speaks; published now unless told otherwise.
 */
export async function buildFeed(
  db: Executor,
  options: { performerId: string; price?: number } & Partial<Omit<typeof feeds.$inferInsert, 'priceCents'>>,
) {
  const { price, ...values } = options;
  const [row] = await db
    .insert(feeds)
    .values({
      type: 'text',
      text: 'A post',
      publishedAt: new Date(),
      ...values,
      priceCents: cents(price) ?? 0,
    })
    .returning();
  return row!;
}
