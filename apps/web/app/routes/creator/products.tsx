import { Button } from '@mantine/core';
import { IconPlus, IconShoppingBagPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ProductList } from '../../features/studio/product-list';
import { useMyProducts } from '../../features/studio/studio-api';
import { StudioEmpty, StudioListBody, StudioNav } from '../../features/studio/studio-ui';
import { itemsOf } from '../../features/studio/studio-values';
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
  const items = itemsOf(products.data);
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
      <StudioListBody
        list={products}
        empty={
          <StudioEmpty
            icon={<IconShoppingBagPlus size={28} />}
            title="Your shop is empty"
            description="Add a product: merchandise you ship yourself, or a digital file fans download once they buy it."
            action={newButton}
          />
        }
      >
        {(loaded) => <ProductList products={loaded} />}
      </StudioListBody>
    </>
  );
}
