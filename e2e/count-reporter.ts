import { appendFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints the plain closing line CI reads: `<suite>: N passed, N failed`, then one line per failed
 * journey (its file and line, its title and the first line of its error) and one per journey that
 * passed only on its retry (CI gives each journey one: playwright.config.ts). With CI_FAILURES_FILE set
 * (scripts/test-all.mjs) those lines are appended there too, so the run's closing summary repeats them.
 */
export default class CountReporter implements Reporter {
  private passed = 0;
  private skipped = 0;
  private failures: string[] = [];
  private flaky: string[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    // A failure with a retry still to come is not the journey's verdict (a skip is, at once).
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') return;
    const where = `${test.location.file.split('/').slice(-2).join('/')}:${test.location.line}`;
    if (result.status === 'passed') {
      this.passed += 1;
      if (result.retry > 0) this.flaky.push(`${where} › ${test.title}`);
    } else if (result.status === 'skipped') this.skipped += 1;
    else {
      const message = result.error?.message ?? result.status;
      // Playwright's messages carry terminal colours; the summary is plain text.
      const lines = stripVTControlCharacters(message).split('\n');
      const first = (lines.find((l) => l.trim() !== '') ?? '').trim().slice(0, 200);
      this.failures.push(`${where} › ${test.title}: ${first}`);
    }
  }

  onEnd(result: FullResult) {
    if (result.status !== 'passed' && this.failures.length === 0)
      this.failures.push(`the run ended ${result.status} before any journey failed`);
    const suite = process.env.SUITE_NAME ?? 'browser';
    const skipped = this.skipped ? `, ${this.skipped} skipped` : '';
    const lines = [
      ...this.failures.map((f) => `  failed in ${suite}: ${f}\n`),
      ...this.flaky.map((f) => `  flaky in ${suite} (failed, then passed on its retry): ${f}\n`),
    ].join('');
    process.stdout.write(
      `\n${suite}: ${this.passed} passed, ${this.failures.length} failed${skipped}\n${lines}`,
    );
    if (process.env.CI_FAILURES_FILE && lines) appendFileSync(process.env.CI_FAILURES_FILE, lines);
  }
}
