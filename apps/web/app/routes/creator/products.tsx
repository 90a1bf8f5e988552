import { Button } from '@mantine/core';
import { IconPlus, IconShoppingBagPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ProductList } from '../../features/studio/product-list';
import { useMyProducts } from '../../features/studio/studio-api';
import {
  cardCols,
  GridSkeleton,
  ListError,
  LoadMore,
  StudioEmpty,
  StudioNav,
} from '../../features/studio/studio-ui';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/products';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'creator');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('My products', matches);

export default function MyProductsPage() {
  const products = useMyProducts();
  const items = products.data?.pages.flatMap((p) => p.data) ?? [];
  const newButton = (
    <Button
      component={Link}
      to="/creator/products/new"
      variant="gradient"
      leftSection={<IconPlus size={16} />}
    >
      New product
    </Button>
  );

  return (
    <>
      <StudioNav />
      <PageHeader
        title="My products"
        description="Your shop: goods you ship (with their stock) and files fans download after buying."
        actions={items.length > 0 ? newButton : null}
      />
      {products.isPending ? (
        <GridSkeleton cols={cardCols} count={6} withText />
      ) : products.isError ? (
        <ListError onRetry={() => void products.refetch()} />
      ) : items.length === 0 ? (
        <StudioEmpty
          icon={<IconShoppingBagPlus size={28} />}
          title="Your shop is empty"
          description="Add a product: merchandise you ship yourself, or a digital file fans download once they buy it."
          action={newButton}
        />
      ) : (
        <>
          <ProductList products={items} />
          <LoadMore
            hasMore={products.hasNextPage}
            isLoading={products.isFetchingNextPage}
            onLoad={() => void products.fetchNextPage()}
          />
        </>
      )}
    </>
  );
}
