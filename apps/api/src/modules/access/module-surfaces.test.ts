import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Module surfaces (STYLE habit 15): another module may import the wallet only through its public
 * surface, modules/wallet/index.ts (money by intent), never a wallet file (its ledger, repository,
 * commission split). Tests of other modules follow the same rule: what they need to set up balances
 * (grantWalletCredit, reconcileLedger, earningsBalance) is on the surface.
 */

const modulesDir = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const importSources = (text: string): string[] =>
  [...text.matchAll(/(?:from|import\(|import)\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);

describe('module surfaces', () => {
  it('lets other modules import the wallet only through modules/wallet/index.ts', () => {
    const offending: string[] = [];
    for (const file of sourceFiles(modulesDir)) {
      const path = relative(modulesDir, file);
      if (path.startsWith('wallet/')) continue;
      for (const source of importSources(readFileSync(file, 'utf8'))) {
        if (/(^|\/)wallet\/[^/]+$/.test(source) && /^\.\.?\//.test(source)) {
          offending.push(`${path} imports '${source}': import '../wallet' (the wallet's intents) instead`);
        }
      }
    }
    expect(offending).toEqual([]);
  });
});
