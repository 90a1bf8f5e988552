import { z } from 'zod';
import { ZDateOfBirth } from './auth';
import { ZUsername } from './users';

/** The temporary cookies of a Twitter sign-in (spec section 3), each kept 1 day. */
export const twitterCookies = {
  oauthToken: 'oauthToken',
  oauthTokenSecret: 'oauthTokenSecret',
  callbackUrl: 'twCallbackUrl',
  role: 'role',
} as const;
export const twitterCookieDays = 1;

/** What a new social account is meant to become; it chooses for good in the completion step. */
export const ZSocialRole = z.enum(['user', 'performer'], { message: 'Choose fan or creator.' });
export type TSocialRole = z.infer<typeof ZSocialRole>;

/** A compact JWS (three base64url parts); anything else is refused before any key is fetched. */
const ZIdToken = z
  .string({ message: 'The Google sign-in token is missing.' })
  .min(20, 'The Google sign-in token is not valid.')
  .max(8192, 'The Google sign-in token is not valid.')
  .regex(/^[\w-]+\.[\w-]+\.[\w-]*$/, 'The Google sign-in token is not valid.');

const ZNonce = z.string().min(8, 'The sign-in nonce is too short.').max(200).optional();

/** Sign in with the ID token Google Identity Services handed the page. */
export const ZGoogleLoginRequest = z.object({
  idToken: ZIdToken,
  /** The nonce the page gave Google; the token must carry the same. */
  nonce: ZNonce,
  remember: z.boolean().default(false),
});
export type TGoogleLoginRequest = z.infer<typeof ZGoogleLoginRequest>;

/** Sign in with an authorization code (the code flow); the API exchanges it for the ID token. */
export const ZGoogleTokenRequest = z.object({
  code: z
    .string({ message: 'The Google authorization code is missing.' })
    .min(4, 'The Google authorization code is not valid.')
    .max(2048, 'The Google authorization code is not valid.'),
  /** Where Google sent the code: `postmessage` for the Identity Services popup. */
  redirectUri: z
    .string()
    .max(2000)
    .regex(/^(postmessage|https?:\/\/[^\s]+)$/, 'The redirect URI must be postmessage or an http(s) URL.')
    .default('postmessage'),
  codeVerifier: z.string().min(43).max(128).optional(),
  nonce: ZNonce,
  remember: z.boolean().default(false),
});
export type TGoogleTokenRequest = z.infer<typeof ZGoogleTokenRequest>;

/** A social sign-in's answer: the session token (also set as the token cookie). */
export const ZSocialLoginResponse = z.object({
  data: z.object({
    token: z.string(),
    /** The account was made by this sign-in: the person still picks fan or creator and a username. */
    isNewAccount: z.boolean(),
    /** The role asked for when the sign-in started (Twitter's role cookie), to preselect in that step. */
    role: ZSocialRole.optional(),
  }),
});

/** Starts a Twitter sign-in: the role to preselect later and the same-site page to return to. */
export const ZTwitterLoginRequest = z.object({
  role: ZSocialRole.default('user'),
  returnTo: z
    .string()
    .max(2000)
    .regex(/^\/(?![/\\])[^\s\\]*$/, 'The return path must be a path on this site.')
    .optional(),
});
export const ZTwitterLoginResponse = z.object({
  data: z.object({ authUrl: z.string() }),
});

/** Twitter sent the browser back with these query values; the request token secret is in a cookie. */
export const ZTwitterCallbackRequest = z.object({
  oauthToken: z
    .string({ message: 'The Twitter sign-in answer is missing its token.' })
    .min(1, 'The Twitter sign-in answer is missing its token.')
    .max(500),
  oauthVerifier: z
    .string({ message: 'The Twitter sign-in answer is missing its verifier.' })
    .min(1, 'The Twitter sign-in answer is missing its verifier.')
    .max(500),
  remember: z.boolean().default(false),
});
export const ZTwitterCallbackResponse = z.object({
  data: ZSocialLoginResponse.shape.data.extend({
    /** The page the person started from (the twCallbackUrl cookie), when it was a same-site path. */
    returnTo: z.string().optional(),
  }),
});

/** The step a new social account takes once: fan or creator, and a username. */
export const ZSocialCompleteRequest = z
  .object({
    role: ZSocialRole,
    username: ZUsername,
    dateOfBirth: ZDateOfBirth.optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'Country must be a two-letter code.')
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.role !== 'performer') return;
    if (!v.dateOfBirth)
      ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: 'Enter your date of birth.' });
    if (!v.country) ctx.addIssue({ code: 'custom', path: ['country'], message: 'Country is required.' });
  });
export type TSocialCompleteRequest = z.infer<typeof ZSocialCompleteRequest>;
