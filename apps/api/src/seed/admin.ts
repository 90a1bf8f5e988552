import { eq, users } from '@fanstage/db';
import type { AppContext } from '../context';
import { hashPassword } from '../lib/passwords';
import { forgetActors } from '../modules/auth/sessions';
import { findUserByEmail } from '../modules/users/users.repo';

/** Creates the admin account of ADMIN_EMAIL, or makes that account an admin with the given password. */
export async function ensureAdmin(
  ctx: AppContext,
  options: { email: string; password: string; username?: string },
) {
  const passwordHash = await hashPassword(options.password);
  // Several nodes start with the same ADMIN_EMAIL: an insert that meets the account another node just
  // made (or a taken username) inserts nothing, and the next turn finds and updates that account.
  for (let attempt = 1; ; attempt++) {
    const existing = await findUserByEmail(ctx.db.db, options.email);
    if (existing) {
      await ctx.db.db
        .update(users)
        .set({ role: 'admin', passwordHash, status: 'active' })
        .where(eq(users.id, existing.id));
      // The account's actor carries its role and status (the CLI tells the running nodes through Redis).
      forgetActors(ctx, existing.id);
      return existing.id;
    }
    const [row] = await ctx.db.db
      .insert(users)
      .values({
        name: 'Administrator',
        username: options.username ?? `admin${Math.floor(Math.random() * 10000)}`,
        email: options.email.toLowerCase(),
        passwordHash,
        role: 'admin',
        emailVerifiedAt: ctx.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (row) return row.id;
    if (attempt >= 5) throw new Error(`could not create the admin ${options.email}: its username is taken`);
  }
}
