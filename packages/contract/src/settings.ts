import { z } from 'zod';

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

/**
 * Every site setting: its schema, its default, and whether visitors may read it.
 * Defaults are the ones of product-spec.md section 9.
 */
export const settingDefinitions = {
  siteName: { schema: z.string().trim().min(1).max(80), default: 'Fanstage', public: true },
  logoUrl: { schema: url, default: '', public: true },
  darkmodeLogoUrl: { schema: url, default: '', public: true },
  favicon: { schema: url, default: '', public: true },
  gaCode: {
    schema: z.union([
      z.literal(''),
      z.string().regex(/^[A-Z0-9-]{4,30}$/, 'Must be an analytics id like G-XXXX.'),
    ]),
    default: '',
    public: true,
  },
  menus: { schema: z.array(ZMenuItem).max(40), default: [] as z.infer<typeof ZMenuItem>[], public: true },
  requireEmailVerification: { schema: z.boolean(), default: false, public: true },
  /** Admins must sign in with two-factor; one without it is asked to set it up at login. */
  requireAdminTwoFactor: { schema: z.boolean(), default: false, public: false },
  maintenanceMode: { schema: z.boolean(), default: false, public: true },
  maintenanceMessage: {
    schema: z.string().max(500),
    default: 'We are making the site better. Please come back soon.',
    public: true,
  },
  hashPassword: { schema: z.boolean(), default: false, public: true },
  stripePublishableKey: { schema: z.string().max(200), default: '', public: true },
  paymentGateway: {
    schema: z.enum(['stripe', 'sandbox']),
    default: 'stripe' as 'stripe' | 'sandbox',
    public: true,
  },
  freeSubscriptionEnabled: { schema: z.boolean(), default: true, public: true },
  freeSubscriptionDuration: { schema: days('free subscription duration'), default: 1, public: true },
  minimumSubscriptionPrice: { schema: price('minimum subscription price'), default: 2.95, public: true },
  maximumSubscriptionPrice: { schema: price('maximum subscription price'), default: 300, public: true },
  minimumWalletPrice: { schema: price('minimum top-up'), default: 2.95, public: true },
  maximumWalletPrice: { schema: price('maximum top-up'), default: 300, public: true },
  minimumTipPrice: { schema: price('minimum tip'), default: 10, public: true },
  maximumTipPrice: { schema: price('maximum tip'), default: 10000, public: true },
  minimumPayoutAmount: { schema: price('minimum payout'), default: 50, public: true },
  agoraAppId: { schema: z.string().max(100), default: '', public: true },
  agoraEnable: { schema: z.boolean(), default: false, public: true },
  trialEnabled: { schema: z.boolean(), default: false, public: true },
  trialDurationDays: { schema: days('trial length'), default: 14, public: true },
  trialDescription: { schema: z.string().max(500), default: '', public: true },
  minimumBalance1on1Calls: { schema: price('minimum balance for calls'), default: 20, public: true },
  siteSubscriptionEnabled: { schema: z.boolean(), default: false, public: true },
  siteSubscriptionPrice: { schema: price('site membership price'), default: 9.99, public: true },
  performerCommission: {
    schema: z
      .number({ message: 'The platform commission must be a number from 0 to 1.' })
      .min(0, 'The platform commission cannot be below 0 (0 %).')
      .max(1, 'The platform commission cannot be above 1 (100 %).'),
    default: 0.2,
    public: false,
  },
  /** Google sign-in: shown when on and a client id is set (the client secret is GOOGLE_CLIENT_SECRET). */
  googleLoginEnabled: { schema: z.boolean(), default: false, public: true },
  googleClientId: {
    schema: z.union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(
          /^[\w.-]{1,200}$/,
          'Must be a Google OAuth client id like 1234-abc.apps.googleusercontent.com.',
        ),
    ]),
    default: '',
    public: true,
  },
  /** Twitter sign-in: shown when on (its consumer key and secret are TWITTER_CONSUMER_KEY/SECRET). */
  twitterLoginEnabled: { schema: z.boolean(), default: false, public: true },
  /** Google reCAPTCHA v2 site key: when set (with RECAPTCHA_SECRET), sign-ups and contact need the widget. */
  reCaptchaSiteKey: {
    schema: z.union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^[\w-]{10,100}$/, 'Must be a reCAPTCHA site key (letters, digits, - and _).'),
    ]),
    default: '',
    public: true,
  },
  adminEmail: { schema: z.union([z.literal(''), z.email()]), default: '', public: false },
  senderEmail: { schema: z.union([z.literal(''), z.email()]), default: '', public: false },
} as const;

export type TSettingKey = keyof typeof settingDefinitions;
export type TSettings = { [K in TSettingKey]: z.infer<(typeof settingDefinitions)[K]['schema']> };

export const settingKeys = Object.keys(settingDefinitions) as TSettingKey[];
export const publicSettingKeys = settingKeys.filter((k) => settingDefinitions[k].public);
export type TPublicSettingKey = (typeof publicSettingKeys)[number];

export const defaultSettings = Object.fromEntries(
  settingKeys.map((k) => [k, settingDefinitions[k].default]),
) as TSettings;

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
