import { resolve } from 'node:path';
import { migrateDatabase, openDatabase } from '@fanstage/db';
import { loadConfig } from '../config';
import { formatLedgerReport, reconcileLedger } from '../modules/wallet/wallet.reconcile';

// Usage: npm run reconcile -w apps/api   (exit 0: the ledger balances; 1: drift, listed above)
const config = loadConfig();
const db = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : resolve(config.DATA_DIR, 'db'),
});
await migrateDatabase(db);
const report = await reconcileLedger(db.db);
console.log(formatLedgerReport(report));
await db.close();
process.exit(report.ok ? 0 : 1);
