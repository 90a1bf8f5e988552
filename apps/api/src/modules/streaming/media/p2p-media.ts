import type { ServerEventName, ServerEventPayloads, TP2pMediaGrant } from '@fanstage/contract';
import { AppError } from '../../../lib/app-error';
import type { Actor } from '../../auth/sessions';
import { liveIceServers } from './ice-servers';
import type { LiveMedia, MediaEvent } from './live-media';

/** How long a grant's TURN credentials work; the page asks for a fresh grant 30 s before. */
const leaseMs = 5 * 60_000;

export const showFull = () => new AppError('CONFLICT', 'This show is full right now.');

/** One page in a show's mesh: the socket that signals for this person. */
export interface MeshMember {
  userId: string;
  socketId: string;
  /** Who the person was when they joined: the gate is asked again with it on every relay. */
  actor: Actor;
}

/** A public show (the creator sends to each viewer) or a call (two people send to each other). */
export type MeshKind = 'show' | 'call';

interface Mesh {
  kind: MeshKind;
  publisherId: string;
  publisher: MeshMember | null;
  viewers: Map<string, MeshMember>;
}

type Send = <K extends ServerEventName>(socketId: string, event: K, payload: ServerEventPayloads[K]) => void;

/**
 * Peer-to-peer live video: no media server, the creator's page holds one RTCPeerConnection per
 * viewer and the signalling goes through our socket (streaming.p2p.socket.ts). This keeps who is in
 * each show's mesh, on this node (peer to peer is the laptop mode, one node), and caps the viewers.
 * A call or private show is a mesh of kind `call`: its fan is the one "viewer", both pages send, and
 * its signalling passes the call's gate instead (calls/calls.p2p.socket.ts).
 */
export class P2pMedia implements LiveMedia {
  private readonly meshes = new Map<string, Mesh>();

  constructor(
    private readonly options: {
      maxViewers: number;
      stunUrl?: string;
      turnUrl?: string;
      turnSecret?: string;
      now: () => Date;
      /** Sends one event to one socket (on any node). */
      send: Send;
    },
  ) {}

  get maxViewers() {
    return this.options.maxViewers;
  }

  private meshOf(room: string, publisherId: string, kind: MeshKind = 'show'): Mesh {
    let mesh = this.meshes.get(room);
    if (!mesh) {
      mesh = { kind, publisherId, publisher: null, viewers: new Map() };
      this.meshes.set(room, mesh);
    }
    return mesh;
  }

  private assertSeat(mesh: Mesh, userId: string) {
    if (!mesh.viewers.has(userId) && mesh.viewers.size >= this.options.maxViewers) throw showFull();
  }

  /** A room with two publishers is a call: its creator makes the offer, its fan answers. */
  async openRoom(options: { room: string; publisherId: string; publishers?: number }) {
    this.meshOf(options.room, options.publisherId, (options.publishers ?? 1) > 1 ? 'call' : 'show');
  }

  async closeRoom(room: string) {
    const mesh = this.meshes.get(room);
    if (!mesh) return;
    this.meshes.delete(room);
    const reason = mesh.kind === 'call' ? 'The call has ended.' : 'The live show has ended.';
    for (const member of [mesh.publisher, ...mesh.viewers.values()]) {
      if (member) this.options.send(member.socketId, 'live/close', { sessionId: room, peerId: null, reason });
    }
  }

  async grant(options: Parameters<LiveMedia['grant']>[0]): Promise<TP2pMediaGrant> {
    // A show that outlived a restart of this node gets its mesh back here. A call's grant names the
    // asker as its feed, not the creator: its pair is made again when the first page enters.
    if ((options.publishers ?? 1) === 1) {
      const mesh = this.meshOf(options.room, options.feed);
      if (options.role === 'watch') this.assertSeat(mesh, options.userId);
    }
    const expiresAt = new Date(this.options.now().getTime() + leaseMs);
    return {
      provider: 'p2p',
      room: options.room,
      feed: options.feed,
      role: options.role,
      iceServers: liveIceServers({ ...this.options, userId: options.userId, expiresAt }),
      maxViewers: this.options.maxViewers,
      expiresAt: expiresAt.toISOString(),
    };
  }

  /**
   * A page enters the show's mesh (after the access gate said yes). The creator gets the viewers to
   * offer to; a viewer takes a seat (refused when full) and the creator's page is told to offer.
   */
  enter(options: { room: string; publisherId: string; member: MeshMember; kind?: MeshKind }): string[] {
    const mesh = this.meshOf(options.room, options.publisherId, options.kind);
    const { member } = options;
    const isCall = mesh.kind === 'call';
    if (member.userId === mesh.publisherId) {
      const previous = mesh.publisher;
      mesh.publisher = member;
      if (previous && previous.socketId !== member.socketId) {
        // The creator opened the studio in another tab: the new one sends from now on.
        this.options.send(previous.socketId, 'live/close', {
          sessionId: options.room,
          peerId: null,
          reason: isCall
            ? 'This call is open in another tab now.'
            : 'Your camera is live from another tab now.',
        });
      }
      return [...mesh.viewers.keys()];
    }
    // Only a call's fan passes its gate: a call has no seats to count.
    if (!isCall) this.assertSeat(mesh, member.userId);
    const previous = mesh.viewers.get(member.userId);
    if (previous && previous.socketId !== member.socketId) {
      this.options.send(previous.socketId, 'live/close', {
        sessionId: options.room,
        // A call's page waits for a creator who leaves, so the tab pushed out is told "everything".
        peerId: isCall ? null : mesh.publisherId,
        reason: isCall
          ? 'This call is open in another tab now.'
          : 'You are watching this show in another tab.',
      });
    }
    mesh.viewers.set(member.userId, member);
    if (mesh.publisher) {
      this.options.send(mesh.publisher.socketId, 'live/peer', {
        sessionId: options.room,
        peerId: member.userId,
      });
    }
    return [mesh.publisherId];
  }

  /** The member of the room's mesh signalling from this socket, if any. */
  memberAt(room: string, socketId: string): MeshMember | null {
    const mesh = this.meshes.get(room);
    if (!mesh) return null;
    if (mesh.publisher?.socketId === socketId) return mesh.publisher;
    for (const viewer of mesh.viewers.values()) if (viewer.socketId === socketId) return viewer;
    return null;
  }

  /** The other side a member may signal to: the creator, or one of the creator's viewers. */
  counterpart(room: string, from: MeshMember, to: string): MeshMember | null {
    const mesh = this.meshes.get(room);
    if (!mesh) return null;
    if (from.userId === mesh.publisherId) return mesh.viewers.get(to) ?? null;
    return to === mesh.publisherId ? mesh.publisher : null;
  }

  publisherOf(room: string): string | null {
    return this.meshes.get(room)?.publisherId ?? null;
  }

  kindOf(room: string): MeshKind | null {
    return this.meshes.get(room)?.kind ?? null;
  }

  /**
   * Takes one viewer out of the mesh and tells both pages to close their connection; the creator
   * leaving closes every viewer's connection. In a call the fan stays: their page waits for the
   * creator's to come back (a reload) and be offered to again. A member that is not there is fine.
   */
  remove(options: { room: string; userId: string; socketId?: string; reason: string }) {
    const mesh = this.meshes.get(options.room);
    if (!mesh) return;
    const { room, reason } = options;
    if (options.userId === mesh.publisherId) {
      const publisher = mesh.publisher;
      if (!publisher || (options.socketId && publisher.socketId !== options.socketId)) return;
      mesh.publisher = null;
      for (const viewer of mesh.viewers.values()) {
        this.options.send(viewer.socketId, 'live/close', {
          sessionId: room,
          peerId: mesh.publisherId,
          reason,
        });
      }
      if (mesh.kind === 'show') mesh.viewers.clear();
      return;
    }
    const viewer = mesh.viewers.get(options.userId);
    if (!viewer || (options.socketId && viewer.socketId !== options.socketId)) return;
    mesh.viewers.delete(options.userId);
    this.options.send(viewer.socketId, 'live/close', { sessionId: room, peerId: mesh.publisherId, reason });
    if (mesh.publisher) {
      this.options.send(mesh.publisher.socketId, 'live/close', {
        sessionId: room,
        peerId: viewer.userId,
        reason,
      });
    }
  }

  /** Every mesh a socket is in (its disconnect leaves them all). */
  roomsOf(socketId: string): { room: string; userId: string; kind: MeshKind }[] {
    const found: { room: string; userId: string; kind: MeshKind }[] = [];
    for (const [room, mesh] of this.meshes) {
      const member = this.memberAt(room, socketId);
      if (member) found.push({ room, userId: member.userId, kind: mesh.kind });
    }
    return found;
  }

  /** Every viewer seated in a show now, for the sweep that re-checks entitlements (calls end by their ticker). */
  seatedViewers(): { room: string; member: MeshMember }[] {
    return [...this.meshes]
      .filter(([, mesh]) => mesh.kind === 'show')
      .flatMap(([room, mesh]) => [...mesh.viewers.values()].map((member) => ({ room, member })));
  }

  proxyTarget() {
    return null;
  }

  /** No media server, so no Janus events: its route refuses every post. */
  eventsCredentials() {
    return null;
  }

  readEvents(): MediaEvent[] {
    return [];
  }

  onEvent(): () => void {
    return () => undefined;
  }

  async close() {
    this.meshes.clear();
  }
}
