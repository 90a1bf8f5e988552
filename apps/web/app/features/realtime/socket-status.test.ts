import { describe, expect, it } from 'vitest';
import { socketOptions } from './socket-client';
import { failedAfterAttempts, nextStatus } from './socket-status';

describe('live connection status (spec section 4)', () => {
  it('goes connected → disconnect → reconnecting → connected', () => {
    let status = nextStatus('initialized', 'connect');
    expect(status).toBe('connected');
    status = nextStatus(status, 'disconnect');
    expect(status).toBe('disconnect');
    status = nextStatus(status, 'reconnect_attempt');
    expect(status).toBe('reconnecting');
    status = nextStatus(status, 'reconnect_error', 1);
    expect(status).toBe('reconnecting');
    expect(nextStatus(status, 'connect')).toBe('connected');
  });

  it('says failed after retries keep failing, and on errors, and recovers on connect', () => {
    expect(nextStatus('reconnecting', 'reconnect_error', failedAfterAttempts)).toBe('failed');
    expect(nextStatus('failed', 'reconnect_attempt')).toBe('failed');
    expect(nextStatus('connected', 'error')).toBe('failed');
    expect(nextStatus('reconnecting', 'reconnect_failed')).toBe('failed');
    expect(nextStatus('failed', 'connect')).toBe('connected');
  });

  it('uses the client settings of spec section 9', () => {
    expect(socketOptions).toMatchObject({
      transports: ['websocket', 'polling'],
      timeout: 20_000,
      reconnection: true,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
      reconnectionDelay: 1000,
      randomizationFactor: 0.5,
      reconnectionDelayMax: 5000,
      autoConnect: true,
    });
  });
});
