/*
 * File names for downloads. Browsers take the name from Content-Disposition; `filename` must be
 * ASCII, so the real name goes in `filename*` (RFC 6266 with the RFC 5987 encoding) and `filename`
 * carries an ASCII stand-in for the few clients that read only that.
 */

/** Characters no file system takes in a name (Windows is the strictest), and controls. */
const unsafeInName = /[\p{Cc}\p{Cf}<>:"/\\|?*]+/gu;

/** Longest name we hand out, in characters; file systems stop at 255 bytes. */
const maxNameLength = 100;

/**
 * A person's text (a product's name, an uploaded file's name) made fit to be a file name: no
 * path separators, quotes or control characters, no leading or trailing dots or spaces, at most
 * 100 characters. Letters of any script stay. Empty when nothing is left.
 */
export function safeFileName(name: string): string {
  return Array.from(
    name
      .normalize('NFC')
      .replace(unsafeInName, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s.]+|[\s.]+$/g, ''),
  )
    .slice(0, maxNameLength)
    .join('')
    .trim();
}

/** The ASCII stand-in: accents dropped ("Café" → "Cafe"), other letters gone; may be empty. */
function asciiFileName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\x20-\x7e]+/g, '')
    .replace(/["\\]+/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.-]+|[\s.-]+$/g, '');
}

/** RFC 5987 `value-chars`: what encodeURIComponent leaves, less the four RFC 5987 does not allow. */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** An extension is letters and digits ("pdf", "mp3"); anything else is no extension. */
const extensionPattern = /^[A-Za-z0-9]{1,10}$/;

/**
 * The name a download is saved under: a person's text as the base (or `fallback` when nothing of
 * it is left) and the extension of the file's type. A base that already ends in that extension
 * ("Guide.pdf") does not get it twice.
 */
export function downloadFileName(options: { base: string; extension: string; fallback: string }): string {
  const extension = extensionPattern.test(options.extension) ? options.extension.toLowerCase() : '';
  if (!extension) return safeFileName(options.base) || options.fallback;
  const base = safeFileName(options.base.replace(new RegExp(`\\.${extension}$`, 'i'), ''));
  return `${base || options.fallback}.${extension}`;
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…` for a file name. Non-ASCII letters survive in
 * `filename*`; `filename` gets the ASCII stand-in, or `download` with the same extension.
 */
export function attachmentDisposition(fileName: string): string {
  const name = safeFileName(fileName) || 'download';
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && extensionPattern.test(name.slice(dot + 1)) ? name.slice(dot) : '';
  const ascii = `${asciiFileName(extension ? name.slice(0, dot) : name) || 'download'}${extension}`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
