import { openDatabase } from '@fanstage/db';
import { inMoneyTransaction } from './wallet.ledger';
import { chargeFan } from './wallet.service';

/*
 * Test helper process for wallet.crash.test.ts: charges a fan in a loop, one transaction per
 * charge, printing each commit, until the test kills it with SIGKILL mid-loop.
 * Usage: tsx wallet.crash-child.ts <postgres-url | pglite-dir> <fanId> <creatorId> <priceCents>
 */
const [target, fanId, performerId, price] = process.argv.slice(2);
if (!target || !fanId || !performerId || !price) {
  console.error('usage: wallet.crash-child.ts <url|dir> <fanId> <creatorId> <priceCents>');
  process.exit(2);
}
const db = await openDatabase(
  target.startsWith('postgres') ? { url: target, poolSize: 2 } : { dataDir: target },
);
for (let i = 1; ; i++) {
  await inMoneyTransaction({ db }, (tx) =>
    chargeFan(tx, {
      fanId,
      performerId,
      grossCents: Number(price),
      source: 'tip',
      sourceId: null,
      defaultCommissionRate: 0.2,
      now: new Date(),
    }),
  );
  console.log(`charged ${i}`);
}
