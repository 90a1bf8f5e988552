import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Config } from '../../config';

export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
  /** Either tool is the 2018 build shipped in an npm package (a fresh machine's fallback). */
  isPackaged?: boolean;
}

const isExecutable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The binary inside an npm package, or null when that package or its platform build is absent. */
const packagedBinary = (name: string): string | null => {
  try {
    const found = createRequire(import.meta.url)(name) as { path?: string };
    return found.path && isExecutable(found.path) ? found.path : null;
  } catch {
    return null;
  }
};

let resolved: { key: string; tools: MediaTools } | null = null;

/**
 * Finds ffmpeg and ffprobe: the environment's override, then the system's (Debian keeps them
 * patched), then the copies shipped in npm packages so a fresh machine still works.
 */
export function resolveMediaTools(
  config: Pick<Config, 'FFMPEG_PATH' | 'FFPROBE_PATH'>,
  options: { systemDir?: string } = {},
): MediaTools {
  const systemDir = options.systemDir ?? '/usr/bin';
  const key = `${config.FFMPEG_PATH ?? ''}|${config.FFPROBE_PATH ?? ''}|${systemDir}`;
  if (resolved?.key === key) return resolved.tools;
  const packaged = {
    ffmpeg: packagedBinary('@ffmpeg-installer/ffmpeg'),
    ffprobe: packagedBinary('@ffprobe-installer/ffprobe'),
  };
  const pick = (override: string | undefined, name: 'ffmpeg' | 'ffprobe') => {
    if (override) return override;
    const system = join(systemDir, name);
    if (isExecutable(system)) return system;
    // Last resort: the bare name, so that the error says which program is missing.
    return packaged[name] ?? name;
  };
  const ffmpeg = pick(config.FFMPEG_PATH, 'ffmpeg');
  const ffprobe = pick(config.FFPROBE_PATH, 'ffprobe');
  const isPackaged = ffmpeg === packaged.ffmpeg || ffprobe === packaged.ffprobe;
  const tools = { ffmpeg, ffprobe, isPackaged };
  resolved = { key, tools };
  return tools;
}

/**
 * Why this server will not take video or audio uploads, or null when it will. In production the
 * npm fallback (a 2018 ffmpeg with years of unpatched parser bugs) never reads untrusted files;
 * it still serves a laptop's `npm start`, where the person uploading is the one running it.
 */
export function untrustedMediaRefusal(
  config: Pick<Config, 'FFMPEG_PATH' | 'FFPROBE_PATH' | 'NODE_ENV'>,
  options: { systemDir?: string } = {},
): string | null {
  if (config.NODE_ENV !== 'production') return null;
  if (!resolveMediaTools(config, options).isPackaged) return null;
  return 'Video and audio uploads need a system ffmpeg on the server (apt-get install ffmpeg, or FFMPEG_PATH and FFPROBE_PATH): the bundled 2018 build is not used for uploads in production.';
}

export class ToolError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

/**
 * Runs a binary with arguments (never through a shell) and collects its output. Only the tail
 * of stderr is kept: ffmpeg can write megabytes of warnings for a long, slightly broken file.
 */
export function runTool(
  bin: string,
  args: string[],
  options: { signal?: AbortSignal; timeoutMs?: number; onStdout?: (chunk: string) => void } = {},
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    let stdout = '';
    let stderr = '';
    const timer = options.timeoutMs
      ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs).unref()
      : undefined;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (options.onStdout) options.onStdout(chunk);
      else stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout, stderr });
      else reject(new ToolError(`${bin} ended with ${signal ?? `code ${code}`}`, stderr));
    });
  });
}

export interface ProbeResult {
  formatName: string;
  duration: number;
  video?: { codec: string; width: number; height: number };
  audio?: { codec: string };
}

interface RawStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

/** Reads a media file's streams and duration; throws when ffprobe cannot make sense of it. */
export async function probeMedia(
  tools: MediaTools,
  path: string,
  options: { signal?: AbortSignal } = {},
): Promise<ProbeResult> {
  const { stdout } = await runTool(
    tools.ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path],
    { signal: options.signal, timeoutMs: 60_000 },
  );
  const parsed = JSON.parse(stdout || '{}') as {
    format?: { format_name?: string; duration?: string };
    streams?: RawStream[];
  };
  const streams = parsed.streams ?? [];
  // Cover art in an audio file shows up as a one-frame "video" stream: it is not a video.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const durations = [parsed.format?.duration, video?.duration, audio?.duration]
    .map((d) => Number(d))
    .filter((d) => Number.isFinite(d) && d > 0);
  const result: ProbeResult = { formatName: parsed.format?.format_name ?? '', duration: durations[0] ?? 0 };
  if (video?.width && video.height) {
    const rotation = Math.abs(
      Number(
        video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0,
      ),
    );
    // ffmpeg applies the rotation when it decodes, so the picture people see is turned.
    const turned = rotation % 180 === 90;
    result.video = {
      codec: video.codec_name ?? '',
      width: turned ? video.height : video.width,
      height: turned ? video.width : video.height,
    };
  }
  if (audio) result.audio = { codec: audio.codec_name ?? '' };
  return result;
}
