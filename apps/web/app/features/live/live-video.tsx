import type { TLiveMediaGrant } from '@fanstage/contract';
import { Alert, Box, Button, Group, Select, Skeleton, Text } from '@mantine/core';
import { IconAlertTriangle, IconVideoOff, IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { JanusSession } from './janus-client';
import classes from './live.module.css';
import { cameraProblem, useMediaGrant } from './live-api';
import { P2pSession, showFullMessage } from './p2p-client';

type MediaSession = JanusSession | P2pSession;

/** The client of the grant's provider: Janus on the server, or peer to peer from the creator's page. */
const openMediaSession = (grant: TLiveMediaGrant): MediaSession =>
  grant.provider === 'p2p' ? new P2pSession(grant) : new JanusSession(grant);

/** Keeps a running session on the newest tokens (Janus) or TURN credentials (peer to peer) the API renewed. */
function useFreshTokens(session: MediaSession | null, grant: TLiveMediaGrant | undefined) {
  useEffect(() => {
    if (session instanceof JanusSession && grant?.provider === 'janus') {
      session.setTokens({ token: grant.token, roomToken: grant.roomToken });
    } else if (session instanceof P2pSession && grant?.provider === 'p2p') {
      session.setIceServers(grant.iceServers);
    }
  }, [session, grant]);
}

/** The grant's refusal (422: no live video on this server) as a clear notice. */
function GrantProblem({ error, extra }: { error: unknown; extra?: string }) {
  if (errorMessage(error) === showFullMessage) {
    return (
      <Alert color="blue" icon={<IconVideoOff size={18} />} title="Room full">
        <Text size="sm">
          {showFullMessage} A seat frees up when another viewer leaves; try again in a moment.
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="yellow" icon={<IconVideoOff size={18} />} title="No live video here right now">
      <Text size="sm">{errorMessage(error)}</Text>
      {extra ? (
        <Text size="sm" mt={4}>
          {extra}
        </Text>
      ) : null}
    </Alert>
  );
}

/**
 * The creator's camera: a preview, a camera and microphone picker, and the feed published to the
 * show's room. Without media on the server, or without a camera, it says why; the show stays listed.
 */
export function LivePublisher({ sessionId, display }: { sessionId: string; display: string }) {
  const grant = useMediaGrant(sessionId, true);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState<string | null>(null);
  const [micId, setMicId] = useState<string | null>(null);
  const [janus, setJanus] = useState<MediaSession | null>(null);
  const [attempt, setAttempt] = useState(0);
  const hasGrant = !!grant.data;
  useFreshTokens(janus, grant.data);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a renewed grant must not restart the camera; attempt does.
  useEffect(() => {
    if (!hasGrant || !grant.data) return;
    const current = grant.data;
    let stream: MediaStream | null = null;
    let session: MediaSession | null = null;
    let isCancelled = false;
    setProblem(null);
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem('This browser cannot share a camera. Try a recent Chrome, Firefox or Safari.');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: cameraId ? { deviceId: { exact: cameraId } } : true,
          audio: micId ? { deviceId: { exact: micId } } : true,
        });
      } catch (error) {
        if (!isCancelled) setProblem(cameraProblem(error));
        return;
      }
      if (isCancelled) {
        for (const t of stream.getTracks()) t.stop();
        return;
      }
      if (videoRef.current) videoRef.current.srcObject = stream;
      void navigator.mediaDevices
        .enumerateDevices()
        .then((all) => !isCancelled && setDevices(all.filter((d) => d.deviceId)))
        .catch(() => undefined);
      session = openMediaSession(current);
      session.onEnded = (reason) => !isCancelled && setProblem(reason);
      setJanus(session);
      try {
        await session.publish(stream, display);
      } catch (error) {
        if (!isCancelled) setProblem(`Your video could not be sent: ${errorMessage(error)}`);
      }
    })();
    return () => {
      isCancelled = true;
      session?.close();
      setJanus(null);
      if (stream) for (const t of stream.getTracks()) t.stop();
    };
  }, [hasGrant, cameraId, micId, attempt, display]);

  if (grant.isPending) return <Skeleton className={classes.video} />;
  if (grant.isError)
    return (
      <GrantProblem
        error={grant.error}
        extra="Your show stays listed: subscribers see its title and price, and can join once video is back."
      />
    );

  const cameras = devices.filter((d) => d.kind === 'videoinput');
  const mics = devices.filter((d) => d.kind === 'audioinput');
  return (
    <Box>
      {problem ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Your camera is not live" mb="sm">
          <Text size="sm">{problem}</Text>
          <Text size="sm" mt={4}>
            Your show stays listed.
          </Text>
          <Button size="xs" variant="default" mt="sm" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        </Alert>
      ) : null}
      <video ref={videoRef} className={classes.video} autoPlay playsInline muted aria-label="Your camera" />
      {cameras.length > 1 || mics.length > 1 ? (
        <Group grow mt="sm" className={classes.pickers}>
          {cameras.length > 1 ? (
            <Select
              label="Camera"
              data={cameras.map((d, i) => ({ value: d.deviceId, label: d.label || `Camera ${i + 1}` }))}
              value={cameraId}
              onChange={setCameraId}
              allowDeselect={false}
            />
          ) : null}
          {mics.length > 1 ? (
            <Select
              label="Microphone"
              data={mics.map((d, i) => ({ value: d.deviceId, label: d.label || `Microphone ${i + 1}` }))}
              value={micId}
              onChange={setMicId}
              allowDeselect={false}
            />
          ) : null}
        </Group>
      ) : null}
    </Box>
  );
}

/** The show's video for an entitled viewer, muted until they unmute it (browsers block sound first). */
export function LiveWatcher({ sessionId, onEnded }: { sessionId: string; onEnded?: () => void }) {
  const grant = useMediaGrant(sessionId, true);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [isMuted, setMuted] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [janus, setJanus] = useState<MediaSession | null>(null);
  const [attempt, setAttempt] = useState(0);
  const hasGrant = !!grant.data;
  useFreshTokens(janus, grant.data);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a renewed grant must not restart the video; attempt does.
  useEffect(() => {
    if (!hasGrant || !grant.data) return;
    let isCancelled = false;
    const session = openMediaSession(grant.data);
    session.onEnded = (reason) => {
      if (isCancelled) return;
      setProblem(reason);
      onEnded?.();
    };
    setJanus(session);
    setProblem(null);
    session
      .watch()
      .then((stream) => {
        if (!isCancelled && videoRef.current) videoRef.current.srcObject = stream;
      })
      .catch((error: unknown) => {
        if (isCancelled) return;
        // Peer to peer answers with the server's sentence (the show is full); Janus has no feed yet.
        setProblem(
          session instanceof P2pSession ? errorMessage(error) : "The creator's video has not started yet.",
        );
      });
    return () => {
      isCancelled = true;
      session.close();
      setJanus(null);
    };
  }, [hasGrant, attempt]);

  if (grant.isPending) return <Skeleton className={classes.video} />;
  if (grant.isError) return <GrantProblem error={grant.error} />;
  return (
    <Box className={classes.player}>
      <video ref={videoRef} className={classes.video} autoPlay playsInline muted={isMuted} />
      {problem ? (
        <div className={classes.overlay}>
          <Text fw={600}>{problem}</Text>
          <Button size="xs" variant="white" color="dark" mt="sm" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        </div>
      ) : (
        <Button
          className={classes.unmute}
          size="xs"
          variant="white"
          color="dark"
          leftSection={isMuted ? <IconVolume size={14} /> : <IconVolumeOff size={14} />}
          onClick={() => setMuted((m) => !m)}
        >
          {isMuted ? 'Unmute' : 'Mute'}
        </Button>
      )}
    </Box>
  );
}
