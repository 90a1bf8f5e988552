import type { TLiveMediaGrant } from '@fanstage/contract';
import { AgoraSession } from './agora-client';
import { JanusSession } from './janus-client';

/** What the live pages need of a provider's client: publish or watch one feed, renew, close. */
export interface LiveMediaSession {
  publish(stream: MediaStream, display: string): Promise<void>;
  watch(): Promise<MediaStream>;
  /** The grant the API renewed: the session keeps working on its new token(s). */
  renew(grant: TLiveMediaGrant): void;
  close(): void;
  onEnded: ((reason: string) => void) | null;
  /** The published feed's connection: `connected` once the creator is on air. */
  onConnection: ((state: RTCPeerConnectionState) => void) | null;
}

class JanusMediaSession extends JanusSession implements LiveMediaSession {
  renew(grant: TLiveMediaGrant) {
    if (grant.provider === 'janus') this.setTokens({ token: grant.token, roomToken: grant.roomToken });
  }
}

class AgoraMediaSession extends AgoraSession implements LiveMediaSession {
  override renew(grant: TLiveMediaGrant) {
    if (grant.provider === 'agora') super.renew(grant);
  }
}

/** The client of the provider the API chose for this show (our Janus, or Agora when enabled). */
export function createMediaSession(grant: TLiveMediaGrant): LiveMediaSession {
  return grant.provider === 'agora'
    ? new AgoraMediaSession(grant)
    : new JanusMediaSession({ ...grant, iceServers: grant.iceServers });
}
