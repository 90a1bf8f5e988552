import { sql, users } from '@fanstage/db';
import type { AppContext } from '../context';

/** Seeds the demo site on an empty database (see the demo seed module). */
export async function seedDemoIfEmpty(ctx: AppContext): Promise<void> {
  const [row] = await ctx.db.db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) > 0) return;
  ctx.log.info('empty database: the demo seed will be added here');
}
