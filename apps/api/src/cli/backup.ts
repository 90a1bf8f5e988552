import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { openDatabase } from '@fanstage/db';
import { loadConfig } from '../config';
import { BackupRefusal, backupSite } from '../modules/backup/backup';
import { createLocalStorage } from '../modules/files/storage';
import { s3StorageFromConfig } from '../modules/files/storage-s3';
import { formatLedgerReport } from '../modules/wallet/wallet.reconcile';

// Usage: npm run backup -w apps/api -- <folder>   (a new or empty folder)
// Writes the database (pg_dump, or the embedded database with the site stopped), every stored file
// and a manifest with the ledger's figures. Exit 0: done; 1: failed, or the ledger drifts; 2: refused.
const args = process.argv.slice(2);
if (args.length !== 1 || args[0]?.startsWith('-')) {
  console.error('Usage: npm run backup -w apps/api -- <folder>   (the folder must be new or empty)');
  process.exit(2);
}
const folder = resolve(args[0] as string);
const config = loadConfig();
const dataDir = config.DATABASE_URL ? undefined : resolve(config.DATA_DIR, 'db');
if (dataDir && !existsSync(resolve(dataDir, 'PG_VERSION'))) {
  console.error(`There is no embedded database at ${dataDir}: set DATA_DIR (or DATABASE_URL) to the site's.`);
  process.exit(2);
}
if (dataDir && existsSync(resolve(dataDir, 'postmaster.pid'))) {
  console.error(
    `The embedded database at ${dataDir} is in use (postmaster.pid): stop the site first. If it stopped without closing, start and stop it once.`,
  );
  process.exit(2);
}
const storage = s3StorageFromConfig(config) ?? createLocalStorage(resolve(config.DATA_DIR, 'files'));
const db = await openDatabase({ url: config.DATABASE_URL, dataDir, poolSize: 2 });
let last = Date.now();
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
try {
  const result = await backupSite({
    db,
    storage,
    databaseUrl: config.DATABASE_URL,
    to: folder,
    onFile: (key, done) => {
      if (Date.now() - last < 2000) return;
      last = Date.now();
      console.log(`… ${done.count} files (${key})`);
    },
  });
  const { manifest } = result;
  console.log(`Backed up to ${result.dir}`);
  console.log(`  database  ${manifest.database.file} (${mb(manifest.database.bytes)}, ${manifest.engine})`);
  console.log(`  files     ${manifest.files.count} files, ${mb(manifest.files.bytes)}`);
  for (const key of result.vanished) console.log(`  (removed while the backup ran: ${key})`);
  console.log(formatLedgerReport(result.ledger));
  if (!manifest.ledger.ok) {
    console.log('The backup is complete, but the ledger drifts: see `npm run reconcile -w apps/api`.');
  }
  await db.close();
  process.exit(manifest.ledger.ok ? 0 : 1);
} catch (err) {
  await db.close().catch(() => {});
  console.error(err instanceof BackupRefusal ? err.message : `The backup failed: ${(err as Error).message}`);
  process.exit(err instanceof BackupRefusal ? 2 : 1);
}
