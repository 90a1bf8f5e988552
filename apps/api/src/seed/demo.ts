import { inArray, newId, or, performerProfiles, sql, users } from '@fanstage/db';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { hashPassword } from '../lib/passwords';
import {
  type DemoAccount,
  type DemoCreator,
  type DemoRole,
  demoAdmin,
  demoCreators,
  demoEmailOf,
  demoFans,
  demoPasswords,
} from './demo-accounts';
import { type DemoContentOptions, type DemoContentResult, seedDemoContent } from './demo-content';
import { avatarSvg, coverSvg, renderWebp } from './demo-images';
import { seedDemoMessages } from './demo-messages';
import { seedDemoPayments } from './demo-payments';
import { seedDemoBalances, seedDemoPurchase } from './demo-wallet';

export interface DemoLogin {
  role: DemoRole;
  username: string;
  email: string;
  password: string;
}

export interface DemoSeedResult {
  /** Accounts this run created; 0 when every demo account was already there. */
  created: number;
  logins: DemoLogin[];
  /** The demo content made with the accounts (none when no account was created). */
  content: DemoContentResult | null;
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Demo data must never appear on a real site by accident: config.SEED_DEMO is on by default,
 * except in production, where SEED_DEMO=true must be written out.
 */
export const isDemoSeedAllowed = (config: Config): boolean => config.SEED_DEMO;

/** Seeds the demo site when the database has no users yet, then prints the demo logins. */
export async function seedDemoIfEmpty(
  ctx: AppContext,
  options: DemoContentOptions = {},
): Promise<DemoSeedResult | null> {
  if (!isDemoSeedAllowed(ctx.config)) {
    ctx.log.info('demo seed skipped: in production set SEED_DEMO=true to add demo accounts');
    return null;
  }
  const [row] = await ctx.db.db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  const started = Date.now();
  const result = await seedDemo(ctx, options);
  if (result.created > 0) {
    ctx.log.info({ ms: Date.now() - started, queuedMedia: result.content?.queuedMedia }, 'demo site seeded');
    console.log(formatDemoLogins(result.logins, ctx.config.PUBLIC_URL, result.content));
  }
  return result;
}

interface PlannedAccount {
  account: DemoAccount;
  id: string;
  email: string;
  avatarKey: string;
  coverKey: string | null;
  createdAt: Date;
}

/**
 * Creates the demo admin, creators and fans with generated avatars and covers. Accounts whose
 * username or email already exists are left alone, so running it again changes nothing.
 */
export async function seedDemo(ctx: AppContext, options: DemoContentOptions = {}): Promise<DemoSeedResult> {
  const all: DemoAccount[] = [demoAdmin, ...demoCreators, ...demoFans];
  const logins = all.map((a) => ({
    role: a.role,
    username: a.username,
    email: demoEmailOf(a),
    password: demoPasswords[a.role],
  }));

  const taken = await ctx.db.db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      or(
        inArray(
          sql`lower(${users.username})`,
          all.map((a) => a.username.toLowerCase()),
        ),
        inArray(
          sql`lower(${users.email})`,
          logins.map((l) => l.email.toLowerCase()),
        ),
      ),
    );
  const takenNames = new Set(taken.flatMap((t) => [t.username?.toLowerCase(), t.email?.toLowerCase()]));
  const now = ctx.clock.now().getTime();
  const planned: PlannedAccount[] = all
    .filter((a) => !takenNames.has(a.username.toLowerCase()) && !takenNames.has(demoEmailOf(a)))
    .map((account, i) => {
      const id = newId();
      return {
        account,
        id,
        email: demoEmailOf(account),
        avatarKey: `avatars/${id}-seed.webp`,
        coverKey: account.role === 'performer' ? `covers/${id}-seed.webp` : null,
        // Spread the sign-ups over the last weeks so lists sorted by date look lived in.
        createdAt: new Date(now - (all.length - i) * 2 * dayMs),
      };
    });
  if (planned.length === 0) return { created: 0, logins, content: null };

  // One hash per role: the accounts of a role share their demo password anyway.
  const roles = [...new Set(planned.map((p) => p.account.role))];
  const hashes = new Map(
    await Promise.all(roles.map(async (r) => [r, await hashPassword(demoPasswords[r])] as const)),
  );

  // Pictures first, so each row appears complete with its paths in one insert.
  await Promise.all(planned.map((p) => storeImages(ctx, p)));

  const userRow = (p: PlannedAccount) => ({
    id: p.id,
    name: p.account.name,
    username: p.account.username,
    email: p.email,
    passwordHash: hashes.get(p.account.role)!,
    role: p.account.role,
    gender: p.account.gender,
    emailVerifiedAt: p.createdAt,
    avatarPath: p.avatarKey,
    coverPath: p.coverKey,
    createdAt: p.createdAt,
  });

  const inserted = new Set<string>();
  const kinds = [
    planned.filter((p) => p.account.role === 'admin'),
    planned.filter((p) => p.account.role === 'performer'),
    planned.filter((p) => p.account.role === 'user'),
  ];
  for (const kind of kinds) {
    if (kind.length === 0) continue;
    await ctx.db.db.transaction(async (tx) => {
      // Another process seeding at the same moment wins on the unique indexes; its rows stay.
      const rows = await tx
        .insert(users)
        .values(kind.map(userRow))
        .onConflictDoNothing()
        .returning({ id: users.id });
      for (const r of rows) inserted.add(r.id);
      const profiles = kind
        .filter((p) => inserted.has(p.id) && p.account.role === 'performer')
        .map((p) => {
          const creator = p.account as DemoCreator;
          return {
            userId: p.id,
            dateOfBirth: creator.dateOfBirth,
            country: creator.country,
            bio: creator.bio,
            documentsVerifiedAt: p.createdAt,
          };
        });
      if (profiles.length > 0) await tx.insert(performerProfiles).values(profiles);
    });
  }

  const lost = planned.filter((p) => !inserted.has(p.id));
  await Promise.all(
    lost.flatMap((p) => [
      ctx.storage.remove(p.avatarKey),
      ...(p.coverKey ? [ctx.storage.remove(p.coverKey)] : []),
    ]),
  );
  ctx.log.info({ created: inserted.size }, 'demo accounts created');
  if (inserted.size === 0) return { created: 0, logins, content: null };

  // Content only for the accounts this run made, so a second run (or a lost race) adds nothing.
  const creatorRows = await ctx.db.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      inArray(
        users.username,
        demoCreators.map((c) => c.username),
      ),
    );
  const allCreators = demoCreators.flatMap((account) => {
    const row = creatorRows.find((r) => r.username === account.username);
    return row ? [{ id: row.id, account }] : [];
  });
  const made = planned.filter((p) => inserted.has(p.id));
  const content = await seedDemoContent(ctx, {
    ...options,
    allCreators,
    creators: made.filter((p) => p.account.role === 'performer'),
    fans: made.filter((p) => p.account.role === 'user'),
  });
  await seedDemoBalances(
    ctx,
    made.filter((p) => p.account.role === 'user').map((p) => p.id),
  );
  await seedDemoPurchase(ctx, content.purchase);
  await seedDemoMessages(ctx);
  await seedDemoPayments(ctx);
  return { created: inserted.size, logins, content };
}

async function storeImages(ctx: AppContext, p: PlannedAccount): Promise<void> {
  const seed = p.account.username;
  const avatar = await renderWebp(avatarSvg({ name: p.account.name, seed, palette: p.account.palette }));
  await ctx.storage.put(p.avatarKey, avatar);
  if (p.coverKey)
    await ctx.storage.put(p.coverKey, await renderWebp(coverSvg({ seed, palette: p.account.palette })));
}

const roleLabels: Record<DemoRole, string> = { admin: 'admin', performer: 'creator', user: 'fan' };

/** The demo logins as a plain-text table for the console. */
export function formatDemoLogins(
  logins: DemoLogin[],
  url: string,
  content: DemoContentResult | null = null,
): string {
  const header = ['role', 'username', 'email', 'password'];
  const rows = logins.map((l) => [roleLabels[l.role], l.username, l.email, l.password]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => c.padEnd(widths[i]!)).join('  ')}`.trimEnd();
  const rule = `  ${widths.map((w) => '-'.repeat(w)).join('  ')}`;
  return [
    '',
    `Fanstage demo accounts — open ${url} and log in with a username (or email) and password:`,
    '',
    line(header),
    rule,
    ...rows.map(line),
    '',
    ...contentLines(content),
    'Demo data only: these passwords are public. Set SEED_DEMO=false to start without them.',
    '',
  ].join('\n');
}

/** Who is subscribed to whom and who bought what, so a tester knows which fan sees what unlocked. */
function contentLines(content: DemoContentResult | null): string[] {
  if (!content || content.subscriptions.size === 0) return [];
  const subscribed = [...content.subscriptions].map(([fan, creators]) => `${fan} → ${creators.join(', ')}`);
  const bought = content.purchase
    ? [`  ${content.purchase.fan} also bought one pay-per-view post of ${content.purchase.creator}.`]
    : [];
  return [`  Subscribed fans: ${subscribed.join('; ')}.`, ...bought, ''];
}
