import { appendFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the plain closing line CI reads: `<suite>: N passed, N failed`, then one line per failed
 * test (its file, its name and the first line of its error) and one per test that passed only on
 * its retry (CI gives each test one: vitest.config.ts). With CI_FAILURES_FILE set (scripts/test-all.mjs)
 * those lines are appended there too, so the run's closing summary repeats them where CI's log ends.
 */
export default class CountReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let skipped = 0;
    const failures: string[] = [];
    const flaky: string[] = [];
    for (const m of modules) {
      let failedHere = 0;
      for (const t of m.children.allTests()) {
        const result = t.result();
        if (result.state === 'passed') {
          passed += 1;
          if (t.diagnostic()?.flaky) flaky.push(`${m.moduleId.split('/src/').pop()} › ${t.fullName}`);
        } else if (result.state === 'failed') {
          failedHere += 1;
          failures.push(
            `${m.moduleId.split('/src/').pop()} › ${t.fullName}: ${firstLine(result.errors?.[0])}`,
          );
        } else skipped += 1;
      }
      // A file whose setup failed has no failed test of its own, but it failed.
      if (m.state() === 'failed' && failedHere === 0)
        failures.push(`${m.moduleId.split('/src/').pop()}: ${firstLine(m.errors()[0])}`);
    }
    for (const err of unhandledErrors) failures.push(`unhandled error: ${firstLine(err)}`);
    const suite = process.env.SUITE_NAME ?? 'tests';
    const lines = [
      ...failures.map((f) => `  failed in ${suite}: ${f}`),
      ...flaky.map((f) => `  flaky in ${suite} (failed, then passed on its retry): ${f}`),
    ];
    process.stdout.write(
      `\n${suite}: ${passed} passed, ${failures.length} failed${skipped ? `, ${skipped} skipped` : ''}\n${lines.map((l) => `${l}\n`).join('')}`,
    );
    if (process.env.CI_FAILURES_FILE && lines.length > 0)
      appendFileSync(process.env.CI_FAILURES_FILE, lines.map((l) => `${l}\n`).join(''));
  }
}

/** The first line of an error's message, at most 200 characters. */
function firstLine(err: unknown): string {
  const message =
    err && typeof err === 'object' && 'message' in err
      ? String((err as { message: unknown }).message)
      : String(err);
  return (message.split('\n').find((l) => l.trim() !== '') ?? '').trim().slice(0, 200);
}
