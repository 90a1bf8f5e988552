import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Prints the plain closing line CI reads: `<suite>: N passed, N failed`. */
export default class CountReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.retry < test.retries && result.status !== 'passed') return;
    if (result.status === 'passed') this.passed += 1;
    else if (result.status === 'skipped') this.skipped += 1;
    else this.failed += 1;
  }

  onEnd(result: FullResult) {
    if (result.status !== 'passed' && this.failed === 0) this.failed = 1;
    const suite = process.env.SUITE_NAME ?? 'browser';
    const skipped = this.skipped ? `, ${this.skipped} skipped` : '';
    process.stdout.write(`\n${suite}: ${this.passed} passed, ${this.failed} failed${skipped}\n`);
  }
}
