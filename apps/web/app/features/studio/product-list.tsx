import type { TProduct } from '@fanstage/contract';
import { ActionIcon, Badge, Card, Group, Menu, SimpleGrid, Text } from '@mantine/core';
import { IconDots, IconPencil, IconShoppingBag, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import classes from './studio.module.css';
import { useDeleteProduct } from './studio-api';
import { ConfirmDelete, cardCols } from './studio-ui';
import { imageOf, stockLabel } from './studio-values';

/** Product cards: first image, name, price, type and stock, status; edit or delete each. */
export function ProductList({ products }: { products: TProduct[] }) {
  const [deleting, setDeleting] = useState<TProduct | null>(null);
  const remove = useDeleteProduct();

  return (
    <>
      <SimpleGrid cols={cardCols} spacing="md">
        {products.map((product) => {
          const picture = imageOf(product.images[0]);
          const to = `/creator/products/${product._id}`;
          return (
            <Card key={product._id} padding={0} data-testid="studio-product">
              <Link to={to} className={classes.tileLink} aria-label={`Edit ${product.name}`}>
                <div className={`${classes.tile} ${classes.wide}`} style={{ borderRadius: 0 }}>
                  {picture ? (
                    <img src={picture} alt="" loading="lazy" />
                  ) : (
                    <div className={classes.tileEmpty}>
                      <IconShoppingBag size={32} />
                    </div>
                  )}
                  <div className={classes.topLeft}>
                    <Badge size="sm" variant="filled" color={product.status === 'active' ? 'teal' : 'gray'}>
                      {product.status === 'active' ? 'Active' : 'Draft'}
                    </Badge>
                    <Badge size="sm" variant="filled" color="indigo">
                      {product.type === 'digital' ? 'Digital' : 'Physical'}
                    </Badge>
                  </div>
                </div>
              </Link>
              <Group className={classes.cardBody} justify="space-between" wrap="nowrap" gap="xs">
                <div className={classes.grow}>
                  <Text fw={600} truncate component={Link} to={to} c="inherit" td="none" display="block">
                    {product.name}
                  </Text>
                  <Text size="sm" c="dimmed" truncate>
                    {formatPrice(product.price)} · {stockLabel(product)}
                  </Text>
                </div>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" aria-label={`Options for ${product.name}`}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item component={Link} to={to} leftSection={<IconPencil size={16} />}>
                      Edit
                    </Menu.Item>
                    <Menu.Divider />
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      onClick={() => setDeleting(product)}
                    >
                      Delete
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
      <DeleteProductDialog
        product={deleting}
        isPending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={(product) =>
          remove.mutate(product._id, {
            onSuccess: () => {
              setDeleting(null);
              notifySuccess('Product deleted');
            },
            onError: (err) => notifyError(err),
          })
        }
      />
    </>
  );
}

export function DeleteProductDialog(props: {
  product: TProduct | null;
  isPending: boolean;
  onCancel: () => void;
  onConfirm: (product: TProduct) => void;
}) {
  const { product } = props;
  return (
    <ConfirmDelete
      opened={product !== null}
      title="Delete this product?"
      isPending={props.isPending}
      onCancel={props.onCancel}
      onConfirm={() => product && props.onConfirm(product)}
    >
      {product
        ? `“${product.name}” leaves your shop for good, with its images${product.type === 'digital' ? ' and file' : ''}. Orders already placed keep their own copy.`
        : null}
    </ConfirmDelete>
  );
}
