import { type MediaTools, runTool } from './media.ffmpeg';

/** Landscape pictures fit 1920 x 1080, portrait ones 1080 x 1920 ("1080p" either way up). */
export function fitVideoSize(width: number, height: number, longSide = 1920, shortSide = 1080) {
  const [boxW, boxH] = width >= height ? [longSide, shortSide] : [shortSide, longSide];
  const scale = Math.min(1, boxW / width, boxH / height);
  // H.264 in yuv420p needs even sizes.
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}

/** ffmpeg reports progress on stdout as `key=value` lines; out_time_us is the position reached. */
const progressReader = (durationSeconds: number, onProgress: (fraction: number) => void) => {
  let pending = '';
  return (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      // Older ffmpeg builds name it out_time_ms, though it also counts microseconds.
      const m = line.match(/^out_time_(?:us|ms)=(\d+)/);
      if (m && durationSeconds > 0) onProgress(Math.min(1, Number(m[1]) / 1e6 / durationSeconds));
    }
  };
};

const common = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];
// Metadata goes: phones write the place a video was shot into it.
const stripMetadata = ['-map_metadata', '-1', '-map_chapters', '-1', '-sn', '-dn'];

/** H.264/AAC MP4 at most 1080p, index at the front so players start before the download ends. */
export async function transcodeVideo(
  tools: MediaTools,
  options: {
    input: string;
    output: string;
    width: number;
    height: number;
    durationSeconds: number;
    signal: AbortSignal;
    onProgress: (fraction: number) => void;
  },
): Promise<{ width: number; height: number }> {
  const size = fitVideoSize(options.width, options.height);
  await runTool(
    tools.ffmpeg,
    [
      ...common,
      '-i',
      options.input,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      ...stripMetadata,
      '-vf',
      `scale=${size.width}:${size.height},format=yuv420p`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-ac',
      '2',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      '-progress',
      'pipe:1',
      '-nostats',
      options.output,
    ],
    { signal: options.signal, onStdout: progressReader(options.durationSeconds, options.onProgress) },
  );
  return size;
}

/** AAC in an M4A (MP4) container: plays in every browser. */
export async function transcodeAudio(
  tools: MediaTools,
  options: {
    input: string;
    output: string;
    durationSeconds: number;
    signal: AbortSignal;
    onProgress: (fraction: number) => void;
  },
): Promise<void> {
  await runTool(
    tools.ffmpeg,
    [
      ...common,
      '-i',
      options.input,
      '-map',
      '0:a:0',
      '-vn',
      ...stripMetadata,
      '-c:a',
      'aac',
      '-b:a',
      '160k',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      '-progress',
      'pipe:1',
      '-nostats',
      options.output,
    ],
    { signal: options.signal, onStdout: progressReader(options.durationSeconds, options.onProgress) },
  );
}

/** One frame at a time position, as PNG (sharp turns it into WebP). */
export async function extractFrame(
  tools: MediaTools,
  options: { input: string; output: string; atSeconds: number; signal: AbortSignal },
): Promise<void> {
  await runTool(
    tools.ffmpeg,
    [
      ...common,
      '-ss',
      options.atSeconds.toFixed(3),
      '-i',
      options.input,
      '-frames:v',
      '1',
      '-an',
      '-f',
      'image2',
      '-c:v',
      'png',
      options.output,
    ],
    { signal: options.signal, timeoutMs: 120_000 },
  );
}

/** A short clip (at most 720p) for viewers who have not paid: the teaser. */
export async function cutTeaser(
  tools: MediaTools,
  options: {
    input: string;
    output: string;
    width: number;
    height: number;
    startSeconds: number;
    lengthSeconds: number;
    signal: AbortSignal;
  },
): Promise<{ width: number; height: number }> {
  const size = fitVideoSize(options.width, options.height, 1280, 720);
  await runTool(
    tools.ffmpeg,
    [
      ...common,
      '-ss',
      options.startSeconds.toFixed(3),
      '-t',
      options.lengthSeconds.toFixed(3),
      '-i',
      options.input,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      ...stripMetadata,
      '-vf',
      `scale=${size.width}:${size.height},format=yuv420p`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '26',
      '-c:a',
      'aac',
      '-b:a',
      '96k',
      '-ac',
      '2',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      options.output,
    ],
    { signal: options.signal, timeoutMs: 10 * 60_000 },
  );
  return size;
}
