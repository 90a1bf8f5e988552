import { z } from 'zod';

const price = z.number().min(0).max(1_000_000).multipleOf(0.01);
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
  freeSubscriptionDuration: { schema: z.number().int().min(1).max(365), default: 1, public: true },
  minimumSubscriptionPrice: { schema: price, default: 2.95, public: true },
  maximumSubscriptionPrice: { schema: price, default: 300, public: true },
  minimumWalletPrice: { schema: price, default: 2.95, public: true },
  maximumWalletPrice: { schema: price, default: 300, public: true },
  minimumTipPrice: { schema: price, default: 10, public: true },
  maximumTipPrice: { schema: price, default: 10000, public: true },
  minimumPayoutAmount: { schema: price, default: 50, public: true },
  agoraAppId: { schema: z.string().max(100), default: '', public: true },
  agoraEnable: { schema: z.boolean(), default: false, public: true },
  trialEnabled: { schema: z.boolean(), default: false, public: true },
  trialDurationDays: { schema: z.number().int().min(1).max(365), default: 14, public: true },
  trialDescription: { schema: z.string().max(500), default: '', public: true },
  minimumBalance1on1Calls: { schema: price, default: 20, public: true },
  siteSubscriptionEnabled: { schema: z.boolean(), default: false, public: true },
  siteSubscriptionPrice: { schema: price, default: 9.99, public: true },
  performerCommission: { schema: z.number().min(0).max(1), default: 0.2, public: false },
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

/** Pairs whose first must not exceed the second. */
export const settingRanges: [TSettingKey, TSettingKey][] = [
  ['minimumSubscriptionPrice', 'maximumSubscriptionPrice'],
  ['minimumWalletPrice', 'maximumWalletPrice'],
  ['minimumTipPrice', 'maximumTipPrice'],
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
