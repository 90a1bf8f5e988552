import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { passwordForWire } from './password-for-wire';
import { sha256Bytes, sha256Hex } from './sha256';

const nodeHex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const fallbackHex = (s: string) => Buffer.from(sha256Bytes(new TextEncoder().encode(s))).toString('hex');

describe('sha256', () => {
  it('matches the known digest of an empty string and "abc"', async () => {
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
  it('computes the same digest without Web Crypto, across block boundaries and for non-ASCII text', () => {
    for (const s of ['', 'abc', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(64), 'pässwörd🔑'.repeat(20)]) {
      expect(fallbackHex(s)).toBe(nodeHex(s));
    }
  });
  it('sends the password unchanged unless the site hashes passwords', async () => {
    expect(await passwordForWire('secret-pass', false)).toBe('secret-pass');
    expect(await passwordForWire('secret-pass', true)).toBe(nodeHex('secret-pass'));
  });
});
