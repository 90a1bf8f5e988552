import { readFileSync } from 'node:fs';
import { geoDataFiles } from '../src/lib/geoip';

/**
 * An IPv4 address the bundled DB-IP data places in this country (the start of its first range of
 * at least 256 addresses), so tests keep working when `npm run geoip:refresh` moves ranges around.
 */
export function ipv4In(country: string): string {
  for (const line of readFileSync(geoDataFiles().ipv4, 'latin1').split('\n')) {
    const [start = '', end = '', code] = line.trim().split(',');
    if (code !== country) continue;
    const [a, b, c] = start.split('.').map(Number);
    const [ea, eb, ec] = end.split('.').map(Number);
    if (a === ea && b === eb && c === ec) continue;
    return start;
  }
  throw new Error(`The bundled geo data has no IPv4 range in ${country}.`);
}

/** The same for IPv6: the start of the country's first range. */
export function ipv6In(country: string): string {
  for (const line of readFileSync(geoDataFiles().ipv6, 'latin1').split('\n')) {
    const [start = '', , code] = line.trim().split(',');
    if (code === country) return start;
  }
  throw new Error(`The bundled geo data has no IPv6 range in ${country}.`);
}
