import { maximumAssetPrice } from '@fanstage/contract';
import {
  Button,
  Card,
  Center,
  EmptyState,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconBroadcast,
  IconNotes,
  IconPhoto,
  IconPhotoScan,
  IconShoppingBag,
  IconVideo,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldErrors, type FieldValues, type Path } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { AmountInput } from '../../components/amount-input';
import { placeholderKeys } from '../../lib/placeholders';
import classes from './studio.module.css';
import { type AssetAccess, accessHelp, accessOptions, itemsOf } from './studio-values';

const studioLinks = [
  { label: 'Posts', to: '/creator/posts', icon: IconNotes },
  { label: 'Photos', to: '/creator/photos', icon: IconPhoto },
  { label: 'Galleries', to: '/creator/galleries', icon: IconPhotoScan },
  { label: 'Videos', to: '/creator/videos', icon: IconVideo },
  { label: 'Products', to: '/creator/products', icon: IconShoppingBag },
  { label: 'Live', to: '/creator/live', icon: IconBroadcast },
  { label: 'Private shows', to: '/creator/private-shows', icon: IconVideo },
];

/** The studio's sections, one tap apart (it scrolls sideways on a phone). */
export function StudioNav() {
  const { pathname } = useLocation();
  return (
    <nav className={classes.nav} aria-label="Studio">
      {studioLinks.map((link) => {
        const isActive = pathname === link.to || pathname.startsWith(`${link.to}/`);
        const Icon = link.icon;
        return (
          <Button
            key={link.to}
            component={Link}
            to={link.to}
            prefetch="intent"
            size="compact-sm"
            radius="xl"
            variant={isActive ? 'light' : 'subtle'}
            color={isActive ? undefined : 'gray'}
            leftSection={<Icon size={15} />}
            aria-current={isActive ? 'page' : undefined}
            style={{ flexShrink: 0 }}
          >
            {link.label}
          </Button>
        );
      })}
    </nav>
  );
}

/** "Delete this …?" with what it means, Cancel and a red Delete. */
export function ConfirmDelete(props: {
  opened: boolean;
  title: string;
  children: ReactNode;
  isPending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={props.title} centered>
      <Text size="sm">{props.children}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button color="red" loading={props.isPending} onClick={props.onConfirm}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}

/** An empty list: what it holds, and the first step to fill it. */
export function StudioEmpty(props: {
  icon: ReactNode;
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <Card py={{ base: 40, sm: 64 }}>
      <EmptyState icon={props.icon} variant="light" title={props.title} description={props.description}>
        {props.action ? <EmptyState.Actions>{props.action}</EmptyState.Actions> : null}
      </EmptyState>
    </Card>
  );
}

export const tileCols = { base: 2, sm: 3, md: 4 };
export const cardCols = { base: 1, xs: 2, md: 3 };

/** Placeholder tiles (square, or 16:9 with a text block under them) while a list loads. */
export function GridSkeleton(props: { cols?: Record<string, number>; count?: number; withText?: boolean }) {
  return (
    <SimpleGrid cols={props.cols ?? tileCols} spacing="md" aria-busy aria-label="Loading">
      {placeholderKeys(props.count ?? 8).map((key) =>
        props.withText ? (
          <Card key={key} padding={0}>
            <Skeleton style={{ aspectRatio: 16 / 9 }} radius={0} />
            <Stack gap={8} p="sm">
              <Skeleton h={14} w="70%" />
              <Skeleton h={10} w="45%" />
            </Stack>
          </Card>
        ) : (
          <Skeleton key={key} style={{ aspectRatio: 1 }} radius="md" />
        ),
      )}
    </SimpleGrid>
  );
}

export function ListError({ onRetry }: { onRetry: () => void }) {
  return (
    <Card py="xl">
      <Stack align="center" gap="sm">
        <Text c="dimmed">This list could not be loaded.</Text>
        <Button variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Card>
  );
}

export function LoadMore(props: { hasMore: boolean; isLoading: boolean; onLoad: () => void }) {
  if (!props.hasMore) return null;
  return (
    <Center mt="lg">
      <Button variant="default" loading={props.isLoading} onClick={props.onLoad}>
        Load more
      </Button>
    </Center>
  );
}

/** What a list body needs of a paged studio query (`useMyGalleries`, `useMyPhotos`, …). */
interface PagedList<T> {
  data: { pages: { data: T[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * A paged studio list: placeholders while it loads (cards unless told), a retry when it fails,
 * `empty` when it holds nothing, else its items and "Load more".
 */
export function StudioListBody<T>(props: {
  list: PagedList<T>;
  skeleton?: ReactNode;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const { list } = props;
  const items = itemsOf(list.data);
  if (list.isPending) return props.skeleton ?? <GridSkeleton cols={cardCols} count={6} withText />;
  if (list.isError) return <ListError onRetry={() => void list.refetch()} />;
  if (items.length === 0) return props.empty;
  return (
    <>
      {props.children(items)}
      <LoadMore
        hasMore={list.hasNextPage}
        isLoading={list.isFetchingNextPage}
        onLoad={() => void list.fetchNextPage()}
      />
    </>
  );
}

interface AccessFormValues extends FieldValues {
  access: AssetAccess;
  price: number | '';
}

/** Who may see it (subscribers, pay per view, free) and the price for pay per view. */
export function AccessFields<T extends AccessFormValues>(props: {
  control: Control<T>;
  access: AssetAccess;
  errors: FieldErrors<T>;
}) {
  const priceError = props.errors.price?.message;
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={500} mb={6}>
          Who can see it
        </Text>
        <Controller
          control={props.control}
          name={'access' as Path<T>}
          render={({ field }) => (
            <SegmentedControl
              fullWidth
              data={accessOptions}
              value={field.value}
              onChange={field.onChange}
              aria-label="Who can see it"
            />
          )}
        />
        <Text size="xs" c="dimmed" mt={6}>
          {accessHelp[props.access]}
        </Text>
      </div>
      {props.access === 'ppv' ? <PriceField control={props.control} error={priceError} /> : null}
    </Stack>
  );
}

/** A dollar amount with two decimals; '' while empty. */
export function PriceField<T extends FieldValues>(props: {
  control: Control<T>;
  error?: unknown;
  label?: string;
}) {
  return (
    <Controller
      control={props.control}
      name={'price' as Path<T>}
      render={({ field }) => (
        <AmountInput
          mode="money"
          noun="price"
          isOptional
          label={props.label ?? 'Price'}
          placeholder="4.99"
          min={0}
          max={maximumAssetPrice}
          w={{ base: '100%', sm: 200 }}
          value={field.value as number | ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={typeof props.error === 'string' ? props.error : undefined}
        />
      )}
    />
  );
}

/** Active (fans see it) or draft (only you). */
export function StatusField<T extends FieldValues>(props: { control: Control<T> }) {
  return (
    <div>
      <Text size="sm" fw={500} mb={6}>
        Status
      </Text>
      <Controller
        control={props.control}
        name={'status' as Path<T>}
        render={({ field }) => (
          <SegmentedControl
            data={[
              { value: 'active', label: 'Active' },
              { value: 'draft', label: 'Draft' },
            ]}
            value={field.value}
            onChange={field.onChange}
            aria-label="Status"
          />
        )}
      />
      <Text size="xs" c="dimmed" mt={6}>
        Drafts are visible only to you.
      </Text>
    </div>
  );
}
