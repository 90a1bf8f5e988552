import type { TMenuItem, TSettings } from './settings';

/*
 * What each site setting is worth before an admin changes it (product-spec.md section 9) and whether
 * visitors may read it. Kept apart from the settings' zod schemas (settings.ts) so every page of the web
 * app can know the defaults without carrying zod.
 */
export const settingBasics = {
  siteName: { default: 'Fanstage', public: true },
  logoUrl: { default: '', public: true },
  darkmodeLogoUrl: { default: '', public: true },
  favicon: { default: '', public: true },
  gaCode: { default: '', public: true },
  menus: { default: [] as TMenuItem[], public: true },
  requireEmailVerification: { default: false, public: true },
  /** Admins must sign in with two-factor; one without it is asked to set it up at login. */
  requireAdminTwoFactor: { default: false, public: false },
  maintenanceMode: { default: false, public: true },
  maintenanceMessage: { default: 'We are making the site better. Please come back soon.', public: true },
  hashPassword: { default: false, public: true },
  stripePublishableKey: { default: '', public: true },
  paymentGateway: { default: 'stripe' as 'stripe' | 'sandbox', public: true },
  freeSubscriptionEnabled: { default: true, public: true },
  freeSubscriptionDuration: { default: 1, public: true },
  minimumSubscriptionPrice: { default: 2.95, public: true },
  maximumSubscriptionPrice: { default: 300, public: true },
  minimumWalletPrice: { default: 2.95, public: true },
  maximumWalletPrice: { default: 300, public: true },
  minimumTipPrice: { default: 10, public: true },
  maximumTipPrice: { default: 10000, public: true },
  minimumPayoutAmount: { default: 50, public: true },
  agoraAppId: { default: '', public: true },
  agoraEnable: { default: false, public: true },
  trialEnabled: { default: false, public: true },
  trialDurationDays: { default: 14, public: true },
  trialDescription: { default: '', public: true },
  minimumBalance1on1Calls: { default: 20, public: true },
  siteSubscriptionEnabled: { default: false, public: true },
  siteSubscriptionPrice: { default: 9.99, public: true },
  performerCommission: { default: 0.2, public: false },
  /** Google sign-in: shown when on and a client id is set (the client secret is GOOGLE_CLIENT_SECRET). */
  googleLoginEnabled: { default: false, public: true },
  googleClientId: { default: '', public: true },
  /** Twitter sign-in: shown when on (its consumer key and secret are TWITTER_CONSUMER_KEY/SECRET). */
  twitterLoginEnabled: { default: false, public: true },
  /** Google reCAPTCHA v2 site key: when set (with RECAPTCHA_SECRET), sign-ups and contact need the widget. */
  reCaptchaSiteKey: { default: '', public: true },
  adminEmail: { default: '', public: false },
  senderEmail: { default: '', public: false },
} as const satisfies Record<string, { default: unknown; public: boolean }>;

export type TSettingKey = keyof typeof settingBasics;

export const settingKeys = Object.keys(settingBasics) as TSettingKey[];
export const publicSettingKeys = settingKeys.filter((k) => settingBasics[k].public);
export type TPublicSettingKey = (typeof publicSettingKeys)[number];

export const defaultSettings = Object.fromEntries(
  settingKeys.map((k) => [k, settingBasics[k].default]),
) as TSettings;
