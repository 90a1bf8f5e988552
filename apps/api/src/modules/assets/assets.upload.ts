import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TAnyUploadKind } from '@fanstage/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import {
  interruptedUpload,
  type MultipartWatch,
  refuseUnstorablePart,
  truncatedUpload,
  watchMultipartBody,
} from '../../lib/uploads';
import type { TempUpload } from '../files/files.upload';
import { tempDirOf, uploadLimitOf } from '../media/media.service';

/** One file field a form may carry: its pipeline kind (for the size limit) and how many files. */
export interface FormFileField {
  kind: TAnyUploadKind | 'product-digital';
  maxCount: number;
}

/** A form read from a request: its text fields and its files, each streamed to a temp file. */
export interface ReceivedForm {
  fields: Record<string, unknown>;
  files: Record<string, TempUpload[]>;
  /** Removes every temp file left (safe after they were moved into storage). */
  removeAll(): Promise<void>;
}

const mb = 1024 * 1024;
/** Digital products are any file (a zip, a PDF, an e-book) up to this size. */
const digitalProductMaxBytes = 500 * mb;

const limitOf = (ctx: AppContext, kind: FormFileField['kind']) => {
  if (kind !== 'product-digital') return uploadLimitOf(ctx, kind);
  const cap = ctx.config.UPLOAD_MAX_MB ? Math.floor(ctx.config.UPLOAD_MAX_MB * mb) : Number.POSITIVE_INFINITY;
  const maxBytes = Math.min(digitalProductMaxBytes, cap);
  return {
    maxBytes,
    tooLargeMessage: `This file is too large; the limit is ${Math.round(maxBytes / mb)} MB.`,
  };
};

/** A pass-through that fails once more than maxBytes went through, so a big upload stops early. */
const byteLimit = (maxBytes: number, message: string) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(new AppError('PAYLOAD_TOO_LARGE', message));
      else done(null, chunk);
    },
  });
};

/**
 * Reads a write request that may be JSON or multipart. Multipart files are streamed to temp files
 * (never held in memory), each checked against its field's size limit; unknown file fields, too
 * many files and empty files are refused. On any refusal nothing is left on disk.
 */
export async function receiveForm(
  ctx: AppContext,
  request: FastifyRequest,
  options: { files: Record<string, FormFileField> },
): Promise<ReceivedForm> {
  const received: TempUpload[] = [];
  const files: Record<string, TempUpload[]> = {};
  const removeAll = async () => void (await Promise.all(received.map((f) => f.remove())));
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      throw new AppError('VALIDATION_FAILED', 'The request body must be a JSON object or a form.');
    }
    return { fields: (body as Record<string, unknown> | undefined) ?? {}, files, removeAll };
  }
  const specs = Object.entries(options.files).map(([field, spec]) => ({
    field,
    ...spec,
    ...limitOf(ctx, spec.kind),
  }));
  const fields: Record<string, unknown> = {};
  const tempDir = tempDirOf(ctx);
  await mkdir(tempDir, { recursive: true });
  let watch: MultipartWatch | undefined;
  try {
    const parts = request.parts({
      limits: {
        fileSize: Math.max(1, ...specs.map((s) => s.maxBytes)),
        files: specs.reduce((n, s) => n + s.maxCount, 0),
        fields: 40,
        fieldSize: 64 * 1024,
      },
    });
    watch = watchMultipartBody(request);
    for await (const part of parts) {
      refuseUnstorablePart(part.fieldname || 'field', part.fieldname);
      if (part.type !== 'file') {
        const value = String(part.value);
        refuseUnstorablePart(part.fieldname, value);
        fields[part.fieldname] = value;
        continue;
      }
      watch.track(part.file);
      refuseUnstorablePart(`${part.fieldname}.filename`, part.filename);
      const spec = specs.find((s) => s.field === part.fieldname);
      if (!spec) {
        part.file.resume();
        throw new AppError('VALIDATION_FAILED', `Unexpected file field "${part.fieldname}".`);
      }
      const list = files[spec.field] ?? [];
      files[spec.field] = list;
      if (list.length >= spec.maxCount) {
        part.file.resume();
        throw new AppError('VALIDATION_FAILED', `Send at most ${spec.maxCount} file(s) in "${spec.field}".`);
      }
      const path = join(tempDir, `upload-${randomUUID()}`);
      let size = 0;
      const upload: TempUpload = {
        path,
        size: 0,
        filename: part.filename.slice(0, 200),
        remove: () => rm(path, { force: true }),
      };
      received.push(upload);
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(
        part.file,
        byteLimit(spec.maxBytes, spec.tooLargeMessage),
        counter,
        createWriteStream(path),
      ).catch((err: NodeJS.ErrnoException) => {
        watch?.assertComplete();
        if (err instanceof AppError) throw err;
        if (err.syscall) throw err;
        throw interruptedUpload();
      });
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', spec.tooLargeMessage);
      if (size === 0) throw new AppError('VALIDATION_FAILED', `The file in "${spec.field}" is empty.`);
      upload.size = size;
      list.push(upload);
    }
    watch.assertComplete();
  } catch (err) {
    await removeAll();
    if (watch?.isTruncated) throw truncatedUpload();
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw new AppError('VALIDATION_FAILED', 'The upload has too many files.');
    throw err;
  }
  return { fields, files, removeAll };
}
