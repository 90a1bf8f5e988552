import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/*
 * IP address → ISO 3166-1 alpha-2 country, from DB-IP's free "IP to Country Lite" data (CC BY 4.0,
 * credited in the site footer) as shipped by the npm package @ip-location-db/dbip-country. Nothing is
 * fetched at run time: `npm run geoip:refresh -w apps/api` moves the package to its newest release.
 *
 * The CSV ranges are read once, on the first look-up, into sorted typed arrays: the start of each
 * range and the index of its country (0 = no country, for the gaps between ranges: private and
 * unallocated space). A look-up is a binary search for the last start at or below the address.
 * IPv4 starts are one 32-bit word, IPv6 starts four; about 7 MB for both, no object per range.
 */

/** One address family's table: `starts` has `words` 32-bit words per range. */
interface RangeTable {
  words: 1 | 4;
  starts: Uint32Array;
  codes: Uint16Array;
}

export interface GeoDatabase {
  /** The country code of an address, or null (unknown, private, reserved, or not an address). */
  countryOf(ip: string): string | null;
  /** Ranges held per family (each gap counts as one), for the refresh check and the load log. */
  readonly size: { ipv4: number; ipv6: number };
}

const packageDir = () =>
  dirname(createRequire(import.meta.url).resolve('@ip-location-db/dbip-country/package.json'));

/** The data files of the installed package (textual ranges: the IPv6 ones need no BigInt to read). */
export const geoDataFiles = () => ({
  ipv4: join(packageDir(), 'dbip-country-ipv4.csv'),
  ipv6: join(packageDir(), 'dbip-country-ipv6.csv'),
});

/** Parses dotted IPv4 into its 32-bit number, or null. */
export function parseIpv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const byte = Number(part);
    if (byte > 255) return null;
    value = value * 256 + byte;
  }
  return value;
}

/** Parses IPv6 (with `::` and a dotted IPv4 tail) into four 32-bit words, most significant first; or null. */
export function parseIpv6(text: string): [number, number, number, number] | null {
  let body = text;
  const zone = body.indexOf('%');
  if (zone !== -1) body = body.slice(0, zone);
  const groups: number[] = [];
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const readGroups = (part: string, allowIpv4Tail: boolean): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i] as string;
      if (allowIpv4Tail && i === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseIpv4(piece);
        if (v4 === null) return null;
        out.push(Math.floor(v4 / 65536), v4 % 65536);
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(piece)) return null;
        out.push(Number.parseInt(piece, 16));
      }
    }
    return out;
  };
  const head = readGroups(halves[0] as string, halves.length === 1);
  const tail = halves.length === 2 ? readGroups(halves[1] as string, true) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) {
    if (head.length !== 8) return null;
    groups.push(...head);
  } else {
    if (head.length + tail.length > 7) return null;
    groups.push(...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail);
  }
  const word = (i: number) => (groups[i] as number) * 65536 + (groups[i + 1] as number);
  return [word(0), word(2), word(4), word(6)];
}

/** -1, 0 or 1: the address at `index` of a table against `ip` (same number of words). */
function compareAt(starts: Uint32Array, words: number, index: number, ip: ArrayLike<number>): number {
  for (let w = 0; w < words; w++) {
    const a = starts[index * words + w] as number;
    const b = ip[w] as number;
    if (a !== b) return a < b ? -1 : 1;
  }
  return 0;
}

/** The index of the last range starting at or below `ip`, or -1 when it lies before the first. */
function findRange(table: RangeTable, ip: ArrayLike<number>): number {
  let low = 0;
  let high = table.codes.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (compareAt(table.starts, table.words, mid, ip) <= 0) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}

/** `words + 1` as a multi-word unsigned number, or null when it overflows (the last address). */
function increment(words: number[]): number[] | null {
  const next = [...words];
  for (let i = next.length - 1; i >= 0; i--) {
    if ((next[i] as number) < 0xffffffff) {
      next[i] = (next[i] as number) + 1;
      return next;
    }
    next[i] = 0;
  }
  return null;
}

const sameWords = (a: number[], b: number[]) => a.every((v, i) => v === b[i]);

/** Hex digit value of a character code, or -1. */
function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

/**
 * Reads one address of the CSV at `from` (up to a comma) into `out` (`words` 32-bit words) and
 * returns where it ended. Byte by byte, with no string per line: the files have 700,000 addresses,
 * and splitting them into strings took ten times as long. An address it cannot read (an IPv6 one
 * with a dotted tail, say) goes through the string parser.
 */
function readAddress(bytes: Buffer, from: number, words: 1 | 4, out: number[]): number {
  let end = from;
  while (end < bytes.length && bytes[end] !== 44 && bytes[end] !== 10) end++;
  if (words === 1) {
    let value = 0;
    let part = 0;
    let dots = 0;
    let digits = 0;
    for (let i = from; i < end; i++) {
      const c = bytes[i] as number;
      if (c === 46) {
        if (digits === 0 || part > 255) throw new Error('bad');
        value = value * 256 + part;
        part = 0;
        digits = 0;
        dots++;
      } else if (c >= 48 && c <= 57) {
        part = part * 10 + c - 48;
        digits++;
      } else throw new Error(`Unreadable geo address: ${bytes.toString('latin1', from, end)}`);
    }
    if (dots !== 3 || digits === 0 || part > 255) {
      throw new Error(`Unreadable geo address: ${bytes.toString('latin1', from, end)}`);
    }
    out[0] = value * 256 + part;
    return end;
  }
  const groups = [0, 0, 0, 0, 0, 0, 0, 0];
  let count = 0;
  let gapAt = -1;
  let group = 0;
  let digits = 0;
  let fallback = false;
  for (let i = from; i < end; i++) {
    const c = bytes[i] as number;
    if (c === 58) {
      if (digits > 0) {
        groups[count++] = group;
        group = 0;
        digits = 0;
      }
      if (bytes[i + 1] === 58) {
        if (gapAt !== -1) fallback = true;
        gapAt = count;
        i++;
      }
    } else {
      const h = hexValue(c);
      if (h === -1 || digits === 4 || count >= 8) {
        fallback = true;
        break;
      }
      group = group * 16 + h;
      digits++;
    }
  }
  if (!fallback && digits > 0) groups[count++] = group;
  if (!fallback && (gapAt === -1 ? count !== 8 : count > 7)) fallback = true;
  if (fallback) {
    const parsed = parseIpv6(bytes.toString('latin1', from, end));
    if (!parsed) throw new Error(`Unreadable geo address: ${bytes.toString('latin1', from, end)}`);
    out.splice(0, 4, ...parsed);
    return end;
  }
  if (gapAt !== -1) {
    const tail = count - gapAt;
    for (let k = 0; k < tail; k++) groups[7 - k] = groups[count - 1 - k] as number;
    for (let k = gapAt; k < 8 - tail; k++) groups[k] = 0;
  }
  for (let w = 0; w < 4; w++) out[w] = (groups[w * 2] as number) * 65536 + (groups[w * 2 + 1] as number);
  return end;
}

/**
 * Builds one family's table from CSV bytes (`start,end,CC` per line, ascending, not overlapping).
 * A gap between two ranges (and the space after the last) becomes a range with no country.
 */
function buildTable(bytes: Buffer, words: 1 | 4, countryIndex: (code: string) => number): RangeTable {
  let lineCount = 1;
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) lineCount++;
  const starts = new Uint32Array((lineCount * 2 + 2) * words);
  const codes = new Uint16Array(lineCount * 2 + 2);
  let count = 0;
  const push = (start: number[], code: number) => {
    starts.set(start, count * words);
    codes[count] = code;
    count++;
  };
  const start = new Array<number>(words).fill(0);
  const end = new Array<number>(words).fill(0);
  let expected: number[] | null = new Array<number>(words).fill(0);
  let position = 0;
  while (position < bytes.length) {
    if (bytes[position] === 10 || bytes[position] === 13) {
      position++;
      continue;
    }
    position = readAddress(bytes, position, words, start) + 1;
    position = readAddress(bytes, position, words, end) + 1;
    const code = bytes.toString('latin1', position, position + 2);
    if (!/^[A-Z]{2}$/.test(code)) throw new Error(`Unreadable geo country at byte ${position}: ${code}`);
    position += 2;
    if (expected && !sameWords(start, expected)) push(expected, 0);
    push(start, countryIndex(code));
    expected = increment(end);
  }
  if (expected) push(expected, 0);
  // Copies to the exact size, so the generous first guess is released.
  return { words, starts: starts.slice(0, count * words), codes: codes.slice(0, count) };
}

/** Loopback, private, link-local and similar addresses never belong to a country, whatever the data says. */
function isLocalIpv4(v: number): boolean {
  const first = Math.floor(v / 16777216);
  const second = Math.floor(v / 65536) % 256;
  return (
    first === 0 ||
    first === 10 ||
    first === 127 ||
    (first === 100 && second >= 64 && second < 128) ||
    (first === 169 && second === 254) ||
    (first === 172 && second >= 16 && second < 32) ||
    (first === 192 && second === 168) ||
    first >= 224
  );
}

/** Builds the look-up from the two CSV texts (tests give small ones). */
export function createGeoDatabase(csv: { ipv4: Buffer | string; ipv6: Buffer | string }): GeoDatabase {
  const codeList: string[] = [''];
  const codeIndex = new Map<string, number>();
  const countryIndex = (code: string) => {
    let index = codeIndex.get(code);
    if (index === undefined) {
      index = codeList.length;
      codeList.push(code);
      codeIndex.set(code, index);
    }
    return index;
  };
  const bytesOf = (csvText: Buffer | string) =>
    typeof csvText === 'string' ? Buffer.from(csvText, 'latin1') : csvText;
  const ipv4 = buildTable(bytesOf(csv.ipv4), 1, countryIndex);
  const ipv6 = buildTable(bytesOf(csv.ipv6), 4, countryIndex);
  const codeAt = (table: RangeTable, ip: ArrayLike<number>) => {
    const index = findRange(table, ip);
    return index === -1 ? null : codeList[table.codes[index] as number] || null;
  };
  const lookUpIpv4 = (v: number) => (isLocalIpv4(v) ? null : codeAt(ipv4, [v]));

  return {
    size: { ipv4: ipv4.codes.length, ipv6: ipv6.codes.length },
    countryOf(ip) {
      const v4 = parseIpv4(ip);
      if (v4 !== null) return lookUpIpv4(v4);
      const v6 = parseIpv6(ip);
      if (!v6) return null;
      const [w0, w1, w2, w3] = v6;
      // IPv4-mapped (::ffff:a.b.c.d), as a dual-stack socket reports IPv4 clients: the IPv4 table.
      if (w0 === 0 && w1 === 0 && w2 === 0xffff) return lookUpIpv4(w3);
      // Only global unicast (2000::/3) has owners; ::1, fc00::/7, fe80::/10 and the rest have none.
      if (w0 < 0x20000000 || w0 >= 0x40000000) return null;
      return codeAt(ipv6, v6);
    },
  };
}

let loading: Promise<GeoDatabase> | null = null;

/**
 * The bundled database, read on the first call and kept for the life of the process (about 0.3 s
 * and 7 MB; see README "Geo-blocking"). Concurrent first callers share one read.
 */
export function loadGeoDatabase(): Promise<GeoDatabase> {
  if (!loading) {
    const files = geoDataFiles();
    loading = Promise.all([readFile(files.ipv4), readFile(files.ipv6)]).then(([ipv4, ipv6]) =>
      createGeoDatabase({ ipv4, ipv6 }),
    );
    // A failed read may be retried by the next request instead of failing forever.
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}
