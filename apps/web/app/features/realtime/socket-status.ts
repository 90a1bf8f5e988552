import { create } from 'zustand';

/**
 * The live connection's status, exactly the states of spec section 4: `initialized` (created),
 * `connected`, `disconnect` (dropped), `reconnecting` (retrying), `failed` (an error, or retries that
 * keep failing). A failure shows no toast, only the small indicator.
 */
export type SocketStatus = 'initialized' | 'connected' | 'disconnect' | 'reconnecting' | 'failed';

interface SocketStatusState {
  status: SocketStatus;
  setStatus: (status: SocketStatus) => void;
}

export const useSocketStatus = create<SocketStatusState>((set) => ({
  status: 'initialized',
  setStatus: (status) => set({ status }),
}));

/** After this many failed retries in a row the indicator says the connection failed (it keeps retrying). */
export const failedAfterAttempts = 5;

/** The status after one manager or socket event, given the current one. */
export function nextStatus(
  current: SocketStatus,
  event: 'connect' | 'disconnect' | 'reconnect_attempt' | 'reconnect_error' | 'reconnect_failed' | 'error',
  attempt = 0,
): SocketStatus {
  switch (event) {
    case 'connect':
      return 'connected';
    case 'disconnect':
      return 'disconnect';
    case 'reconnect_attempt':
      return current === 'failed' ? 'failed' : 'reconnecting';
    case 'reconnect_error':
      return attempt >= failedAfterAttempts ? 'failed' : current;
    case 'reconnect_failed':
    case 'error':
      return 'failed';
  }
}
