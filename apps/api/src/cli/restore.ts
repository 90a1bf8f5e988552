import { resolve } from 'node:path';
import { loadConfig } from '../config';
import { BackupRefusal, restoreSite } from '../modules/backup/backup';
import { createLocalStorage } from '../modules/files/storage';
import { s3StorageFromConfig } from '../modules/files/storage-s3';
import { formatLedgerReport } from '../modules/wallet/wallet.reconcile';

// Usage: npm run restore -w apps/api -- <folder>
// Restores a backup into the empty database of DATABASE_URL (or a new DATA_DIR/db) and the site's
// storage, then reconciles the ledger against the backup's figures.
// Exit 0: restored and the ledger matches; 1: failed, or the ledger does not match; 2: refused.
const args = process.argv.slice(2);
if (args.length !== 1 || args[0]?.startsWith('-')) {
  console.error('Usage: npm run restore -w apps/api -- <folder>   (a folder written by npm run backup)');
  process.exit(2);
}
const folder = resolve(args[0] as string);
const config = loadConfig();
const filesRoot = resolve(config.DATA_DIR, 'files');
const s3 = s3StorageFromConfig(config);
const storage = s3 ?? createLocalStorage(filesRoot);
let last = Date.now();
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
try {
  const result = await restoreSite({
    from: folder,
    storage,
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : resolve(config.DATA_DIR, 'db'),
    onFile: (key, done) => {
      if (Date.now() - last < 2000) return;
      last = Date.now();
      console.log(`… ${done.count} files (${key})`);
    },
  });
  const { manifest } = result;
  console.log(`Restored ${folder} (a ${manifest.engine} backup of ${manifest.createdAt})`);
  console.log('  database  restored and migrated');
  console.log(
    `  files     ${result.files.count} files, ${mb(result.files.bytes)} into ${s3 ? `bucket ${config.S3_BUCKET}` : filesRoot}`,
  );
  console.log(formatLedgerReport(result.ledger));
  for (const difference of result.differences) console.log(`  - ${difference}`);
  console.log(
    result.ok
      ? 'OK: the ledger balances and matches the backup.'
      : 'MISMATCH: the restored ledger does not match the backup (see above).',
  );
  process.exit(result.ok ? 0 : 1);
} catch (err) {
  console.error(err instanceof BackupRefusal ? err.message : `The restore failed: ${(err as Error).message}`);
  process.exit(err instanceof BackupRefusal ? 2 : 1);
}
