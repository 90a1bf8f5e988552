import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

const mb = 1024 * 1024;

export interface UploadedFile {
  field: string;
  filename: string;
  buffer: Buffer;
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
  for await (const part of parts) {
    if (part.type === 'file') {
      if (options.fileFields && !options.fileFields.includes(part.fieldname)) {
        part.file.resume();
        throw new AppError('VALIDATION_FAILED', `Unexpected file field "${part.fieldname}".`);
      }
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
      fields[part.fieldname] = String(part.value);
    }
  }
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
