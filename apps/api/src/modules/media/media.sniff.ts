import { open } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';

/** What the bytes say a file is; the name and the client's content type are never asked. */
export async function sniffFile(path: string): Promise<{ mime: string; ext: string } | undefined> {
  const handle = await open(path, 'r');
  try {
    // file-type needs at most the first 4100 bytes for every format we accept.
    const head = Buffer.alloc(4100);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return await fileTypeFromBuffer(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** MP4, MOV, M4A and 3GP are ISO base media files: a chain of sized boxes. */
export const isIsoMediaType = (mime: string) =>
  [
    'video/mp4',
    'video/quicktime',
    'video/x-m4v',
    'video/3gpp',
    'video/3gpp2',
    'audio/mp4',
    'audio/x-m4a',
  ].includes(mime);

/**
 * Whether the top-level boxes of an ISO media file run past its end. An upload cut short keeps
 * a valid header when the index sits at the front ("faststart"), so ffprobe still reads it; the
 * box sizes show the missing tail without reading the whole file.
 */
export async function isTruncatedIsoMedia(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(16);
    let offset = 0;
    // A real file has a handful of top-level boxes; the cap guards against crafted input.
    for (let boxes = 0; offset < size && boxes < 10_000; boxes++) {
      const { bytesRead } = await handle.read(header, 0, 16, offset);
      if (bytesRead < 8) return true;
      let boxSize = header.readUInt32BE(0);
      if (boxSize === 1) {
        if (bytesRead < 16) return true;
        boxSize = Number(header.readBigUInt64BE(8));
      } else if (boxSize === 0) {
        return false; // the last box runs to the end of the file by definition
      }
      if (boxSize < 8) return true;
      offset += boxSize;
    }
    return offset > size;
  } finally {
    await handle.close();
  }
}
