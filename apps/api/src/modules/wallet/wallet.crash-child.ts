import { openDatabase } from '@fanstage/db';
import { chargeInOneStatement } from './wallet.charge';

/*
 * Test helper process for wallet.crash.test.ts: tips a creator in a loop, one statement
 * (`wallet_charge`) per charge as the tip route does, printing each commit, until the test kills
 * it with SIGKILL mid-loop.
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
  await chargeInOneStatement(db.db, {
    actor: { id: fanId, role: 'user' },
    kind: 'tip',
    country: null,
    now: new Date(),
    defaultCommissionRate: 0.2,
    idempotency: null,
    performerId,
    amountCents: Number(price),
    reference: `tip:${performerId}`,
  });
  console.log(`charged ${i}`);
}
