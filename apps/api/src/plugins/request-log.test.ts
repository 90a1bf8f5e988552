import { describe, expect, it } from 'vitest';
import { requestLogLevel } from './request-log';

describe('requestLogLevel', () => {
  it('logs built files of the web app at debug and everything else at info', () => {
    expect(requestLogLevel('/assets/entry-Ab12.js')).toBe('debug');
    expect(requestLogLevel('/assets/app.css?v=3')).toBe('debug');
    expect(requestLogLevel('/favicon.ico')).toBe('debug');
    expect(requestLogLevel('/api/files/public/avatars/a.webp')).toBe('info');
    expect(requestLogLevel('/api/users/me')).toBe('info');
    expect(requestLogLevel('/luna.rivers')).toBe('info');
    expect(requestLogLevel('/search?q=a.b')).toBe('info');
  });
});
