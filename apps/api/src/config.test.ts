import { describe, expect, it } from 'vitest';
import { testConfig } from './config';

describe('TRUST_PROXY', () => {
  const trust = (value: string) => testConfig({ TRUST_PROXY: value }).TRUST_PROXY;

  it('is off unless set: the socket address is the client', () => {
    expect(testConfig().TRUST_PROXY).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
  });

  it('takes true, a hop count, or addresses, CIDRs and named ranges separated by commas', () => {
    expect(trust('true')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(trust(' 10.0.0.0/8, 2001:db8::/32 ,loopback')).toEqual([
      '10.0.0.0/8',
      '2001:db8::/32',
      'loopback',
    ]);
  });

  it('refuses anything else at start, naming the variable and the bad entry', () => {
    expect(() => trust('proxy.example.org')).toThrow(
      /TRUST_PROXY: "proxy.example.org" is not an address or CIDR/,
    );
    expect(() => trust('10.0.0.0/33')).toThrow(/TRUST_PROXY: "10.0.0.0\/33"/);
    expect(() => trust('10.0.0.1,,10.0.0.2')).toThrow(/TRUST_PROXY/);
    expect(() => trust('99')).toThrow(/TRUST_PROXY: "99"/);
  });
});

describe('PUBLIC_URL', () => {
  it('follows PORT when unset, so links and signed URLs point where the server listens', () => {
    expect(testConfig().PUBLIC_URL).toBe('http://localhost:8080');
    expect(testConfig({ PORT: '9000' }).PUBLIC_URL).toBe('http://localhost:9000');
    expect(testConfig({ PORT: '0' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(testConfig({ PORT: '9000', PUBLIC_URL: 'https://fans.example' }).PUBLIC_URL).toBe(
      'https://fans.example',
    );
  });
});
