import { z } from 'zod';
import { ZId } from './common';
import { genders, roles } from './field-values';

/** Top-level route names and words that can never be usernames. */
export const reservedUsernames = [
  'auth',
  'home',
  'user',
  'users',
  'creator',
  'creators',
  'performer',
  'performers',
  'admin',
  'api',
  'site-subscription',
  'login',
  'logout',
  'register',
  'signup',
  'sign-up',
  'account',
  'settings',
  'search',
  'explore',
  'messages',
  'wallet',
  'payment',
  'payments',
  'page',
  'pages',
  'post',
  'posts',
  'feed',
  'feeds',
  'video',
  'videos',
  'photo',
  'photos',
  'gallery',
  'galleries',
  'product',
  'products',
  'shop',
  'store',
  'cart',
  'checkout',
  'stream',
  'streaming',
  'live',
  'help',
  'support',
  'contact',
  'terms',
  'privacy',
  'about',
  'static',
  'assets',
  'socket.io',
  'flags',
  'files',
  'media',
  'maintenance',
  'blocked',
  'geo-blocked',
  'null',
  'undefined',
  'root',
  'system',
  'model',
  'models',
  'contact-us',
  // Fixed paths under /performers/… that would shadow a creator with this username.
  'top',
  'random',
  'me',
  'follows',
] as const;

const reservedSet = new Set<string>(reservedUsernames);

export const ZUsername = z
  .string({ message: 'Username is required.' })
  .trim()
  .min(3, 'Username must be at least 3 characters.')
  .max(30, 'Username must be at most 30 characters.')
  .regex(/^[A-Za-z0-9_.]+$/, 'Username may contain only letters, digits, "_" and ".".')
  .refine((u) => !reservedSet.has(u.toLowerCase()), 'This username is reserved, please choose another.');

export const ZEmail = z
  .string({ message: 'Email is required.' })
  .trim()
  .max(254, 'Email must be at most 254 characters.')
  .pipe(z.email('Must be a valid email address.'))
  .transform((e) => e.toLowerCase());

export const ZPassword = z
  .string({ message: 'Password is required.' })
  .min(8, 'Password must be at least 8 characters.')
  .max(128, 'Password must be at most 128 characters.');

export const ZName = z
  .string({ message: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(100, 'Name must be at most 100 characters.');

export const ZGender = z.enum(genders, { message: 'Gender must be male, female or transgender.' });

export type TRole = (typeof roles)[number];

/** What `GET /users/me` answers: the current user, private fields included. */
export const ZCurrentUser = z.object({
  _id: ZId,
  name: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string(),
  cover: z.string().nullable(),
  gender: ZGender.nullable(),
  role: z.enum(roles),
  isPerformer: z.boolean(),
  isAdmin: z.boolean(),
  verifiedEmail: z.boolean(),
  verifiedDocument: z.boolean(),
  status: z.enum(['active', 'inactive']),
  balance: z.number(),
  siteSubscription: z.object({ expiredAt: z.string().nullable() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

/** What anyone else may see of a user. */
export const ZPublicUser = z.object({
  _id: ZId,
  name: z.string(),
  username: z.string().nullable(),
  avatar: z.string(),
  isPerformer: z.boolean(),
  createdAt: z.string(),
});
export type TPublicUser = z.infer<typeof ZPublicUser>;

export const ZUpdateMeRequest = z
  .object({
    name: ZName.optional(),
    username: ZUsername.optional(),
    email: ZEmail.optional(),
    gender: ZGender.nullable().optional(),
  })
  .strict();
export type TUpdateMeRequest = z.infer<typeof ZUpdateMeRequest>;

export const ZUserSearchQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(100).optional(),
});

export const ZAvatarUploadResponse = z.object({ data: z.object({ url: z.string() }) });
