import type { TCallMediaGrant, TLiveMediaGrant } from '@fanstage/contract';
import { Alert, Box, Button, SimpleGrid, Text } from '@mantine/core';
import { IconAlertTriangle, IconVideoOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import classes from '../live/live.module.css';
import { cameraProblem } from '../live/live-api';
import { createMediaSession, type LiveMediaSession } from '../live/media-session';

/** The grant without the call's `peer`, as the live media clients take it. */
function liveGrant(grant: TCallMediaGrant): TLiveMediaGrant {
  const { peer: _peer, ...rest } = grant;
  return rest as TLiveMediaGrant;
}

/** The same room, watching the other person's feed (Janus: two publishers, each subscribes to the other). */
function peerGrant(grant: TCallMediaGrant): TLiveMediaGrant | null {
  const own = liveGrant(grant);
  return own.provider === 'janus' ? { ...own, feed: grant.peer } : null;
}

/**
 * Both sides of a call or private show with media: this person's camera, published into the
 * two-party room, and the other person's video. Camera problems are explained; "Try again" restarts.
 */
export function CallVideo({
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
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [peerError, setPeerError] = useState<string | null>(null);
  const [sessions, setSessions] = useState<LiveMediaSession[]>([]);
  const [attempt, setAttempt] = useState(0);
  const watchGrant = peerGrant(grant);
  const canWatch = watchGrant !== null;

  // A renewed grant keeps both sessions on fresh tokens without restarting the camera.
  useEffect(() => {
    const own = liveGrant(grant);
    const [publisher, watcher] = sessions;
    publisher?.renew(own);
    const other = peerGrant(grant);
    if (watcher && other) watcher.renew(other);
  }, [sessions, grant]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a renewed grant must not restart the media; attempt does.
  useEffect(() => {
    if (!canWatch) return;
    let isCancelled = false;
    let stream: MediaStream | null = null;
    const publisher = createMediaSession(liveGrant(grant));
    const other = peerGrant(grant);
    const watcher = other ? createMediaSession(other) : null;
    setSessions(watcher ? [publisher, watcher] : [publisher]);
    setCameraError(null);
    setPeerError(null);
    publisher.onEnded = (reason) => !isCancelled && setCameraError(reason);
    if (watcher) {
      watcher.onEnded = (reason) => !isCancelled && setPeerError(reason);
      watcher
        .watch()
        .then((remote) => {
          if (!isCancelled && peerRef.current) peerRef.current.srcObject = remote;
        })
        .catch(() => !isCancelled && setPeerError(`${otherName}'s video has not started yet.`));
    }
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setCameraError('This browser cannot share a camera. Try a recent Chrome, Firefox or Safari.');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      } catch (error) {
        if (!isCancelled) setCameraError(cameraProblem(error));
        return;
      }
      if (isCancelled) {
        for (const t of stream.getTracks()) t.stop();
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
      watcher?.close();
      setSessions([]);
      if (stream) for (const t of stream.getTracks()) t.stop();
    };
  }, [attempt, canWatch, display, otherName]);

  const retry = (
    <Button size="xs" variant="default" mt="xs" onClick={() => setAttempt((n) => n + 1)}>
      Try again
    </Button>
  );
  if (!canWatch) {
    return (
      <Alert color="gray" icon={<IconVideoOff size={18} />} role="status">
        Two-way video works through this site's Janus video server only, which this server does not use; the
        timer and the billing go on.
      </Alert>
    );
  }
  return (
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
        {peerError ? (
          <Alert color="gray" icon={<IconVideoOff size={18} />} mt="xs">
            <Text size="sm">{peerError}</Text>
            {retry}
          </Alert>
        ) : null}
      </Box>
      <Box>
        <video ref={ownRef} className={classes.video} autoPlay playsInline muted aria-label="Your camera" />
        {cameraError ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Your camera is not live" mt="xs">
            <Text size="sm">{cameraError}</Text>
            {retry}
          </Alert>
        ) : null}
      </Box>
    </SimpleGrid>
  );
}
