import { Button, Grid, Skeleton } from '@mantine/core';
import { IconArrowLeft, IconShoppingBag, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ProductForm } from '../../features/studio/product-form';
import { DeleteProductDialog } from '../../features/studio/product-list';
import { useDeleteProduct, useMyProduct } from '../../features/studio/studio-api';
import { StudioEmpty, StudioNav } from '../../features/studio/studio-ui';
import { pageTitle } from '../../lib/meta';
import { notifyError, notifySuccess } from '../../lib/notify';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/product-edit';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'creator');
  return null;
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageTitle(params.id === 'new' ? 'New product' : 'Edit product', matches);

const backButton = (
  <Button component={Link} to="/creator/products" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
    My products
  </Button>
);

/** `/creator/products/new` creates a product; `/creator/products/:id` edits one. */
export default function ProductEditPage({ params }: Route.ComponentProps) {
  const navigate = useNavigate();
  if (params.id === 'new')
    return (
      <>
        <StudioNav />
        <PageHeader
          title="New product"
          description="Something you ship, or a file fans download once they buy it."
          actions={backButton}
        />
        <ProductForm
          product={null}
          onSaved={(p) => void navigate(`/creator/products/${p._id}`, { replace: true })}
        />
      </>
    );
  return <ExistingProduct id={params.id} />;
}

function ExistingProduct({ id }: { id: string }) {
  const product = useMyProduct(id);
  const remove = useDeleteProduct();
  const navigate = useNavigate();
  const [isDeleting, setDeleting] = useState(false);

  if (product.isPending)
    return (
      <>
        <StudioNav />
        <Skeleton h={34} w={260} mb="xl" />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Skeleton h={460} radius="md" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Skeleton h={220} radius="md" />
          </Grid.Col>
        </Grid>
      </>
    );
  if (product.isError)
    return (
      <>
        <StudioNav />
        <StudioEmpty
          icon={<IconShoppingBag size={28} />}
          title="Product not found"
          description="It may have been deleted. Go back to your products to pick another one."
          action={backButton}
        />
      </>
    );
  return (
    <>
      <StudioNav />
      <PageHeader title={product.data.name} description="Edit your product." actions={backButton} />
      <ProductForm key={product.data._id} product={product.data} onSaved={() => {}} />
      <Button
        mt="md"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={16} />}
        onClick={() => setDeleting(true)}
      >
        Delete this product
      </Button>
      <DeleteProductDialog
        product={isDeleting ? product.data : null}
        isPending={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(id, {
            onSuccess: () => {
              notifySuccess('Product deleted');
              void navigate('/creator/products');
            },
            onError: (err) => notifyError(err),
          })
        }
      />
    </>
  );
}
