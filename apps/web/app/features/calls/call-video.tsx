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

/** How long the page waits before looking again for the other person's feed (not published yet, or gone). */
export const peerRetryMs = 3000;

/**
 * Both sides of a call or private show with media: this person's camera, published into the
 * two-party room, and the other person's video, looked for again every few seconds until it comes
 * (whoever joins first finds no feed yet). Camera problems are explained; "Try again" restarts the camera.
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
  const publisherRef = useRef<LiveMediaSession | null>(null);
  const watcherRef = useRef<LiveMediaSession | null>(null);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [peerError, setPeerError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [peerAttempt, setPeerAttempt] = useState(0);
  const canWatch = peerGrant(grant) !== null;

  // A renewed grant keeps both sessions on fresh tokens without restarting the camera.
  useEffect(() => {
    publisherRef.current?.renew(liveGrant(grant));
    const other = peerGrant(grant);
    if (other) watcherRef.current?.renew(other);
  }, [grant]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a renewed grant must not restart the camera; attempt does.
  useEffect(() => {
    if (!canWatch) return;
    let isCancelled = false;
    let stream: MediaStream | null = null;
    const publisher = createMediaSession(liveGrant(grant));
    publisherRef.current = publisher;
    setCameraError(null);
    publisher.onEnded = (reason) => !isCancelled && setCameraError(reason);
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
      publisherRef.current = null;
      if (stream) for (const t of stream.getTracks()) t.stop();
    };
  }, [attempt, canWatch, display]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a renewed grant must not restart the video; peerAttempt does.
  useEffect(() => {
    const other = peerGrant(grant);
    if (!other) return;
    let isCancelled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const watcher = createMediaSession(other);
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
      .catch(() => lookAgain(`Waiting for ${otherName}'s video…`));
    return () => {
      isCancelled = true;
      clearTimeout(retry);
      watcher.close();
      watcherRef.current = null;
    };
  }, [peerAttempt, otherName]);

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
          <Text size="sm" c="dimmed" mt="xs" role="status">
            {peerError}
          </Text>
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
