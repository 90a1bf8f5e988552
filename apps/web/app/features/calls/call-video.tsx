import type { TAgoraToken, TCallMediaGrant, TLiveMediaGrant } from '@fanstage/contract';
import { Alert, Box, Button, SimpleGrid, Text } from '@mantine/core';
import { IconAlertTriangle, IconVideoOff } from '@tabler/icons-react';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import classes from '../live/live.module.css';
import { cameraProblem } from '../live/live-api';
import { createMediaSession, type LiveMediaSession } from '../live/media-session';
import { AgoraCallSession } from './agora-call';
import { useCallAgoraToken } from './calls-api';
import { P2pCallSession } from './p2p-call';

/** How long the page waits before looking again for the other person's feed (not published yet, or gone). */
export const peerRetryMs = 3000;

const waitingFor = (name: string) => `Waiting for ${name}'s video…`;

/** This person's camera and microphone, or the reason in plain words. */
async function openCamera(): Promise<{ stream: MediaStream } | { problem: string }> {
  if (!navigator.mediaDevices?.getUserMedia) {
    return { problem: 'This browser cannot share a camera. Try a recent Chrome, Firefox or Safari.' };
  }
  try {
    return { stream: await navigator.mediaDevices.getUserMedia({ video: true, audio: true }) };
  } catch (error) {
    return { problem: cameraProblem(error) };
  }
}

const stopTracks = (stream: MediaStream | null) => {
  if (stream) for (const t of stream.getTracks()) t.stop();
};

/** The two videos side by side: the other person's with what is awaited, this person's with its problem. */
function CallVideoGrid({
  peerRef,
  ownRef,
  otherName,
  peerNote,
  cameraError,
  onRetry,
  notice,
}: {
  peerRef: RefObject<HTMLVideoElement | null>;
  ownRef: RefObject<HTMLVideoElement | null>;
  otherName: string;
  peerNote: string | null;
  cameraError: string | null;
  onRetry: () => void;
  notice?: ReactNode;
}) {
  return (
    <Box>
      {notice}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Box>
          {/* biome-ignore lint/a11y/useMediaCaption: a live call has no captions to offer */}
          <video
            ref={peerRef}
            className={classes.video}
            autoPlay
            playsInline
            aria-label={`${otherName}'s video`}
          />
          {peerNote ? (
            <Text size="sm" c="dimmed" mt="xs" role="status">
              {peerNote}
            </Text>
          ) : null}
        </Box>
        <Box>
          <video ref={ownRef} className={classes.video} autoPlay playsInline muted aria-label="Your camera" />
          {cameraError ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Your camera is not live" mt="xs">
              <Text size="sm">{cameraError}</Text>
              <Button size="xs" variant="default" mt="xs" onClick={onRetry}>
                Try again
              </Button>
            </Alert>
          ) : null}
        </Box>
      </SimpleGrid>
    </Box>
  );
}

/**
 * Both sides of a call or private show with media: this person's camera sent to the other person,
 * and the other person's video. Janus carries them as two feeds of one room; peer to peer and Agora
 * as one connection or channel that both send into. Camera problems are explained, the other
 * person's video is still shown, and "Try again" restarts the camera.
 */
export function CallVideo({
  grant,
  callId,
  otherName,
  display,
}: {
  grant: TCallMediaGrant;
  callId: string;
  otherName: string;
  display: string;
}) {
  if (grant.provider === 'janus') {
    return <JanusCallVideo grant={grant} otherName={otherName} display={display} />;
  }
  return <DirectCallVideo grant={grant} callId={callId} otherName={otherName} />;
}

/** The grant without the call's own fields, as the live media clients take it. */
function liveGrant(grant: TCallMediaGrant): TLiveMediaGrant {
  const { peer: _peer, peerUid: _peerUid, ...rest } = grant;
  return rest as TLiveMediaGrant;
}

/** The same room, watching the other person's feed (two publishers, each subscribes to the other). */
function peerGrant(grant: TCallMediaGrant): TLiveMediaGrant {
  return { ...liveGrant(grant), feed: grant.peer } as TLiveMediaGrant;
}

/**
 * Janus: this person's camera published into the two-party room, and the other person's feed,
 * looked for again every few seconds until it comes (whoever joins first finds no feed yet).
 */
function JanusCallVideo({
  grant,
  otherName,
  display,
}: {
  grant: TCallMediaGrant;
  otherName: string;
  display: string;
}) {
  const ownRef = useRef<HTMLVideoElement>(null);
  const peerRef = useRef<HTMLVideoElement>(null);
  const publisherRef = useRef<LiveMediaSession | null>(null);
  const watcherRef = useRef<LiveMediaSession | null>(null);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [peerError, setPeerError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [peerAttempt, setPeerAttempt] = useState(0);

  // A renewed grant keeps both sessions on fresh tokens without restarting the camera.
  useEffect(() => {
    publisherRef.current?.renew(liveGrant(grant));
    watcherRef.current?.renew(peerGrant(grant));
  }, [grant]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a renewed grant must not restart the camera; attempt does.
  useEffect(() => {
    let isCancelled = false;
    let stream: MediaStream | null = null;
    const publisher = createMediaSession(liveGrant(grant));
    publisherRef.current = publisher;
    setCameraError(null);
    publisher.onEnded = (reason) => !isCancelled && setCameraError(reason);
    (async () => {
      const camera = await openCamera();
      if ('problem' in camera) {
        if (!isCancelled) setCameraError(camera.problem);
        return;
      }
      stream = camera.stream;
      if (isCancelled) {
        stopTracks(stream);
        return;
      }
      if (ownRef.current) ownRef.current.srcObject = stream;
      try {
        await publisher.publish(stream, display);
      } catch (error) {
        if (!isCancelled) setCameraError(`Your video could not be sent: ${errorMessage(error)}`);
      }
    })();
    return () => {
      isCancelled = true;
      publisher.close();
      publisherRef.current = null;
      stopTracks(stream);
    };
  }, [attempt, display]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a renewed grant must not restart the video; peerAttempt does.
  useEffect(() => {
    let isCancelled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const watcher = createMediaSession(peerGrant(grant));
    watcherRef.current = watcher;
    const lookAgain = (reason: string) => {
      if (isCancelled) return;
      setPeerError(reason);
      retry = setTimeout(() => setPeerAttempt((n) => n + 1), peerRetryMs);
    };
    watcher.onEnded = lookAgain;
    watcher
      .watch()
      .then((remote) => {
        if (isCancelled) return;
        setPeerError(null);
        if (peerRef.current) peerRef.current.srcObject = remote;
      })
      .catch(() => lookAgain(waitingFor(otherName)));
    return () => {
      isCancelled = true;
      clearTimeout(retry);
      watcher.close();
      watcherRef.current = null;
    };
  }, [peerAttempt, otherName]);

  return (
    <CallVideoGrid
      peerRef={peerRef}
      ownRef={ownRef}
      otherName={otherName}
      peerNote={peerError}
      cameraError={cameraError}
      onRetry={() => setAttempt((n) => n + 1)}
    />
  );
}

type DirectSession = P2pCallSession | AgoraCallSession;

/** The one session that both sends and receives: a peer-to-peer connection, or the Agora channel. */
function createDirectSession(grant: TCallMediaGrant, token: TAgoraToken | undefined): DirectSession | null {
  if (grant.provider === 'p2p') {
    return new P2pCallSession({ room: grant.room, peer: grant.peer, iceServers: grant.iceServers });
  }
  if (grant.provider === 'agora' && token) return new AgoraCallSession(token, grant.peerUid ?? null);
  return null;
}

/**
 * Peer to peer and Agora: one session sends this person's camera (or nothing, when it was refused)
 * and shows the other person's video whenever it comes, goes and comes back. Agora's token comes from
 * `POST /streaming/agora/token` and is renewed before it ends; peer to peer gets fresh TURN
 * credentials with each renewed grant.
 */
function DirectCallVideo({
  grant,
  callId,
  otherName,
}: {
  grant: TCallMediaGrant;
  callId: string;
  otherName: string;
}) {
  const isAgora = grant.provider === 'agora';
  const token = useCallAgoraToken(callId, isAgora);
  const ownRef = useRef<HTMLVideoElement>(null);
  const peerRef = useRef<HTMLVideoElement>(null);
  const sessionRef = useRef<DirectSession | null>(null);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [peerNote, setPeerNote] = useState<string | null>(waitingFor(otherName));
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const isReady = !isAgora || !!token.data;

  useEffect(() => {
    const session = sessionRef.current;
    if (session instanceof P2pCallSession && grant.provider === 'p2p')
      session.setIceServers(grant.iceServers);
  }, [grant]);
  useEffect(() => {
    const session = sessionRef.current;
    if (session instanceof AgoraCallSession && token.data) session.renew(token.data);
  }, [token.data]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: renewed grants and tokens must not restart the call's video; attempt does.
  useEffect(() => {
    if (!isReady) return;
    const session = createDirectSession(grant, token.data);
    if (!session) return;
    let isCancelled = false;
    let stream: MediaStream | null = null;
    sessionRef.current = session;
    setCameraError(null);
    setProblem(null);
    setPeerNote(waitingFor(otherName));
    session.onPeer = (remote) => {
      if (isCancelled) return;
      if (peerRef.current) peerRef.current.srcObject = remote;
      setPeerNote(remote ? null : waitingFor(otherName));
    };
    session.onEnded = (reason) => {
      if (isCancelled) return;
      setProblem(reason);
      setPeerNote(null);
    };
    (async () => {
      const camera = await openCamera();
      if (isCancelled) {
        if ('stream' in camera) stopTracks(camera.stream);
        return;
      }
      if ('problem' in camera) {
        // Without a camera this side still sees and hears the other person.
        setCameraError(camera.problem);
      } else {
        stream = camera.stream;
        if (ownRef.current) ownRef.current.srcObject = stream;
      }
      try {
        await session.start(stream);
      } catch (error) {
        if (!isCancelled) setProblem(`The call's video could not start: ${errorMessage(error)}`);
      }
    })();
    return () => {
      isCancelled = true;
      session.close();
      sessionRef.current = null;
      stopTracks(stream);
    };
  }, [isReady, attempt]);

  if (isAgora && token.isError) {
    return (
      <Alert color="gray" icon={<IconVideoOff size={18} />} role="status">
        {errorMessage(token.error)}
      </Alert>
    );
  }
  const retry = () => setAttempt((n) => n + 1);
  return (
    <CallVideoGrid
      peerRef={peerRef}
      ownRef={ownRef}
      otherName={otherName}
      peerNote={peerNote}
      cameraError={cameraError}
      onRetry={retry}
      notice={
        problem ? (
          <Alert color="orange" icon={<IconVideoOff size={18} />} title="The video stopped" mb="sm">
            <Text size="sm">{problem}</Text>
            <Button size="xs" variant="default" mt="xs" onClick={retry}>
              Try again
            </Button>
          </Alert>
        ) : null
      }
    />
  );
}
