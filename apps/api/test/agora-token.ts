import { createHmac, timingSafeEqual } from 'node:crypto';
import { inflateSync } from 'node:zlib';

/**
 * Reads an Agora AccessToken2 ("007" + base64 of a zlib-deflated buffer) as its format is
 * documented, independently of the agora-token package the API builds tokens with, and checks its
 * HMAC-SHA256 signature against the app certificate. Every number is little-endian; a string is a
 * uint16 length and its bytes; a privilege map is a uint16 count of (uint16 privilege, uint32 expire).
 */
export interface DecodedAgoraToken {
  appId: string;
  issueTs: number;
  /** Seconds after issueTs the whole token works. */
  expire: number;
  salt: number;
  rtc: { channel: string; uid: string; privileges: Record<number, number> } | null;
  isSignatureValid: boolean;
}

/** RTC privilege numbers of AccessToken2. */
export const agoraPrivileges = { join: 1, publishAudio: 2, publishVideo: 3, publishData: 4 } as const;

class Reader {
  private at = 0;
  constructor(private readonly buf: Buffer) {}
  u16() {
    const v = this.buf.readUInt16LE(this.at);
    this.at += 2;
    return v;
  }
  u32() {
    const v = this.buf.readUInt32LE(this.at);
    this.at += 4;
    return v;
  }
  bytes() {
    const length = this.u16();
    const v = this.buf.subarray(this.at, this.at + length);
    if (v.length !== length) throw new Error('the token ends inside a string');
    this.at += length;
    return v;
  }
  string() {
    return this.bytes().toString('utf8');
  }
  rest() {
    return this.buf.subarray(this.at);
  }
  get done() {
    return this.at >= this.buf.length;
  }
}

const u32le = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const hmac = (key: Buffer, message: Buffer | string) => createHmac('sha256', key).update(message).digest();

export function decodeAgoraToken(token: string, certificate: string): DecodedAgoraToken {
  if (!token.startsWith('007')) throw new Error(`not an AccessToken2: ${token.slice(0, 3)}`);
  const content = inflateSync(Buffer.from(token.slice(3), 'base64'));
  const outer = new Reader(content);
  const signature = outer.bytes();
  const signingInfo = outer.rest();

  const r = new Reader(signingInfo);
  const appId = r.string();
  const issueTs = r.u32();
  const expire = r.u32();
  const salt = r.u32();
  const services = r.u16();
  let rtc: DecodedAgoraToken['rtc'] = null;
  for (let i = 0; i < services; i++) {
    const type = r.u16();
    const privileges: Record<number, number> = {};
    const count = r.u16();
    for (let j = 0; j < count; j++) {
      const key = r.u16();
      privileges[key] = r.u32();
    }
    if (type !== 1) throw new Error(`unexpected service type ${type} in an RTC token`);
    rtc = { channel: r.string(), uid: r.string(), privileges };
  }
  if (!r.done) throw new Error('bytes left after the last service');

  const signing = hmac(u32le(salt), hmac(u32le(issueTs), certificate));
  const expected = hmac(signing, signingInfo);
  const isSignatureValid = expected.length === signature.length && timingSafeEqual(expected, signature);
  return { appId, issueTs, expire, salt, rtc, isSignatureValid };
}
