import type { TGalleryDetail } from '@fanstage/contract';
import { Badge, Box, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useCurrentUser } from '../../features/auth/use-current-user';
import classes from '../../features/content/content.module.css';
import {
  absoluteImage,
  assetLock,
  metaDescription,
  pictureOf,
  reactionFactsOf,
  shareCardMeta,
} from '../../features/content/content-format';
import { loadCreator, loadItem, monthlyPriceOf } from '../../features/content/content-loader';
import {
  CommentsCard,
  ContentTitle,
  CreatorLine,
  LockPanel,
  ReactionBar,
} from '../../features/content/content-ui';
import { PhotoLightbox } from '../../features/content/photo-lightbox';
import { accessLabel } from '../../features/feed/feed-format';
import { ReportButton } from '../../features/reports/report-modal';
import { plural } from '../../lib/format';
import { siteNameOf } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import { publicOrigin, serverApi } from '../../lib/server-api';
import type { Route } from './+types/gallery';

/** A gallery: its photos for viewers with access, its lock (blurred cover, price) for the others. */
export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'public');
  const call = serverApi(args);
  const gallery = await loadItem<TGalleryDetail>(
    call,
    `/performer-assets/galleries/${encodeURIComponent(args.params.id)}`,
    'Gallery',
  );
  const creator = await loadCreator(call, gallery.performerId);
  return { gallery, creator, origin: publicOrigin(args) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { gallery, creator, origin } = loaderData;
  const siteName = siteNameOf(matches);
  const by = creator ? ` by ${creator.name}` : '';
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
  const isLoggedIn = Boolean(useCurrentUser());
  const facts = reactionFactsOf(gallery);
  const [commentsCount, setCommentsCount] = useState(facts.commentsCount);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const photos = gallery.photos.map((p) => p.media);
  const isPaid = gallery.isSale && gallery.price > 0;

  return (
    <Box maw={960} mx="auto">
      <Stack gap="lg">
        <Card>
          <Stack gap="md">
            {creator ? (
              <CreatorLine
                performer={creator}
                actions={
                  <ReportButton
                    target="gallery"
                    targetId={gallery._id}
                    ownerId={gallery.performerId}
                    isCompact
                  />
                }
              />
            ) : null}
            <ContentTitle
              aside={
                isPaid || gallery.isLocked ? (
                  <Badge
                    variant="light"
                    color={isPaid ? 'grape' : 'gray'}
                    size="lg"
                    style={{ flexShrink: 0 }}
                  >
                    {accessLabel(gallery)}
                  </Badge>
                ) : null
              }
            >
              {gallery.title}
            </ContentTitle>
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
              />
            ) : photos.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl">
                No photos in this gallery yet.
              </Text>
            ) : (
              <>
                <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="xs">
                  {photos.map((media, i) => (
                    <button
                      key={media._id}
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
                <PhotoLightbox
                  photos={photos}
                  index={openIndex}
                  onIndexChange={setOpenIndex}
                  onClose={() => setOpenIndex(null)}
                  alt={gallery.title}
                />
              </>
            )}
            <ReactionBar
              objectType="gallery"
              objectId={gallery._id}
              facts={facts}
              commentsCount={commentsCount}
            />
          </Stack>
        </Card>
        <CommentsCard
          target={{ objectType: 'gallery', objectId: gallery._id }}
          isLocked={gallery.isLocked}
          onCountChange={setCommentsCount}
        />
      </Stack>
    </Box>
  );
}
