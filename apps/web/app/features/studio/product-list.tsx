import type { TProduct } from '@fanstage/contract';
import { Badge } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import { formatPrice } from '../../lib/format';
import { type Deletion, useConfirmDelete } from './confirm-delete';
import { useDeleteProduct } from './studio-api';
import { ActiveBadge, StudioCardGrid, StudioItemCard } from './studio-card';
import { productKind } from './studio-kinds';
import { imageOf, stockLabel } from './studio-values';

export const productDeletion: Deletion<TProduct> = {
  kind: productKind,
  consequence: (product) =>
    `“${product.name}” leaves your shop for good, with its images${product.type === 'digital' ? ' and file' : ''}. Orders already placed keep their own copy.`,
  useRemove: useDeleteProduct,
};

/** Product cards: first image, name, price, type and stock, status; edit or delete each. */
export function ProductList({ products }: { products: TProduct[] }) {
  const confirmation = useConfirmDelete(productDeletion);
  return (
    <StudioCardGrid confirmation={confirmation}>
      {products.map((product) => (
        <StudioItemCard
          key={product._id}
          testId="studio-product"
          to={`/creator/products/${product._id}`}
          name={product.name}
          picture={imageOf(product.images[0])}
          placeholderIcon={<IconShoppingBag size={32} />}
          badges={
            <>
              <ActiveBadge status={product.status} />
              <Badge size="sm" variant="filled" color="indigo">
                {product.type === 'digital' ? 'Digital' : 'Physical'}
              </Badge>
            </>
          }
          details={`${formatPrice(product.price)} · ${stockLabel(product)}`}
          hidden={product.hidden}
          onDelete={() => confirmation.ask(product)}
        />
      ))}
    </StudioCardGrid>
  );
}
