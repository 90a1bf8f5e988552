import type { TProduct } from '@fanstage/contract';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconShoppingCart } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { useLoginPath } from '../../features/auth/use-login-path';
import classes from '../../features/content/content.module.css';
import {
  absoluteImage,
  metaDescription,
  shareCardMeta,
  usableUrlOf,
} from '../../features/content/content-format';
import { bylineOf, ContentPageFrame, loadContentPage } from '../../features/content/content-page';
import { ContentTitle } from '../../features/content/content-ui';
import { stockNote } from '../../features/content/product-format';
import { ProductImages } from '../../features/content/product-images';
import { formatPrice } from '../../lib/format';
import { siteNameOf } from '../../lib/meta';
import { notifyError, notifySuccess } from '../../lib/notify';
import type { Route } from './+types/product';

// The checkout (quantity, address form, payment) is downloaded when a buyer opens it.
const CheckoutModal = lazy(() =>
  import('../../features/orders/checkout-modal').then((m) => ({ default: m.CheckoutModal })),
);

/** A shop product: images, price, stock or download, description, and the checkout. */
export async function loader(args: Route.LoaderArgs) {
  const { item: product, ...rest } = await loadContentPage<TProduct>(
    args,
    `/performer-assets/products/${encodeURIComponent(args.params.id)}`,
    'Product',
  );
  return { product, ...rest };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { product, creator, origin } = loaderData;
  const siteName = siteNameOf(matches);
  const by = bylineOf(creator);
  return [
    ...shareCardMeta({
      title: `${product.name}${by} | ${siteName}`,
      description: metaDescription(
        product.description,
        `${product.name}${by}, ${formatPrice(product.price)}.`,
      ),
      url: `${origin}/product/${product._id}`,
      type: 'product',
      image: absoluteImage(origin, usableUrlOf(product.images[0])) ?? absoluteImage(origin, creator?.avatar),
    }),
    { property: 'product:price:amount', content: product.price.toFixed(2) },
    { property: 'product:price:currency', content: 'USD' },
  ];
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, creator } = loaderData;
  const user = useCurrentUser();
  const stock = stockNote(product);
  const isOwn = user?._id === product.performerId;
  const [isCheckoutOpen, setCheckoutOpen] = useState(false);
  const navigate = useNavigate();
  const loginPath = useLoginPath();

  return (
    <ContentPageFrame
      kind="product"
      item={product}
      creator={creator}
      maw={1040}
      media={<ProductImages images={product.images} alt={product.name} />}
    >
      <ContentTitle>{product.name}</ContentTitle>
      <Group gap="sm">
        <Text fz={28} fw={800} lh={1}>
          {formatPrice(product.price)}
        </Text>
        <Badge variant="light" color={stock.color}>
          {stock.text}
        </Badge>
      </Group>
      {product.description ? <Text className={classes.description}>{product.description}</Text> : null}
      <Stack gap={6}>
        <Button
          size="md"
          variant="gradient"
          leftSection={<IconShoppingCart size={18} />}
          disabled={!stock.isAvailable || isOwn}
          onClick={() => (user ? setCheckoutOpen(true) : navigate(loginPath))}
          fullWidth
        >
          {stock.isAvailable ? 'Buy' : 'Sold out'}
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          {isOwn
            ? 'This is your product: fans buy it here from their wallet.'
            : stock.isAvailable
              ? 'Paid from your wallet; physical goods ship to an address from your address book.'
              : 'This product is sold out for now.'}
        </Text>
        {user && !isOwn && stock.isAvailable ? (
          // The cart's code comes when the button is pressed: most visitors never press it.
          <AddToCartButton
            onAdd={() => import('../../features/orders/cart').then((m) => m.addToCart(user._id, product))}
          />
        ) : null}
        {isCheckoutOpen ? (
          <Suspense fallback={null}>
            <CheckoutModal product={product} opened onClose={() => setCheckoutOpen(false)} />
          </Suspense>
        ) : null}
      </Stack>
    </ContentPageFrame>
  );
}

/**
 * Adds the product once per visit of the page: the first click adds one unit and the button then says
 * so (the quantity is changed in the cart), so a double click never puts two in the cart. The button
 * says "Added" only once the line is written: the cart's script is downloaded first, and leaving the
 * page before that would otherwise lose the line it announced.
 */
function AddToCartButton({ onAdd }: { onAdd: () => Promise<void> }) {
  const wasAdded = useRef(false);
  const [state, setState] = useState<'idle' | 'adding' | 'added'>('idle');
  const isAdded = state === 'added';
  return (
    <Button
      variant="default"
      leftSection={isAdded ? <IconCheck size={16} /> : undefined}
      disabled={isAdded}
      loading={state === 'adding'}
      onClick={() => {
        if (wasAdded.current) return;
        wasAdded.current = true;
        setState('adding');
        onAdd().then(
          () => {
            setState('added');
            notifySuccess('Added to your cart');
          },
          (error) => {
            // The cart's script could not be downloaded (offline): the button can be pressed again.
            wasAdded.current = false;
            setState('idle');
            notifyError(error, 'Could not add it to your cart. Please try again.');
          },
        );
      }}
      fullWidth
    >
      {isAdded ? 'Added to your cart' : 'Add to cart'}
    </Button>
  );
}
