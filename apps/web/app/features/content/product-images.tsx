import type { TMediaView } from '@fanstage/contract';
import { ActionIcon, Center } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconShoppingBag } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './content.module.css';
import { PhotoLightbox } from './photo-lightbox';

/** A product's images: one large with arrows, thumbnails below, a tap opens it full size. */
export function ProductImages({ images, alt }: { images: TMediaView[]; alt: string }) {
  const [index, setIndex] = useState(0);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const count = images.length;
  const current = images[index];
  if (!current) {
    return (
      <Center className={classes.carousel} c="dimmed">
        <IconShoppingBag size={48} stroke={1.4} aria-label="No image" />
      </Center>
    );
  }
  const go = (next: number) => setIndex(Math.min(count - 1, Math.max(0, next)));
  return (
    <div>
      <section
        className={classes.carousel}
        aria-roledescription="carousel"
        aria-label={`${count} product images`}
        onKeyDown={(e) => {
          if (e.key === 'ArrowLeft') go(index - 1);
          if (e.key === 'ArrowRight') go(index + 1);
        }}
      >
        <button
          type="button"
          className={classes.photo}
          style={{ aspectRatio: 'auto', height: '100%', cursor: 'zoom-in' }}
          aria-label={`Open image ${index + 1} of ${count}`}
          onClick={() => setOpenIndex(index)}
        >
          <img
            src={current.urls?.feed ?? current.urls?.thumbnail ?? current.preview}
            alt={`${alt} (${index + 1}/${count})`}
            style={{ objectFit: 'contain' }}
          />
        </button>
        {index > 0 ? (
          <ActionIcon
            className={`${classes.carouselArrow} ${classes.carouselPrev}`}
            variant="white"
            color="dark"
            radius="xl"
            size="lg"
            aria-label="Previous image"
            onClick={() => go(index - 1)}
          >
            <IconChevronLeft size={20} />
          </ActionIcon>
        ) : null}
        {index < count - 1 ? (
          <ActionIcon
            className={`${classes.carouselArrow} ${classes.carouselNext}`}
            variant="white"
            color="dark"
            radius="xl"
            size="lg"
            aria-label="Next image"
            onClick={() => go(index + 1)}
          >
            <IconChevronRight size={20} />
          </ActionIcon>
        ) : null}
      </section>
      {count > 1 ? (
        <div className={classes.thumbs} style={{ marginTop: 8 }}>
          {images.map((image, i) => (
            <button
              key={image._id}
              type="button"
              className={`${classes.thumb} ${i === index ? classes.thumbActive : ''}`}
              aria-label={`Show image ${i + 1}`}
              aria-current={i === index}
              onClick={() => setIndex(i)}
            >
              <img src={image.urls?.thumbnail ?? image.preview} alt="" loading="lazy" />
            </button>
          ))}
        </div>
      ) : null}
      <PhotoLightbox
        photos={images}
        index={openIndex}
        onIndexChange={(i) => {
          setOpenIndex(i);
          setIndex(i);
        }}
        onClose={() => setOpenIndex(null)}
        alt={alt}
      />
    </div>
  );
}
