import { z } from 'zod';
import { publicSettingKeys, settingBasics, settingKeys, type TSettingKey } from './setting-defaults';

/** The most any money setting may be, in the site currency. */
export const maximumSettingAmount = 1_000_000;

/** A money setting: a number of dollars with at most two decimals; messages name the setting and the limit. */
const price = (label: string) =>
  z
    .number({ message: `The ${label} must be a number.` })
    .min(0, `The ${label} cannot be below $0.00.`)
    .max(maximumSettingAmount, `The ${label} cannot be above $1,000,000.00.`)
    .multipleOf(0.01, `The ${label} can have at most two decimals.`);
const days = (label: string) =>
  z
    .number({ message: `The ${label} must be a number of days.` })
    .int(`The ${label} must be a whole number of days.`)
    .min(1, `The ${label} must be at least 1 day.`)
    .max(365, `The ${label} cannot be more than 365 days.`);
const url = z.union([
  z.literal(''),
  z
    .string()
    .max(2000)
    .regex(/^(https?:\/\/|\/)[^\s]*$/, 'Must be a URL.'),
]);

export const ZMenuItem = z.object({
  title: z.string().trim().min(1).max(60),
  path: z.string().trim().min(1).max(500),
  section: z.enum(['header', 'footer']),
  isNewTab: z.boolean().default(false),
});
export type TMenuItem = z.infer<typeof ZMenuItem>;

/**
 * Every site setting: its schema, its default, and whether visitors may read it.
 * Defaults are the ones of product-spec.md section 9.
 */
const settingSchemas = {
  siteName: z.string().trim().min(1).max(80),
  logoUrl: url,
  darkmodeLogoUrl: url,
  favicon: url,
  gaCode: z.union([
    z.literal(''),
    z.string().regex(/^[A-Z0-9-]{4,30}$/, 'Must be an analytics id like G-XXXX.'),
  ]),
  menus: z.array(ZMenuItem).max(40),
  requireEmailVerification: z.boolean(),
  /** Admins must sign in with two-factor; one without it is asked to set it up at login. */
  requireAdminTwoFactor: z.boolean(),
  maintenanceMode: z.boolean(),
  maintenanceMessage: z.string().max(500),
  hashPassword: z.boolean(),
  stripePublishableKey: z.string().max(200),
  paymentGateway: z.enum(['stripe', 'sandbox']),
  freeSubscriptionEnabled: z.boolean(),
  freeSubscriptionDuration: days('free subscription duration'),
  minimumSubscriptionPrice: price('minimum subscription price'),
  maximumSubscriptionPrice: price('maximum subscription price'),
  minimumWalletPrice: price('minimum top-up'),
  maximumWalletPrice: price('maximum top-up'),
  minimumTipPrice: price('minimum tip'),
  maximumTipPrice: price('maximum tip'),
  minimumPayoutAmount: price('minimum payout'),
  agoraAppId: z.string().max(100),
  agoraEnable: z.boolean(),
  trialEnabled: z.boolean(),
  trialDurationDays: days('trial length'),
  trialDescription: z.string().max(500),
  minimumBalance1on1Calls: price('minimum balance for calls'),
  siteSubscriptionEnabled: z.boolean(),
  siteSubscriptionPrice: price('site membership price'),
  performerCommission: z
    .number({ message: 'The platform commission must be a number from 0 to 1.' })
    .min(0, 'The platform commission cannot be below 0 (0 %).')
    .max(1, 'The platform commission cannot be above 1 (100 %).'),
  /** Google sign-in: shown when on and a client id is set (the client secret is GOOGLE_CLIENT_SECRET). */
  googleLoginEnabled: z.boolean(),
  googleClientId: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .regex(/^[\w.-]{1,200}$/, 'Must be a Google OAuth client id like 1234-abc.apps.googleusercontent.com.'),
  ]),
  /** Twitter sign-in: shown when on (its consumer key and secret are TWITTER_CONSUMER_KEY/SECRET). */
  twitterLoginEnabled: z.boolean(),
  /** Google reCAPTCHA v2 site key: when set (with RECAPTCHA_SECRET), sign-ups and contact need the widget. */
  reCaptchaSiteKey: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .regex(/^[\w-]{10,100}$/, 'Must be a reCAPTCHA site key (letters, digits, - and _).'),
  ]),
  adminEmail: z.union([z.literal(''), z.email()]),
  senderEmail: z.union([z.literal(''), z.email()]),
} satisfies Record<TSettingKey, z.ZodType>;

/** Every site setting: its schema, and from setting-defaults.ts its default and whether visitors may read it. */
export const settingDefinitions = Object.fromEntries(
  settingKeys.map((k) => [k, { schema: settingSchemas[k], ...settingBasics[k] }]),
) as {
  [K in TSettingKey]: {
    schema: (typeof settingSchemas)[K];
    default: (typeof settingBasics)[K]['default'];
    public: boolean;
  };
};

export type TSettings = { [K in TSettingKey]: z.infer<(typeof settingDefinitions)[K]['schema']> };

/** Pairs whose first must not exceed the second, with their names in words for messages. */
export const settingRanges: { min: TSettingKey; max: TSettingKey; minLabel: string; maxLabel: string }[] = [
  {
    min: 'minimumSubscriptionPrice',
    max: 'maximumSubscriptionPrice',
    minLabel: 'minimum subscription price',
    maxLabel: 'maximum subscription price',
  },
  {
    min: 'minimumWalletPrice',
    max: 'maximumWalletPrice',
    minLabel: 'minimum top-up',
    maxLabel: 'maximum top-up',
  },
  { min: 'minimumTipPrice', max: 'maximumTipPrice', minLabel: 'minimum tip', maxLabel: 'maximum tip' },
];

const publicShape = Object.fromEntries(publicSettingKeys.map((k) => [k, settingDefinitions[k].schema])) as {
  [K in TSettingKey]: (typeof settingDefinitions)[K]['schema'];
};
export const ZPublicSettings = z.object(publicShape);
export type TPublicSettings = z.infer<typeof ZPublicSettings>;

const allShape = Object.fromEntries(settingKeys.map((k) => [k, settingDefinitions[k].schema])) as {
  [K in TSettingKey]: (typeof settingDefinitions)[K]['schema'];
};
export const ZSettings = z.object(allShape);
/** Admin update: any subset of keys. */
export const ZSettingsUpdate = ZSettings.partial();
export type TSettingsUpdate = z.infer<typeof ZSettingsUpdate>;

export const ZSettingsKeysRequest = z.object({
  keys: z.array(z.string().max(60)).min(1).max(60),
});
