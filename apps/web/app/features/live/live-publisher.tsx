import { Alert, Box, Button, Group, Select, Skeleton, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import classes from './live.module.css';
import { cameraProblem, useMediaGrant } from './live-api';
import { GrantProblem, useFreshTokens } from './live-video';
import { createMediaSession, type LiveMediaSession } from './media-session';

// Apart from the viewer's player (live-video.tsx): the camera and microphone pickers (Select, with
// its combobox and positioning code) are the creator's studio only, not a show's public page.

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
  const [janus, setJanus] = useState<LiveMediaSession | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [isOnAir, setOnAir] = useState(false);
  const hasGrant = !!grant.data;
  useFreshTokens(janus, grant.data);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a renewed grant must not restart the camera; attempt does.
  useEffect(() => {
    if (!hasGrant || !grant.data) return;
    const current = grant.data;
    let stream: MediaStream | null = null;
    let session: LiveMediaSession | null = null;
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
      session = createMediaSession(current);
      session.onEnded = (reason) => !isCancelled && setProblem(reason);
      session.onConnection = (state) => !isCancelled && setOnAir(state === 'connected');
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
      setOnAir(false);
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
      {problem ? null : (
        <Text size="sm" mt="xs" c={isOnAir ? 'teal' : 'dimmed'} role="status">
          {isOnAir ? 'Your camera is on air.' : 'Connecting your camera…'}
        </Text>
      )}
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
