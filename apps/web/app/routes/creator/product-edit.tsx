import { Skeleton } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ProductForm } from '../../features/studio/product-form';
import { productDeletion } from '../../features/studio/product-list';
import { useMyProduct } from '../../features/studio/studio-api';
import { DeleteItemButton, StudioEditFrame, StudioItemPage } from '../../features/studio/studio-edit-page';
import { productKind } from '../../features/studio/studio-kinds';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/product-edit';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'creator');
  return null;
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageTitle(params.id === 'new' ? 'New product' : 'Edit product', matches);

/** `/creator/products/new` creates a product; `/creator/products/:id` edits one. */
export default function ProductEditPage({ params }: Route.ComponentProps) {
  const navigate = useNavigate();
  if (params.id === 'new')
    return (
      <StudioItemPage
        kind={productKind}
        title="New product"
        description="Something you ship, or a file fans download once they buy it."
      >
        <ProductForm
          product={null}
          onSaved={(p) => void navigate(`/creator/products/${p._id}`, { replace: true })}
        />
      </StudioItemPage>
    );
  return <ExistingProduct id={params.id} />;
}

function ExistingProduct({ id }: { id: string }) {
  const product = useMyProduct(id);
  return (
    <StudioEditFrame
      kind={productKind}
      item={product}
      notFoundIcon={<IconShoppingBag size={28} />}
      skeleton={{
        span: 7,
        left: <Skeleton h={460} radius="md" />,
        right: <Skeleton h={220} radius="md" />,
      }}
      title={(found) => found.name}
      description={() => 'Edit your product.'}
    >
      {(found) => (
        <>
          <ProductForm key={found._id} product={found} onSaved={() => {}} />
          <DeleteItemButton item={found} deletion={productDeletion} />
        </>
      )}
    </StudioEditFrame>
  );
}
