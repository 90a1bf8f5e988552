import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';

/** An upload written to a temp file; `remove` is safe to call after the file was moved away. */
export interface TempUpload {
  path: string;
  size: number;
  filename: string;
  remove(): Promise<void>;
}

/**
 * Streams the multipart field `file` to a temp file, never holding it in memory, and stops at
 * maxBytes with a 413. Nothing is left behind when anything goes wrong.
 */
export async function receiveUpload(
  request: FastifyRequest,
  options: { tempDir: string; maxBytes: number; tooLargeMessage: string },
): Promise<TempUpload> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA', 'This upload must be sent as multipart form data.');
  }
  const part = await request.file({
    limits: { fileSize: options.maxBytes, files: 1, fields: 10, fieldSize: 64 * 1024 },
    // We check `truncated` ourselves, after the stream ends, to answer with the kind's limit.
    throwFileSizeLimit: false,
  });
  if (!part) throw new AppError('VALIDATION_FAILED', 'Please choose a file to upload.');
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw new AppError('VALIDATION_FAILED', 'Send the file in the form field "file".');
  }
  await mkdir(options.tempDir, { recursive: true });
  const path = join(options.tempDir, `upload-${randomUUID()}`);
  const remove = () => rm(path, { force: true });
  try {
    await pipeline(part.file, createWriteStream(path)).catch((err: NodeJS.ErrnoException) => {
      // A failing disk is ours (a 500, logged); a client that goes away mid-upload or a broken
      // multipart body is the request's fault.
      if (err.syscall) throw err;
      throw new AppError('VALIDATION_FAILED', 'The upload was interrupted; please try again.');
    });
    if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', options.tooLargeMessage);
    const { size } = await stat(path);
    if (size === 0) throw new AppError('VALIDATION_FAILED', 'The file is empty.');
    return { path, size, filename: part.filename.slice(0, 200), remove };
  } catch (err) {
    await remove();
    throw err;
  }
}
