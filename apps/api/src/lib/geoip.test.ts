import { describe, expect, it } from 'vitest';
import { ipv4In, ipv6In } from '../../test/geo';
import { createGeoDatabase, loadGeoDatabase, parseIpv6 } from './geoip';

describe('geo database (small data)', () => {
  const db = createGeoDatabase({
    ipv4: ['1.0.0.0,1.0.0.255,AU', '1.0.1.0,1.0.3.255,CN', '5.0.0.0,5.0.0.255,DE', ''].join('\n'),
    ipv6: ['2001:db8::,2001:db8::ffff,FR', '2a01:4f8::,2a01:4f8:ffff:ffff:ffff:ffff:ffff:ffff,DE'].join('\n'),
  });

  it('finds the country of the first, middle and last address of a range', () => {
    expect(db.countryOf('1.0.0.0')).toBe('AU');
    expect(db.countryOf('1.0.2.17')).toBe('CN');
    expect(db.countryOf('1.0.3.255')).toBe('CN');
    expect(db.countryOf('5.0.0.128')).toBe('DE');
  });

  it('gives no country to addresses between ranges, before the first and after the last', () => {
    expect(db.countryOf('0.255.255.255')).toBeNull();
    expect(db.countryOf('1.0.4.0')).toBeNull();
    expect(db.countryOf('5.0.1.0')).toBeNull();
    expect(db.countryOf('2001:db8::1:0')).toBeNull();
    expect(db.countryOf('2a01:4f9::')).toBeNull();
  });

  it('reads IPv6 ranges whose bounds are not on a /64, and the compressed forms', () => {
    expect(db.countryOf('2001:db8::ffff')).toBe('FR');
    expect(db.countryOf('2001:0db8:0000:0000:0000:0000:0000:0001')).toBe('FR');
    expect(db.countryOf('2a01:4f8:c17:1::1')).toBe('DE');
  });

  it('looks up an IPv4-mapped IPv6 address (a dual-stack socket) in the IPv4 table', () => {
    expect(db.countryOf('::ffff:5.0.0.1')).toBe('DE');
    expect(db.countryOf('::ffff:0500:0001')).toBe('DE');
  });

  it('never gives a country to private, loopback, link-local or malformed addresses', () => {
    for (const ip of ['10.1.2.3', '127.0.0.1', '192.168.0.10', '172.16.5.4', '169.254.1.1', '100.64.0.1']) {
      expect(db.countryOf(ip)).toBeNull();
    }
    for (const ip of ['::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', '::ffff:10.0.0.1']) {
      expect(db.countryOf(ip)).toBeNull();
    }
    for (const ip of ['', 'localhost', '1.2.3', '1.2.3.256', '2001:db8:::1', '1:2:3:4:5:6:7:8:9']) {
      expect(db.countryOf(ip)).toBeNull();
    }
  });

  it('parses IPv6 with a zone, a gap and a dotted tail', () => {
    expect(parseIpv6('fe80::1%eth0')).toEqual([0xfe800000, 0, 0, 1]);
    expect(parseIpv6('::ffff:1.2.3.4')).toEqual([0, 0, 0xffff, 0x01020304]);
    expect(parseIpv6('1::')).toEqual([0x00010000, 0, 0, 0]);
    expect(parseIpv6('1:2:3:4:5:6:7')).toBeNull();
  });

  it('refuses data it cannot read instead of answering wrong countries', () => {
    expect(() => createGeoDatabase({ ipv4: '1.0.0.0,1.0.0.x,AU', ipv6: '' })).toThrow(/Unreadable/);
    expect(() => createGeoDatabase({ ipv4: '1.0.0.0,1.0.0.255,au', ipv6: '' })).toThrow(/Unreadable/);
  });
});

describe('the bundled DB-IP data', () => {
  it('loads once and places addresses of its own ranges in their countries, IPv4 and IPv6', async () => {
    const db = await loadGeoDatabase();
    expect(await loadGeoDatabase()).toBe(db);
    expect(db.size.ipv4).toBeGreaterThan(100_000);
    expect(db.size.ipv6).toBeGreaterThan(100_000);
    for (const country of ['DE', 'FR', 'US', 'JP', 'BR']) {
      expect(db.countryOf(ipv4In(country))).toBe(country);
      expect(db.countryOf(`::ffff:${ipv4In(country)}`)).toBe(country);
      expect(db.countryOf(ipv6In(country))).toBe(country);
    }
    expect(db.countryOf('192.168.1.1')).toBeNull();
    expect(db.countryOf('::1')).toBeNull();
  });
});
