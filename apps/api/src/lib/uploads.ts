import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { problemOfText } from './text-guard';

const mb = 1024 * 1024;

export interface UploadedFile {
  field: string;
  filename: string;
  buffer: Buffer;
}

/** The 400 of a multipart body that ended (or whose client left) before its closing boundary. */
export const truncatedUpload = () =>
  new AppError('VALIDATION_FAILED', 'The upload ended before it was complete.');

/** The 400 of an upload whose stream broke off for another reason. */
export const interruptedUpload = () =>
  new AppError('VALIDATION_FAILED', 'The upload was interrupted; please try again.');

/** Refuses a multipart field name, value or file name the database could not store (U+0000, …). */
export function refuseUnstorablePart(path: string, text: string): void {
  const message = problemOfText(text);
  if (message) throw new AppError('VALIDATION_FAILED', message, [{ path, message }]);
}

export interface MultipartWatch {
  /**
   * A file stream about to be read (call it right before piping): throws the 400 when the body is
   * already known to be cut short; later, the stream is destroyed with it.
   */
  track(stream: Readable): void;
  /** Throws the 400 when the body ended without its closing boundary. */
  assertComplete(): void;
  readonly isTruncated: boolean;
}

const boundaryOf = (contentType: string | undefined) =>
  /boundary=(?:"([^"]+)"|([^;\s]+))/i
    .exec(contentType ?? '')
    ?.slice(1)
    .find(Boolean) ?? null;

/**
 * Follows the raw body of a multipart request to learn whether it reached its closing boundary.
 * busboy reports a body cut short only by emitting 'error' on the open file stream; when nobody
 * listens yet (the route is still creating its temp file) that report is lost and the upload waits
 * forever with its file open. This watcher instead destroys every tracked file stream once the body
 * ends, or the client leaves, without the closing boundary, so whatever reads it fails at once.
 * Call it in the same synchronous block that starts reading the parts.
 */
export function watchMultipartBody(request: FastifyRequest): MultipartWatch {
  const raw = request.raw;
  const boundary = boundaryOf(request.headers['content-type']);
  // Dicer's closing delimiter is CRLF--boundary--; a body may also start with it (an empty form).
  const closing = Buffer.from(`\r\n--${boundary ?? ''}--`);
  const overlap = closing.length - 1;
  let tail = Buffer.from('\r\n');
  let sawClosing = false;
  let isTruncated = false;
  const streams = new Set<Readable>();

  const fail = () => {
    if (isTruncated || sawClosing) return;
    isTruncated = true;
    for (const stream of streams) if (!stream.destroyed) stream.destroy(truncatedUpload());
  };
  const onData = (chunk: Buffer) => {
    const seam = Buffer.concat([tail, chunk.subarray(0, overlap)]);
    if (seam.includes(closing) || chunk.includes(closing)) {
      sawClosing = true;
      raw.off('data', onData);
      return;
    }
    const joined = chunk.length >= overlap ? chunk : Buffer.concat([tail, chunk]);
    tail = Buffer.from(joined.subarray(Math.max(0, joined.length - overlap)));
  };
  if (boundary) raw.on('data', onData);
  raw.once('end', fail);
  raw.once('close', () => {
    if (!raw.complete) fail();
  });

  return {
    track: (stream) => {
      // Node's pipeline never settles on a stream destroyed after its last push and before 'end'
      // (what busboy leaves of a cut part), so such a stream is refused before anyone pipes it.
      if (isTruncated) throw truncatedUpload();
      if (stream.destroyed) throw interruptedUpload();
      streams.add(stream);
    },
    assertComplete: () => {
      if (isTruncated) throw truncatedUpload();
    },
    get isTruncated() {
      return isTruncated;
    },
  };
}

/** Reads a multipart body: its text fields and its files (each at most maxFileBytes). */
export async function readMultipart(
  request: FastifyRequest,
  options: { maxFileBytes: number; maxFiles: number; fileFields?: readonly string[] },
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA', 'This upload must be sent as multipart form data.');
  }
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const parts = request.parts({
    limits: { fileSize: options.maxFileBytes, files: options.maxFiles, fields: 40, fieldSize: 64 * 1024 },
  });
  const watch = watchMultipartBody(request);
  try {
    for await (const part of parts) {
      refuseUnstorablePart(part.fieldname || 'field', part.fieldname);
      if (part.type === 'file') {
        watch.track(part.file);
        if (options.fileFields && !options.fileFields.includes(part.fieldname)) {
          part.file.resume();
          throw new AppError('VALIDATION_FAILED', `Unexpected file field "${part.fieldname}".`);
        }
        refuseUnstorablePart(`${part.fieldname}.filename`, part.filename);
        const buffer = await part.toBuffer().catch((err: { code?: string }) => {
          if (err.code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError(
              'PAYLOAD_TOO_LARGE',
              `Each file must be at most ${Math.round(options.maxFileBytes / mb)} MB.`,
            );
          }
          throw err;
        });
        if (buffer.length === 0)
          throw new AppError('VALIDATION_FAILED', `The file "${part.fieldname}" is empty.`);
        files.push({ field: part.fieldname, filename: part.filename, buffer });
      } else {
        const value = String(part.value);
        refuseUnstorablePart(part.fieldname, value);
        fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    watch.assertComplete();
    throw err;
  }
  watch.assertComplete();
  return { fields, files };
}

/** Reads exactly one file from a multipart body. */
export async function readSingleFile(
  request: FastifyRequest,
  options: { maxFileBytes: number },
): Promise<UploadedFile> {
  const { files } = await readMultipart(request, { maxFileBytes: options.maxFileBytes, maxFiles: 1 });
  const file = files[0];
  if (!file) throw new AppError('VALIDATION_FAILED', 'Please choose a file to upload.');
  return file;
}

export const megabytes = (n: number) => n * mb;
