import type { TLiveMediaGrant } from '@fanstage/contract';
import { Alert, Box, Button, Skeleton, Text } from '@mantine/core';
import { IconVideoOff, IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import classes from './live.module.css';
import { useMediaGrant } from './live-api';
import { loadMediaSession, showFullMessage } from './live-media';
import type { LiveMediaSession } from './media-session';

/** Keeps a running media session on the newest tokens the API renewed. */
export function useFreshTokens(session: LiveMediaSession | null, grant: TLiveMediaGrant | undefined) {
  useEffect(() => {
    if (session && grant) session.renew(grant);
  }, [session, grant]);
}

/** The grant's refusal (422: no live video on this server) as a clear notice. */
export function GrantProblem({ error, extra }: { error: unknown; extra?: string }) {
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

/** The show's video for an entitled viewer, muted until they unmute it (browsers block sound first). */
export function LiveWatcher({ sessionId, onEnded }: { sessionId: string; onEnded?: () => void }) {
  const grant = useMediaGrant(sessionId, true);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [isMuted, setMuted] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [janus, setJanus] = useState<LiveMediaSession | null>(null);
  const [attempt, setAttempt] = useState(0);
  const hasGrant = !!grant.data;
  useFreshTokens(janus, grant.data);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a renewed grant must not restart the video; attempt does.
  useEffect(() => {
    if (!hasGrant || !grant.data) return;
    let isCancelled = false;
    let session: LiveMediaSession | null = null;
    const current = grant.data;
    setProblem(null);
    loadMediaSession(current)
      .then((created) => {
        if (isCancelled) return created.close();
        session = created;
        created.onEnded = (reason) => {
          if (isCancelled) return;
          setProblem(reason);
          onEnded?.();
        };
        setJanus(created);
        return created.watch().then((stream) => {
          if (!isCancelled && videoRef.current) videoRef.current.srcObject = stream;
        });
      })
      .catch((error: unknown) => {
        if (isCancelled) return;
        // Peer to peer answers with the server's sentence (the show is full); Janus has no feed yet;
        // a client that could not be downloaded says so.
        setProblem(
          !session
            ? `The video player could not be loaded: ${errorMessage(error)}`
            : current.provider === 'p2p'
              ? errorMessage(error)
              : "The creator's video has not started yet.",
        );
      });
    return () => {
      isCancelled = true;
      session?.close();
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
