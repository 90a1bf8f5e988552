import { resolve } from 'node:path';
import { migrateDatabase, openDatabase } from '@fanstage/db';
import sharp from 'sharp';
import { buildApp } from './app';
import { loadConfig } from './config';
import { readyMessage } from './lib/listen-address';
import { untrustedMediaRefusal } from './modules/media/media.ffmpeg';
import { ensureAdmin } from './seed/admin';
import { seedDemoIfEmpty } from './seed/demo';

const config = loadConfig();
/** A node keeps an idle PostgreSQL connection this long (see `idleTimeoutMs`). */
const serverPoolIdleMs = 5 * 60_000;
// Each upload is resized once: libvips's cache of recent operations only holds memory here.
sharp.cache(false);
const db = await openDatabase({
  url: config.DATABASE_URL,
  poolSize: config.DATABASE_POOL_SIZE,
  idleTimeoutMs: serverPoolIdleMs,
  dataDir: config.DATABASE_URL ? undefined : resolve(config.DATA_DIR, 'db'),
});
await migrateDatabase(db);
const { app, ctx } = await buildApp({ config, db, web: true });

// The demo seed only fills an empty database, so it goes before the admin from the environment.
// Demo data is a convenience: whatever goes wrong in it, the site still starts.
await seedDemoIfEmpty(ctx, { videos: config.SEED_DEMO_VIDEOS }).catch((err: unknown) => {
  ctx.log.error({ err }, 'the demo seed stopped before the end; the site starts with what it made');
});
const mediaRefusal = untrustedMediaRefusal(config);
if (mediaRefusal) ctx.log.warn(mediaRefusal);
if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
  await ensureAdmin(ctx, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
}

// Workers pick up jobs left from an earlier run (an upload whose transcode was cut short).
await ctx.queue.start();

// A failed job or a forgotten promise is logged, never the end of the site for everyone.
process.on('unhandledRejection', (err) => ctx.log.error({ err }, 'unhandled rejection; the server goes on'));

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  // Not ready from now on; app.close() then stops taking connections, lets the requests in flight
  // finish, closes the sockets (clients reconnect to another node) and stops the job workers,
  // whose running jobs finish or go back to the queue for another node.
  ctx.lifecycle.draining = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(
  readyMessage({ address: app.server.address(), publicUrl: config.PUBLIC_URL, database: db.engine }),
);
