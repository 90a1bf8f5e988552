import type { TLiveMediaGrant } from '@fanstage/contract';
import type { LiveMediaSession } from './media-session';

/** The sentence of the server when the mesh has no free seat (the page shows "room full"). */
export const showFullMessage = 'This show is full right now.';

/**
 * The client of the show's provider, downloaded when a viewer's video starts: the three clients
 * (Janus, peer to peer, Agora's loader) are about 3 KB that a show's public page does not need to paint.
 * The creator's studio and calls import media-session.ts directly.
 */
export const loadMediaSession = (grant: TLiveMediaGrant): Promise<LiveMediaSession> =>
  import('./media-session').then((m) => m.createMediaSession(grant));
