import type { TGalleryDetail } from '@fanstage/contract';
import { Button, Group, SimpleGrid, Text } from '@mantine/core';
import { IconDownload, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useCurrentUser } from '../../features/auth/use-current-user';
import classes from '../../features/content/content.module.css';
import {
  absoluteImage,
  assetLock,
  metaDescription,
  pictureOf,
  shareCardMeta,
} from '../../features/content/content-format';
import { monthlyPriceOf } from '../../features/content/content-loader';
import {
  AccessBadge,
  bylineOf,
  ContentPageFrame,
  loadContentPage,
} from '../../features/content/content-page';
import { ContentTitle, LockPanel } from '../../features/content/content-ui';
import { LazyPhotoLightbox } from '../../features/content/lazy-photo-lightbox';
import { HiddenBadge } from '../../features/moderation/hidden-notice';
import { LazyModerateMenu } from '../../features/moderation/lazy-moderate-menu';
import { plural } from '../../lib/format';
import { siteNameOf } from '../../lib/meta';
import type { Route } from './+types/gallery';

/** A gallery: its photos for viewers with access, its lock (blurred cover, price) for the others. */
export async function loader(args: Route.LoaderArgs) {
  const { item: gallery, ...rest } = await loadContentPage<TGalleryDetail>(
    args,
    `/performer-assets/galleries/${encodeURIComponent(args.params.id)}`,
    'Gallery',
  );
  return { gallery, ...rest };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { gallery, creator, origin } = loaderData;
  const siteName = siteNameOf(matches);
  const by = bylineOf(creator);
  return shareCardMeta({
    title: `${gallery.title}${by} | ${siteName}`,
    description: metaDescription(
      gallery.description,
      `A gallery of ${plural(gallery.numPhotos, 'photo')}${by} on ${siteName}.`,
    ),
    url: `${origin}/gallery/${gallery._id}`,
    image:
      (gallery.isLocked ? null : absoluteImage(origin, pictureOf(gallery.cover))) ??
      absoluteImage(origin, creator?.avatar),
  });
};

export default function GalleryPage({ loaderData }: Route.ComponentProps) {
  const { gallery, creator } = loaderData;
  const user = useCurrentUser();
  const isLoggedIn = Boolean(user);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const photos = gallery.photos.map((p) => p.media);

  return (
    <ContentPageFrame kind="gallery" item={gallery} creator={creator} isLocked={gallery.isLocked} maw={960}>
      <ContentTitle aside={<AccessBadge item={gallery} />}>{gallery.title}</ContentTitle>
      <Group gap={6} c="dimmed">
        <IconPhoto size={16} />
        <Text size="sm">{plural(gallery.numPhotos, 'photo')}</Text>
      </Group>
      {gallery.description ? <Text className={classes.description}>{gallery.description}</Text> : null}

      {gallery.isLocked ? (
        <LockPanel
          lock={assetLock('gallery', gallery, {
            isLoggedIn,
            monthlyPrice: monthlyPriceOf(creator),
          })}
          background={gallery.cover?.preview ?? gallery.photos[0]?.media.preview ?? null}
          facts={plural(gallery.numPhotos, 'photo')}
          unlock={{ type: 'gallery', id: gallery._id, price: gallery.price }}
          creator={{ performerId: gallery.performerId, performer: creator }}
        />
      ) : photos.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No photos in this gallery yet.
        </Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="xs">
            {gallery.photos.map(({ _id, media, hidden }, i) => (
              <div key={media._id} className={classes.photoFrame} data-testid="gallery-photo">
                <button
                  type="button"
                  className={classes.photo}
                  aria-label={`Open photo ${i + 1} of ${photos.length}`}
                  onClick={() => setOpenIndex(i)}
                >
                  <img
                    src={media.urls?.thumbnail ?? media.urls?.feed ?? media.preview}
                    alt=""
                    loading="lazy"
                  />
                </button>
                {hidden || user?.isAdmin ? (
                  <div className={classes.photoMarks}>
                    <HiddenBadge hidden={hidden} />
                    {user?.isAdmin ? (
                      <div className={classes.photoMenu}>
                        <LazyModerateMenu
                          item={{ target: 'photo', id: _id }}
                          hidden={hidden}
                          look="overlay"
                          label={`Moderate photo ${i + 1} of ${photos.length}`}
                        />
                      </div>
                    ) : null}
                  </div>
                ) : null}
              </div>
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button
              component="a"
              href={`/api/performer-assets/galleries/${gallery._id}/download`}
              download
              variant="default"
              leftSection={<IconDownload size={16} />}
            >
              Download all (.zip)
            </Button>
          </Group>
          <LazyPhotoLightbox
            photos={photos}
            index={openIndex}
            onIndexChange={setOpenIndex}
            onClose={() => setOpenIndex(null)}
            alt={gallery.title}
          />
        </>
      )}
    </ContentPageFrame>
  );
}
