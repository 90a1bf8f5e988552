import type { TProduct } from '@fanstage/contract';
import { Badge, Button, Center, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { formatPrice } from '../../lib/format';
import { placeholderKeys } from '../../lib/placeholders';
import { HiddenBadge } from '../moderation/hidden-notice';
import tileClasses from '../performers/asset-grids.module.css';
import { pictureOf } from './content-format';
import { stockNote } from './product-format';

interface ProductPage {
  data: TProduct[];
  total: number;
}

const pageSize = 12;

/** A creator's shop on their page: image, name, price and stock of each product, linking to it. */
export function ProductGrid({ performerId, empty }: { performerId: string; empty: ReactNode }) {
  const query = useInfiniteQuery({
    queryKey: ['performer-assets', 'products', performerId],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.get<ProductPage>('/performer-assets/products/search', {
        query: { performerId, offset: pageParam, limit: pageSize, sortBy: 'createdAt' },
        signal,
      }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.data.length, 0);
      return last.data.length === 0 || loaded >= last.total ? undefined : loaded;
    },
  });

  if (query.isPending)
    return (
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" aria-busy aria-label="Loading">
        {placeholderKeys(6).map((key) => (
          <Skeleton key={key} style={{ aspectRatio: 1 }} radius="md" />
        ))}
      </SimpleGrid>
    );
  if (query.isError) return <Text c="dimmed">The shop could not be loaded. Please try again later.</Text>;
  const products = query.data.pages.flatMap((p) => p.data);
  if (products.length === 0) return <>{empty}</>;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {products.map((product) => {
          const picture = pictureOf(product.images[0]);
          const stock = stockNote(product);
          return (
            <Link key={product._id} to={`/product/${product._id}`} className={tileClasses.tile}>
              {picture ? (
                <img src={picture} alt="" loading="lazy" />
              ) : (
                <Center h="100%">
                  <IconShoppingBag size={32} opacity={0.5} />
                </Center>
              )}
              {product.hidden ? (
                <div className={tileClasses.hiddenMark}>
                  <HiddenBadge hidden={product.hidden} />
                </div>
              ) : null}
              <Badge className={tileClasses.corner} color="grape" variant="filled">
                {formatPrice(product.price)}
              </Badge>
              <div className={tileClasses.shade}>
                <Text fw={700} size="sm" truncate>
                  {product.name}
                </Text>
                <Text size="xs" opacity={0.85}>
                  {stock.text}
                </Text>
              </div>
            </Link>
          );
        })}
      </SimpleGrid>
      {query.hasNextPage ? (
        <Center>
          <Button
            variant="default"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Load more
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
