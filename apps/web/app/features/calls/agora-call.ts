import type { TAgoraToken } from '@fanstage/contract';
import type { IAgoraRTC, IAgoraRTCClient, ILocalTrack } from 'agora-rtc-sdk-ng';

/**
 * The Agora side of a call or private show (when the admin turned Agora on): both people join the
 * call's channel with a token from our API (`POST /streaming/agora/token` with the call's id), each
 * publishes camera and microphone, and each shows the other's uid. The channel is in "rtc" mode,
 * where everyone may publish. The SDK is large: it loads here, on first use, never with the page.
 */
export class AgoraCallSession {
  private client: IAgoraRTCClient | null = null;
  private tracks: ILocalTrack[] = [];
  private closed = false;
  /** The other person's video came (a stream to show) or went (null: show that it is awaited). */
  onPeer: ((stream: MediaStream | null) => void) | null = null;
  /** Called once when the channel dropped this page for a reason the page should show. */
  onEnded: ((reason: string) => void) | null = null;

  constructor(
    private token: TAgoraToken,
    /** The other person's uid in the channel (the call grant's `peerUid`); null: whoever else is there. */
    private readonly peerUid: number | null,
    private readonly loadSdk: () => Promise<IAgoraRTC> = async () =>
      (await import('agora-rtc-sdk-ng')).default,
  ) {}

  /** Only the call's two people get tokens for its channel, so anyone else there is the other one. */
  private isPeer(uid: string | number) {
    return this.peerUid === null ? uid !== this.token.uid : uid === this.peerUid;
  }

  /** A fresh token from our API, asked for before the one in use ends. */
  renew(token: TAgoraToken) {
    this.token = token;
    void this.client?.renewToken(token.token).catch(() => undefined);
  }

  /**
   * Joins the channel, shows the other person's tracks as they publish, and sends `camera` (null
   * when the camera was refused: this page still receives).
   */
  async start(camera: MediaStream | null): Promise<void> {
    const sdk = await this.loadSdk();
    if (this.closed) return;
    const client = sdk.createClient({ mode: 'rtc', codec: 'vp8' });
    this.client = client;
    const remote = new MediaStream();
    client.on('user-published', async (user, mediaType) => {
      if (!this.isPeer(user.uid) || this.closed) return;
      const track =
        mediaType === 'video'
          ? (await client.subscribe(user, 'video')).getMediaStreamTrack()
          : mediaType === 'audio'
            ? (await client.subscribe(user, 'audio')).getMediaStreamTrack()
            : null;
      if (!track) return;
      for (const old of remote.getTracks()) if (old.kind === track.kind) remote.removeTrack(old);
      remote.addTrack(track);
      if (track.kind === 'video') this.onPeer?.(remote);
    });
    client.on('user-unpublished', (user, mediaType) => {
      if (this.isPeer(user.uid) && mediaType === 'video' && !this.closed) this.onPeer?.(null);
    });
    client.on('user-left', (user) => {
      if (this.isPeer(user.uid) && !this.closed) this.onPeer?.(null);
    });
    client.on('connection-state-change', (state, _previous, reason) => {
      if (state === 'DISCONNECTED' && !this.closed) this.end(`The call's video ended (${reason ?? 'left'}).`);
    });
    await client.join(this.token.appId, this.token.channel, this.token.token, this.token.uid);
    if (!camera || this.closed) return;
    const [video] = camera.getVideoTracks();
    const [audio] = camera.getAudioTracks();
    this.tracks = [
      ...(video ? [sdk.createCustomVideoTrack({ mediaStreamTrack: video })] : []),
      ...(audio ? [sdk.createCustomAudioTrack({ mediaStreamTrack: audio })] : []),
    ];
    if (this.tracks.length > 0) await client.publish(this.tracks);
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
