import type { AppContext } from '../../context';
import { processMediaFile, type TranscodeJob, transcodeJobName } from './media.service';

/** Registers the media workers; the queue runs them once it starts. */
export async function registerMediaJobs(ctx: AppContext): Promise<void> {
  await ctx.queue.work<TranscodeJob>(
    transcodeJobName,
    (data, job) => processMediaFile(ctx, { fileId: data.fileId, signal: job.signal }),
    // A two-gigabyte video can take a while; a retry is for crashes, not for bad files.
    { retryLimit: 2, expireInSeconds: 4 * 60 * 60 },
  );
}
