import type { TLiveMediaGrant } from '@fanstage/contract';
import { AgoraSession } from './agora-client';
import { JanusSession } from './janus-client';
import { P2pSession } from './p2p-client';

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

class P2pMediaSession extends P2pSession implements LiveMediaSession {
  onConnection: ((state: RTCPeerConnectionState) => void) | null = null;

  renew(grant: TLiveMediaGrant) {
    if (grant.provider === 'p2p') this.setIceServers(grant.iceServers);
  }

  /** On air once the creator's page sits in the show's mesh; each viewer gets its own connection. */
  override async publish(stream: MediaStream, display?: string): Promise<void> {
    await super.publish(stream, display);
    this.onConnection?.('connected');
  }
}

/** The client of the provider the API chose for this show: our Janus, peer to peer, or Agora. */
export function createMediaSession(grant: TLiveMediaGrant): LiveMediaSession {
  if (grant.provider === 'agora') return new AgoraMediaSession(grant);
  if (grant.provider === 'p2p') return new P2pMediaSession(grant);
  return new JanusMediaSession({ ...grant, iceServers: grant.iceServers });
}
