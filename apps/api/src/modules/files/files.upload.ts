import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { interruptedUpload, refuseUnstorablePart, watchMultipartBody } from '../../lib/uploads';

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
  // The folder exists before the part is read: nothing async between getting the file stream and
  // piping it, or the report of a body cut short could come with nobody listening.
  await mkdir(options.tempDir, { recursive: true });
  const reading = request.file({
    limits: { fileSize: options.maxBytes, files: 1, fields: 10, fieldSize: 64 * 1024 },
    // We check `truncated` ourselves, after the stream ends, to answer with the kind's limit.
    throwFileSizeLimit: false,
  });
  const watch = watchMultipartBody(request);
  const part = await reading.catch((err: unknown) => {
    watch.assertComplete();
    throw err;
  });
  if (!part) {
    watch.assertComplete();
    throw new AppError('VALIDATION_FAILED', 'Please choose a file to upload.');
  }
  watch.track(part.file);
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw new AppError('VALIDATION_FAILED', 'Send the file in the form field "file".');
  }
  refuseUnstorablePart('file.filename', part.filename);
  const path = join(options.tempDir, `upload-${randomUUID()}`);
  const remove = () => rm(path, { force: true });
  try {
    await pipeline(part.file, createWriteStream(path)).catch((err: NodeJS.ErrnoException) => {
      // A failing disk is ours (a 500, logged); a client that goes away mid-upload or a broken
      // multipart body is the request's fault.
      watch.assertComplete();
      if (err instanceof AppError) throw err;
      if (err.syscall) throw err;
      throw interruptedUpload();
    });
    watch.assertComplete();
    if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', options.tooLargeMessage);
    const { size } = await stat(path);
    if (size === 0) throw new AppError('VALIDATION_FAILED', 'The file is empty.');
    return { path, size, filename: part.filename.slice(0, 200), remove };
  } catch (err) {
    await remove();
    throw err;
  }
}
