import { type ComponentProps, lazy, Suspense } from 'react';
import { useWasOpened } from '../../lib/lazy-dialog';
import type { PhotoLightbox as Lightbox } from './photo-lightbox';

const PhotoLightbox = lazy(() => import('./photo-lightbox').then((m) => ({ default: m.PhotoLightbox })));

/** The photo lightbox, downloaded when a photo is first opened (lib/lazy-dialog.tsx says why). */
export function LazyPhotoLightbox(props: ComponentProps<typeof Lightbox>) {
  const wasOpened = useWasOpened(props.index !== null);
  if (!wasOpened) return null;
  return (
    <Suspense fallback={null}>
      <PhotoLightbox {...props} />
    </Suspense>
  );
}
