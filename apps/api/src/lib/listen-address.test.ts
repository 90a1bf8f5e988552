import { describe, expect, it } from 'vitest';
import { localUrlOf, readyMessage } from './listen-address';

describe('the ready line', () => {
  it('names the port the server really listens on, not the default public URL', () => {
    const line = readyMessage({
      address: { address: '0.0.0.0', family: 'IPv4', port: 18123 },
      publicUrl: 'http://localhost:8080',
      database: 'pglite',
    });
    expect(line).toBe(
      'Fanstage is ready at http://localhost:18123 (database: pglite; public URL http://localhost:8080)',
    );
  });

  it('says the public URL only once when it is the listening address', () => {
    expect(
      readyMessage({
        address: { address: '::', family: 'IPv6', port: 8080 },
        publicUrl: 'http://localhost:8080',
        database: 'postgres',
      }),
    ).toBe('Fanstage is ready at http://localhost:8080 (database: postgres)');
  });

  it('writes a specific host as given, IPv6 in brackets', () => {
    expect(localUrlOf({ address: '127.0.0.1', family: 'IPv4', port: 3000 })).toBe('http://127.0.0.1:3000');
    expect(localUrlOf({ address: '::1', family: 'IPv6', port: 3000 })).toBe('http://[::1]:3000');
  });
});
