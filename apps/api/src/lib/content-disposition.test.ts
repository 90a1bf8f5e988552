import { describe, expect, it } from 'vitest';
import { attachmentDisposition, downloadFileName, safeFileName } from './content-disposition';

describe('downloadFileName', () => {
  it('names a download after its text with the extension of its type', () => {
    expect(downloadFileName({ base: 'Glossy Zine', extension: 'pdf', fallback: 'download' })).toBe(
      'Glossy Zine.pdf',
    );
    expect(downloadFileName({ base: 'Guide.PDF', extension: 'pdf', fallback: 'download' })).toBe('Guide.pdf');
    expect(downloadFileName({ base: '../../etc/passwd', extension: 'zip', fallback: 'download' })).toBe(
      'etc passwd.zip',
    );
    expect(downloadFileName({ base: ' ... ', extension: 'mp3', fallback: 'download' })).toBe('download.mp3');
    expect(downloadFileName({ base: 'Notes', extension: '', fallback: 'download' })).toBe('Notes');
  });
});

describe('safeFileName', () => {
  it('drops separators, quotes and controls, keeps letters of any script, and stops at 100 characters', () => {
    expect(safeFileName('a/b\\c:"d"\r\ne')).toBe('a b c d e');
    expect(safeFileName('Café — 東京')).toBe('Café — 東京');
    expect(Array.from(safeFileName('é'.repeat(300)))).toHaveLength(100);
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII name and the same name in RFC 5987 form', () => {
    expect(attachmentDisposition('Glossy Zine.pdf')).toBe(
      `attachment; filename="Glossy Zine.pdf"; filename*=UTF-8''Glossy%20Zine.pdf`,
    );
  });

  it('keeps non-ASCII letters in filename* and gives plain clients an ASCII stand-in', () => {
    expect(attachmentDisposition('Café (live).mp3')).toBe(
      `attachment; filename="Cafe (live).mp3"; filename*=UTF-8''Caf%C3%A9%20%28live%29.mp3`,
    );
    expect(attachmentDisposition('Журнал.pdf')).toBe(
      `attachment; filename="download.pdf"; filename*=UTF-8''%D0%96%D1%83%D1%80%D0%BD%D0%B0%D0%BB.pdf`,
    );
  });

  it('cannot be made to break the header with quotes or line breaks', () => {
    const header = attachmentDisposition('a"; filename=evil.exe\r\nSet-Cookie: x=1.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.match(/"/g)).toHaveLength(2);
  });
});
