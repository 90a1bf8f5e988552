import type { TFeed, TMediaView } from '@fanstage/contract';
import { Badge, Button, Loader, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconChartBar,
  IconFileText,
  IconLock,
  IconMusic,
  IconPhoto,
  IconVideo,
} from '@tabler/icons-react';
import { type PointerEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatPrice, plural } from '../../lib/format';
import { lazyDialog } from '../../lib/lazy-dialog';
import { useLoginPath } from '../auth/use-login-path';
import { LockSubscribeButton } from '../content/lock-subscribe';
import { LazyUnlockDialog } from '../wallet/lazy-unlock-dialog';
import { CarouselArrows } from './carousel-arrows';
import { formatDuration, lockCallToAction } from './feed-format';
import classes from './post-media.module.css';

// The full-size view of a photo is downloaded on the first tap (lib/lazy-dialog.tsx).
const PostLightbox = lazyDialog(() => import('./post-lightbox').then((m) => m.PostLightbox));

/** Width over height of a media frame, kept between portrait 4:5 and wide 16:9. */
function frameRatio(file: TMediaView | undefined): number {
  if (!file?.width || !file.height) return 1;
  return Math.min(16 / 9, Math.max(4 / 5, file.width / file.height));
}

/** Photos one at a time: arrows, dots, swipe, arrow keys; a tap opens the photo full size. */
export function PhotoCarousel({ files, alt }: { files: TMediaView[]; alt: string }) {
  const [index, setIndex] = useState(0);
  const [lightboxOpen, lightbox] = useDisclosure(false);
  const start = useRef<{ x: number; id: number } | null>(null);
  const wasSwiped = useRef(false);
  const count = files.length;
  const go = (next: number) => setIndex(Math.min(count - 1, Math.max(0, next)));

  const handlePointerDown = (e: PointerEvent) => {
    start.current = { x: e.clientX, id: e.pointerId };
    wasSwiped.current = false;
  };
  const handlePointerUp = (e: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from || from.id !== e.pointerId) return;
    const dx = e.clientX - from.x;
    if (Math.abs(dx) > 40) {
      wasSwiped.current = true;
      go(index + (dx < 0 ? 1 : -1));
    }
  };

  return (
    <>
      <section
        className={classes.frame}
        style={{ aspectRatio: frameRatio(files[0]) }}
        aria-roledescription="carousel"
        aria-label={`${plural(count, 'photo')}`}
        onPointerDown={handlePointerDown}
        onPointerUp={handlePointerUp}
        onKeyDown={(e) => {
          if (e.key === 'ArrowLeft') go(index - 1);
          if (e.key === 'ArrowRight') go(index + 1);
        }}
      >
        <div className={classes.track} style={{ transform: `translateX(-${index * 100}%)` }}>
          {files.map((file, i) => (
            <button
              key={file._id}
              type="button"
              className={classes.slide}
              aria-label={`Open photo ${i + 1} of ${count}`}
              aria-hidden={i !== index}
              tabIndex={i === index ? 0 : -1}
              onClick={() => {
                if (!wasSwiped.current) lightbox.open();
              }}
            >
              <img
                src={file.urls?.feed ?? file.urls?.thumbnail ?? file.preview}
                alt={`${alt} (${i + 1}/${count})`}
                loading={i === 0 ? 'eager' : 'lazy'}
                draggable={false}
              />
            </button>
          ))}
        </div>
        {count > 1 ? (
          <>
            <Badge className={classes.counter} color="dark" variant="filled" radius="sm">
              {index + 1} / {count}
            </Badge>
            <CarouselArrows
              index={index}
              count={count}
              noun="photo"
              go={go}
              classNames={{ arrow: classes.arrow, prev: classes.arrowPrev, next: classes.arrowNext }}
            />
            <div className={classes.dots}>
              {files.map((file, i) => (
                <button
                  key={file._id}
                  type="button"
                  className={`${classes.dot} ${i === index ? classes.dotActive : ''}`}
                  aria-label={`Show photo ${i + 1}`}
                  aria-current={i === index}
                  onClick={() => go(i)}
                />
              ))}
            </div>
          </>
        ) : null}
      </section>
      <PostLightbox
        opened={lightboxOpen}
        onClose={lightbox.close}
        files={files}
        index={index}
        onGo={go}
        alt={alt}
      />
    </>
  );
}

/** A video the viewer may watch; while it is processed or after it failed, says so (owner only sees those). */
export function VideoPlayer({ post, file }: { post: TFeed; file: TMediaView }) {
  if (post.status === 'failed' || file.status === 'failed') {
    return (
      <div className={classes.status} role="status">
        <IconAlertTriangle size={28} color="var(--mantine-color-red-6)" />
        <Text fw={600}>Video failed: {post.failureReason ?? 'it could not be processed.'}</Text>
        <Text size="sm" c="dimmed">
          Delete this post and upload the video again.
        </Text>
      </div>
    );
  }
  if (!file.urls?.video) return <ProcessingNotice label="video" />;
  const poster = file.urls.posters?.[0] ?? file.urls.thumbnail ?? post.thumbnail.url;
  return (
    // biome-ignore lint/a11y/useMediaCaption: creators upload their own videos; no captions exist.
    <video className={classes.video} src={file.urls.video} poster={poster} controls preload="metadata" />
  );
}

export function AudioPlayer({ file }: { file: TMediaView }) {
  if (file.status === 'failed') {
    return (
      <div className={classes.status} role="status">
        <IconAlertTriangle size={28} color="var(--mantine-color-red-6)" />
        <Text fw={600}>Audio failed: it could not be processed.</Text>
      </div>
    );
  }
  if (!file.urls?.audio) return <ProcessingNotice label="audio" />;
  return (
    // biome-ignore lint/a11y/useMediaCaption: creators upload their own audio; no captions exist.
    <audio src={file.urls.audio} controls preload="metadata" style={{ width: '100%' }} />
  );
}

function ProcessingNotice({ label }: { label: string }) {
  return (
    <div className={classes.status} role="status">
      <Loader size="sm" />
      <Text fw={600}>Processing {label}…</Text>
      <Text size="sm" c="dimmed">
        It appears here when it is ready. Fans see it once it is done.
      </Text>
    </div>
  );
}

/** What a locked post holds, in a few words: "3 photos", "Video · 1:24". */
function lockedFacts(post: TFeed): { icon: typeof IconPhoto; text: string } | null {
  const first = post.files[0];
  if (post.type === 'photo') return { icon: IconPhoto, text: plural(post.files.length, 'photo') };
  if (post.type === 'video')
    return { icon: IconVideo, text: first?.duration ? `Video · ${formatDuration(first.duration)}` : 'Video' };
  if (post.type === 'audio')
    return { icon: IconMusic, text: first?.duration ? `Audio · ${formatDuration(first.duration)}` : 'Audio' };
  return null;
}

/**
 * A locked post: only its blurred preview (a data: URI from the server) behind a lock and what
 * the viewer can do about it. It never asks for the media itself. A text or poll post has no
 * picture to blur, so it gets a plain locked card instead of a fake photo.
 */
export function LockedMedia({ post, monthlyPrice }: { post: TFeed; monthlyPrice?: number | null }) {
  const loginPath = useLoginPath();
  const [unlockOpen, unlock] = useDisclosure(false);
  const cta = lockCallToAction(post, monthlyPrice);
  const facts = lockedFacts(post);
  const preview = post.files.find((f) => f.preview)?.preview;
  const isWordsOnly = post.type === 'text' || post.type === 'poll';
  const isCompact = !preview && post.thumbnail.source === 'default';
  const FactsIcon = facts?.icon;

  const action =
    cta.kind === 'login' ? (
      <Button
        component={Link}
        to={loginPath}
        variant={isWordsOnly ? 'filled' : 'white'}
        color={isWordsOnly ? undefined : 'dark'}
        radius="xl"
      >
        {cta.action}
      </Button>
    ) : cta.kind === 'purchase' ? (
      <Button variant="gradient" radius="xl" onClick={unlock.open}>
        {cta.action}
      </Button>
    ) : cta.kind === 'subscribe' ? (
      <LockSubscribeButton performerId={post.performer._id} label={cta.action ?? 'Subscribe'} />
    ) : null;
  const dialog =
    cta.kind === 'purchase' ? (
      <LazyUnlockDialog
        opened={unlockOpen}
        onClose={unlock.close}
        type="feed"
        id={post._id}
        price={post.price}
      />
    ) : null;

  if (isWordsOnly) {
    const WordsIcon = post.type === 'poll' ? IconChartBar : IconFileText;
    return (
      <section className={classes.lockedWords} aria-label="Locked post">
        <div className={classes.lockedWordsIcon}>
          <IconLock size={22} />
        </div>
        <Text fw={700} fz="lg">
          {cta.title}
        </Text>
        <Text size="sm" c="dimmed" component="div">
          <WordsIcon size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
          {post.type === 'poll' ? 'A poll' : 'A text post'}
          {post.isSale && post.price > 0 ? ` · ${formatPrice(post.price)}` : ''}
        </Text>
        {action}
        {dialog}
      </section>
    );
  }

  return (
    <div
      className={`${classes.locked} ${isCompact ? classes.lockedCompact : ''}`}
      style={isCompact ? undefined : { aspectRatio: frameRatio(post.files[0]) }}
    >
      <img className={classes.lockedBackground} src={preview ?? post.thumbnail.url} alt="" aria-hidden />
      <div className={classes.lockedOverlay}>
        <div className={classes.lockIcon}>
          <IconLock size={26} />
        </div>
        <Text fw={700} fz="lg">
          {cta.title}
        </Text>
        {facts && FactsIcon ? (
          <Text size="sm" className={classes.lockedFacts} component="div">
            <FactsIcon size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
            {facts.text}
          </Text>
        ) : null}
        {action}
      </div>
      {dialog}
    </div>
  );
}
