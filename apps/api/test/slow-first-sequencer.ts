import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (15 s to a minute each on a two-core CI machine), longest first. On a
 * fresh checkout vitest knows no durations and starts the largest files first, so one of these could
 * start last and leave the other worker idle for its whole length. Keep it to the few slowest.
 */
const slowest = [
  'src/modules/calls/calls.crash.test.ts',
  'src/seed/demo.test.ts',
  'src/modules/health/fuzz.test.ts',
  'src/seed/demo-without-ffmpeg.test.ts',
  'src/modules/notifications/notifications.emails.test.ts',
  'src/modules/feeds/feeds.test.ts',
  'src/modules/subscriptions/subscriptions.test.ts',
  'src/modules/backup/backup.test.ts',
  'src/modules/media/media.test.ts',
  'src/modules/wallet/wallet.crash.test.ts',
];

/** Vitest's own order (failed first, then by the durations it remembers), with `slowest` in front. */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const i = slowest.findIndex((path) => file.moduleId.endsWith(path));
      return i === -1 ? slowest.length : i;
    };
    return ordered
      .map((file, i) => ({ file, i, rank: rank(file) }))
      .sort((a, b) => a.rank - b.rank || a.i - b.i)
      .map(({ file }) => file);
  }
}
