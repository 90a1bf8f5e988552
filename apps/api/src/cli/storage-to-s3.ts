import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../config';
import { copyLocalStore } from '../modules/files/storage-copy';
import { s3StorageFromConfig } from '../modules/files/storage-s3';

// Usage: S3_BUCKET=… S3_ENDPOINT=… npm run storage:to-s3 -w apps/api
// Copies DATA_DIR/files into the bucket of the S3_* settings (README "Deploy"); run it again to
// finish an interrupted copy. Exit 0 when every file is in the bucket.
const config = loadConfig();
const target = s3StorageFromConfig(config);
const root = resolve(config.DATA_DIR, 'files');
if (!target) {
  console.error(
    'Set S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, … for your store) to say where to copy to.',
  );
  process.exit(2);
}
if (!existsSync(root)) {
  console.error(`There is no local store at ${root} (DATA_DIR=${config.DATA_DIR}); nothing to copy.`);
  process.exit(2);
}
let last = Date.now();
const report = await copyLocalStore(root, target, (key, done) => {
  if (Date.now() - last < 2000) return;
  last = Date.now();
  console.log(`… ${done.copied + done.skipped} files (${key})`);
});
console.log(
  `copied ${report.copied} files (${(report.bytes / 1024 / 1024).toFixed(1)} MB) into ${config.S3_BUCKET}; ${report.skipped} were already there`,
);
