import type { TMediaView } from '@fanstage/contract';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { CarouselArrows } from '../feed/carousel-arrows';
import classes from './content.module.css';
import { LazyPhotoLightbox } from './lazy-photo-lightbox';

/** A product's images: one large with arrows, thumbnails below, a tap opens it full size. */
export function ProductImages({ images, alt }: { images: TMediaView[]; alt: string }) {
  const [index, setIndex] = useState(0);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const count = images.length;
  const current = images[index];
  if (!current) {
    return (
      <div className={`${classes.carousel} ${classes.noImage}`}>
        <IconPhoto size={48} stroke={1.4} aria-label="No image" />
      </div>
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
        <CarouselArrows
          index={index}
          count={count}
          noun="image"
          go={go}
          classNames={{
            arrow: classes.carouselArrow,
            prev: classes.carouselPrev,
            next: classes.carouselNext,
          }}
        />
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
      <LazyPhotoLightbox
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
