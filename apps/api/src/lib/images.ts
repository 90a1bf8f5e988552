import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from './app-error';

const imageTypes = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/heic',
  'image/heif',
]);
/** Pixel-flood guard: refuse anything above ~50 megapixels before decoding it. */
const maxInputPixels = 50_000_000;

/** Checks the bytes (never the name) and answers 415 when they are not an image we accept. */
export async function assertImage(buffer: Buffer): Promise<string> {
  const type = await fileTypeFromBuffer(buffer);
  if (!type || !imageTypes.has(type.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA', 'Please upload an image (JPEG, PNG, WebP, GIF or AVIF).');
  }
  return type.mime;
}

export interface EncodedImage {
  buffer: Buffer;
  width: number;
  height: number;
}

/**
 * Re-encodes an uploaded image to WebP: metadata stripped, orientation applied, and anything
 * hidden after the image data dropped (so polyglot files do not survive).
 */
export async function reencodeImage(
  buffer: Buffer,
  options: { width: number; height?: number; fit?: 'cover' | 'inside'; quality?: number },
): Promise<EncodedImage> {
  await assertImage(buffer);
  try {
    const { data, info } = await sharp(buffer, { limitInputPixels: maxInputPixels, failOn: 'error' })
      .rotate()
      .resize({
        width: options.width,
        height: options.height,
        fit: options.fit ?? 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: options.quality ?? 82 })
      .toBuffer({ resolveWithObject: true });
    return { buffer: data, width: info.width, height: info.height };
  } catch (err) {
    const text = err instanceof Error ? err.message : '';
    if (text.includes('pixel limit')) {
      throw new AppError(
        'UNSUPPORTED_MEDIA',
        'This image is too large in pixels; please upload a smaller image.',
      );
    }
    throw new AppError('UNSUPPORTED_MEDIA', 'This image could not be read; it may be damaged.');
  }
}
