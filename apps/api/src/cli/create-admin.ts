import { resolve } from 'node:path';
import { migrateDatabase, openDatabase } from '@fanstage/db';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { ensureAdmin } from '../seed/admin';

// Usage: npm run create-admin -w apps/api -- admin@example.com 'a long password'
const [email, password] = process.argv.slice(2);
if (!email || !password || password.length < 8) {
  console.error('Usage: npm run create-admin -w apps/api -- <email> <password of 8 or more characters>');
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : resolve(config.DATA_DIR, 'db'),
});
await migrateDatabase(db);
const { app, ctx } = await buildApp({ config, db });
await ensureAdmin(ctx, { email, password });
console.log(`Admin ready: ${email}`);
await app.close();
await db.close();
