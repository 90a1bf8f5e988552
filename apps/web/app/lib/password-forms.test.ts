import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const app = join(import.meta.dirname, '..');

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (entry.name.endsWith('.tsx') && !entry.name.includes('.test.')) yield path;
  }
}

// Before a page's scripts have run (a slow phone), Enter in a form submits it the browser's way, and a
// form without a method sends its fields in the address: a password would end up in the history, the
// server's logs and any proxy's. Every form with a password field posts instead.
describe('forms with a password field', () => {
  const withPasswords = [...sources(app)].filter((f) => readFileSync(f, 'utf8').includes('<PasswordInput'));

  it('exist (the check looks at the right files)', () => {
    expect(withPasswords.length).toBeGreaterThanOrEqual(5);
  });

  it.each(withPasswords.map((f) => relative(app, f)))('%s: every <form> posts', (file) => {
    const source = readFileSync(join(app, file), 'utf8');
    const forms = source.match(/<form\b[^>]*/g) ?? [];
    expect(forms.length).toBeGreaterThan(0);
    for (const form of forms) expect(form).toContain('method="post"');
  });
});
