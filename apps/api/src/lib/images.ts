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

/** The image types a photo upload may be, for the sniffed MIME type of its bytes. */
export const isAcceptedImageType = (mime: string): boolean => imageTypes.has(mime);

/** One size of a re-encoded image: at most `width` wide, or inside a square of `box`. */
export interface ImageSize {
  name: string;
  width?: number;
  box?: number;
}

export interface ImageVariant extends EncodedImage {
  name: string;
}

const tooManyPixels = () =>
  new AppError('UNSUPPORTED_MEDIA', 'This image is too large in pixels; please upload a smaller image.');
const unreadableImage = () =>
  new AppError('UNSUPPORTED_MEDIA', 'This image could not be read; it may be damaged.');

/**
 * Checks an image's header before anything is decoded: a pixel flood (a small file that claims
 * 30000 x 30000 pixels) is refused here, without allocating the gigabytes it asks for.
 */
export async function assertDecodableImage(input: string | Buffer): Promise<void> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: maxInputPixels }).metadata();
  } catch (err) {
    throw (err instanceof Error ? err.message : '').includes('pixel limit')
      ? tooManyPixels()
      : unreadableImage();
  }
  if (!meta.width || !meta.height) throw unreadableImage();
  if (meta.width * meta.height > maxInputPixels) throw tooManyPixels();
}

/**
 * Re-encodes one image (a file path or bytes) into WebP sizes: metadata stripped, orientation
 * applied, never enlarged. Throws 415 for pixel floods and damaged images.
 */
export async function encodeImageSizes(input: string | Buffer, sizes: ImageSize[]): Promise<ImageVariant[]> {
  await assertDecodableImage(input);
  const source = sharp(input, { limitInputPixels: maxInputPixels, failOn: 'error' }).rotate();
  try {
    return await Promise.all(
      sizes.map(async (size) => {
        const { data, info } = await source
          .clone()
          .resize({
            width: size.box ?? size.width,
            height: size.box,
            fit: 'inside',
            withoutEnlargement: true,
          })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
        return { name: size.name, buffer: data, width: info.width, height: info.height };
      }),
    );
  } catch {
    throw unreadableImage();
  }
}

/**
 * A tiny, heavily blurred WebP as a data: URI (a few hundred bytes). Shown for locked items:
 * at 32 pixels and blurred it gives the colours of the picture and nothing else.
 */
export async function blurredPreview(input: string | Buffer): Promise<string> {
  // Lenient on purpose: a slightly damaged frame still gives the colours a blur needs.
  const data = await sharp(input, { limitInputPixels: maxInputPixels, failOn: 'none' })
    .rotate()
    .resize({ width: 32, height: 32, fit: 'inside' })
    .blur(3)
    .webp({ quality: 40 })
    .toBuffer();
  return `data:image/webp;base64,${data.toString('base64')}`;
}
