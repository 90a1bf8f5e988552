import type { TAgoraMediaGrant } from '@fanstage/contract';
import type { IAgoraRTC, IAgoraRTCClient, ILocalTrack } from 'agora-rtc-sdk-ng';

/**
 * One person's Agora channel for a show, with the same shape as JanusSession: the creator publishes
 * their camera, a viewer watches the creator's uid. The SDK is large and only used when the admin
 * turned Agora on, so it loads here, on first use, never with the page.
 */
export class AgoraSession {
  private client: IAgoraRTCClient | null = null;
  private tracks: ILocalTrack[] = [];
  private closed = false;
  /** Called once when the media ends for a reason the page should show. */
  onEnded: ((reason: string) => void) | null = null;
  onConnection: ((state: RTCPeerConnectionState) => void) | null = null;

  constructor(
    private grant: TAgoraMediaGrant,
    private readonly loadSdk: () => Promise<IAgoraRTC> = async () =>
      (await import('agora-rtc-sdk-ng')).default,
  ) {}

  /** A fresh token from our API (the grant is renewed before it ends). */
  renew(grant: TAgoraMediaGrant) {
    this.grant = grant;
    void this.client?.renewToken(grant.token).catch(() => undefined);
  }

  private async join(sdk: IAgoraRTC, role: 'host' | 'audience') {
    const client = sdk.createClient({ mode: 'live', codec: 'vp8', role });
    this.client = client;
    client.on('connection-state-change', (state, _previous, reason) => {
      if (state === 'DISCONNECTED' && !this.closed) this.end(`The live video ended (${reason ?? 'left'}).`);
    });
    await client.join(this.grant.appId, this.grant.channel, this.grant.token, this.grant.uid);
    return client;
  }

  async publish(stream: MediaStream): Promise<void> {
    const sdk = await this.loadSdk();
    const client = await this.join(sdk, 'host');
    const [video] = stream.getVideoTracks();
    const [audio] = stream.getAudioTracks();
    this.tracks = [
      ...(video ? [sdk.createCustomVideoTrack({ mediaStreamTrack: video })] : []),
      ...(audio ? [sdk.createCustomAudioTrack({ mediaStreamTrack: audio })] : []),
    ];
    await client.publish(this.tracks);
    this.onConnection?.('connected');
  }

  /** Resolves with the creator's video (and sound) once they publish in the channel. */
  async watch(): Promise<MediaStream> {
    const sdk = await this.loadSdk();
    const stream = new MediaStream();
    const client = await this.join(sdk, 'audience');
    return new Promise<MediaStream>((resolve) => {
      client.on('user-published', async (user, mediaType) => {
        if (user.uid !== this.grant.feedUid) return;
        if (mediaType === 'video') {
          stream.addTrack((await client.subscribe(user, 'video')).getMediaStreamTrack());
          resolve(stream);
        } else if (mediaType === 'audio') {
          stream.addTrack((await client.subscribe(user, 'audio')).getMediaStreamTrack());
        }
      });
      client.on('user-unpublished', (user) => {
        if (user.uid === this.grant.feedUid) this.end('The live video ended.');
      });
    });
  }

  private end(reason: string) {
    if (this.closed) return;
    this.close();
    this.onEnded?.(reason);
  }

  close() {
    this.closed = true;
    for (const track of this.tracks) track.close();
    this.tracks = [];
    void this.client?.leave().catch(() => undefined);
    this.client = null;
  }
}
