import {
  defaultSettings,
  formatAmount,
  publicSettingKeys,
  settingDefinitions,
  settingKeys,
  settingRanges,
  type TPublicSettings,
  type TSettingKey,
  type TSettings,
  type TSettingsUpdate,
} from '@fanstage/contract';
import { type DbHandle, settings as settingsTable, sql } from '@fanstage/db';
import { AppError } from '../../lib/app-error';
import { changedFields, recordAudit } from '../audit/audit';

export interface SettingsService {
  /** Every setting, defaults filled in. Cached for a few seconds so each request does not read the table. */
  getAll(): Promise<TSettings>;
  /** The public settings; the same object until the cached settings are read again. */
  getPublic(): Promise<TPublicSettings>;
  /** Values of the named public keys; unknown or private keys are left out. */
  getKeys(keys: string[]): Promise<Partial<TPublicSettings>>;
  /** Admin update of any subset; a minimum above its maximum is refused and nothing is saved. */
  update(patch: TSettingsUpdate, options?: { actorId?: string }): Promise<TSettings>;
}

const cacheMs = 5_000;

export function createSettingsService(db: DbHandle): SettingsService {
  let cache: { at: number; value: TSettings } | null = null;
  /** The public settings of the cached value: the same object for as long as that value is cached. */
  let publicOf: { source: TSettings; value: TPublicSettings } | null = null;

  const load = async (): Promise<TSettings> => {
    const rows = await db.db.select().from(settingsTable);
    const merged: Record<string, unknown> = { ...defaultSettings };
    for (const row of rows) {
      const def = settingDefinitions[row.key as TSettingKey];
      if (!def) continue;
      const parsed = def.schema.safeParse(row.value);
      if (parsed.success) merged[row.key] = parsed.data;
    }
    return merged as TSettings;
  };

  const getAll = async () => {
    if (cache && Date.now() - cache.at < cacheMs) return cache.value;
    const value = await load();
    cache = { at: Date.now(), value };
    return value;
  };

  const publicKeys = new Set<string>(publicSettingKeys);
  const pickPublic = (all: TSettings, keys: readonly string[]) =>
    Object.fromEntries(keys.filter((k) => publicKeys.has(k)).map((k) => [k, all[k as TSettingKey]]));

  return {
    getAll,
    getPublic: async () => {
      const all = await getAll();
      if (publicOf?.source !== all) {
        publicOf = { source: all, value: pickPublic(all, publicSettingKeys) as TPublicSettings };
      }
      return publicOf.value;
    },
    getKeys: async (keys) => pickPublic(await getAll(), keys) as Partial<TPublicSettings>,
    update: async (patch, options = {}) => {
      const current = await load();
      const next = { ...current, ...patch } as TSettings;
      for (const range of settingRanges) {
        const [min, max] = [next[range.min] as number, next[range.max] as number];
        if (min > max) {
          const sentence = `The ${range.minLabel} (${formatAmount(min)}) cannot be above the ${range.maxLabel} (${formatAmount(max)}).`;
          throw new AppError('UNPROCESSABLE', sentence, [{ path: range.min, message: sentence }]);
        }
      }
      const entries = Object.entries(patch).filter(
        ([k, v]) => settingKeys.includes(k as TSettingKey) && v !== undefined,
      );
      // Requiring two-factor for admins is a security switch: it gets its own audit action.
      const { requireAdminTwoFactor, ...otherEntries } = Object.fromEntries(entries);
      const changes = changedFields(current, otherEntries);
      const twoFactorSwitched =
        typeof requireAdminTwoFactor === 'boolean' && requireAdminTwoFactor !== current.requireAdminTwoFactor;
      if (entries.length > 0) {
        await db.db.transaction(async (tx) => {
          await tx
            .insert(settingsTable)
            .values(entries.map(([key, value]) => ({ key, value })))
            .onConflictDoUpdate({
              target: settingsTable.key,
              set: { value: sql`excluded.value`, updatedAt: sql`now()` },
            });
          // Only values that really changed are logged (a form save sends every field).
          if (options.actorId && changes) {
            await recordAudit(tx, {
              actorId: options.actorId,
              action: 'settings.update',
              targetType: 'settings',
              targetId: 'site',
              ...changes,
            });
          }
          if (options.actorId && twoFactorSwitched) {
            await recordAudit(tx, {
              actorId: options.actorId,
              action: requireAdminTwoFactor
                ? 'two-factor.require-admins'
                : 'two-factor.stop-requiring-admins',
              targetType: 'settings',
              targetId: 'site',
              before: { requireAdminTwoFactor: current.requireAdminTwoFactor },
              after: { requireAdminTwoFactor },
            });
          }
        });
      }
      cache = null;
      return getAll();
    },
  };
}
