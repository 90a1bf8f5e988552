import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../context';
import type { TempUpload } from '../modules/files/files.upload';
import { resolveMediaTools, runTool } from '../modules/media/media.ffmpeg';
import { tempDirOf } from '../modules/media/media.service';

/**
 * Media files for the demo content, made on the spot: pictures by sharp (demo-images.ts), short
 * clips and melodies by ffmpeg's generators. Each lands in the upload temp dir as a TempUpload, so
 * it goes through the same pipeline as a creator's upload.
 */

async function tempUpload(ctx: AppContext, filename: string): Promise<TempUpload> {
  const dir = tempDirOf(ctx);
  await mkdir(dir, { recursive: true });
  const path = join(dir, `seed-${randomUUID()}-${filename}`);
  return { path, size: 0, filename, remove: () => rm(path, { force: true }) };
}

/** Bytes (a rendered picture) as an upload. */
export async function bytesUpload(ctx: AppContext, filename: string, bytes: Buffer): Promise<TempUpload> {
  const upload = await tempUpload(ctx, filename);
  await writeFile(upload.path, bytes);
  upload.size = bytes.length;
  return upload;
}

/**
 * The video generators of the demo clips (ffmpeg lavfi sources), each 640x360. Only generators that
 * the 2018 ffmpeg of the npm fallback has too (it lacks `gradients`, for one): demo-media.test.ts
 * renders each with both builds.
 */
export const videoSources = [
  'testsrc2=size=640x360:rate=24',
  'mandelbrot=size=640x360:rate=24',
  'life=size=640x360:rate=24:mold=10:life_color=#ff8a65:death_color=#1a1033:mold_color=#5e35b1',
  'cellauto=size=640x360:rate=24:rule=30',
] as const;

/** A few notes one after another, as an ffmpeg aevalsrc expression (a soft sine with a fade per note). */
function melodyExpression(notes: number[], noteSeconds: number): string {
  const pick = notes
    .map((f, i) => `${f}*between(t,${i * noteSeconds},${(i + 1) * noteSeconds - 0.001})`)
    .join('+');
  const envelope = `(1-mod(t,${noteSeconds})/${noteSeconds})`;
  // Commas inside a filter's arguments are escaped, or the filter graph would split there.
  return `0.25*${envelope}*sin(2*PI*(${pick})*t)`.replaceAll(',', '\\,');
}

/** Runs ffmpeg to make `upload`; on failure the half-written file goes too. */
async function render(ctx: AppContext, upload: TempUpload, args: string[]): Promise<TempUpload> {
  const { ffmpeg } = resolveMediaTools(ctx.config);
  try {
    await runTool(ffmpeg, [...args, upload.path], { timeoutMs: 60_000 });
    upload.size = (await stat(upload.path)).size;
    return upload;
  } catch (err) {
    await upload.remove();
    throw err;
  }
}

/** A short MP4 clip: one generator, a sine tone, H.264 + AAC. */
export async function videoUpload(
  ctx: AppContext,
  options: { filename: string; source: number; seconds: number; toneHz: number },
): Promise<TempUpload> {
  const source = videoSources[options.source % videoSources.length]!;
  return render(ctx, await tempUpload(ctx, options.filename), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-t', String(options.seconds), '-i', source],
    ...[
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${options.toneHz}:sample_rate=44100:duration=${options.seconds}`,
    ],
    ...['-vf', 'format=yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '30'],
    ...['-c:a', 'aac', '-b:a', '64k', '-af', 'volume=0.2', '-shortest', '-movflags', '+faststart'],
    ...['-f', 'mp4'],
  ]);
}

/** A short M4A melody from a list of note frequencies. */
export async function audioUpload(
  ctx: AppContext,
  options: { filename: string; notes: number[]; noteSeconds: number },
): Promise<TempUpload> {
  const seconds = options.notes.length * options.noteSeconds;
  return render(ctx, await tempUpload(ctx, options.filename), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...[
      '-f',
      'lavfi',
      '-i',
      `aevalsrc=${melodyExpression(options.notes, options.noteSeconds)}:s=44100:d=${seconds}`,
    ],
    ...['-c:a', 'aac', '-b:a', '96k', '-f', 'ipod'],
  ]);
}
