import type { AddressInfo } from 'node:net';

const wildcardHosts = new Set(['0.0.0.0', '::', '']);

/** The URL a person on this machine can open, from the address the server really listens on. */
export function localUrlOf(address: AddressInfo | string | null): string {
  if (address === null) return 'an unknown address';
  if (typeof address === 'string') return address;
  const host = wildcardHosts.has(address.address)
    ? 'localhost'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

/** The "ready" line: the real address, and the configured public URL when it is another one. */
export function readyMessage(options: {
  address: AddressInfo | string | null;
  publicUrl: string;
  database: string;
}): string {
  const local = localUrlOf(options.address);
  const publicOrigin = new URL(options.publicUrl).origin;
  const other = publicOrigin === local ? '' : `; public URL ${options.publicUrl}`;
  return `Fanstage is ready at ${local} (database: ${options.database}${other})`;
}
