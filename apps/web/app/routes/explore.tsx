import { Button, Card, CloseButton, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DeferredSelect } from '../components/deferred-select';
import { EmptyNotice } from '../components/empty-notice';
import { PageHeader } from '../components/page-header';
import { Segmented } from '../components/segmented';
import { genderOptions } from '../features/auth/gender-options';
import { useCurrentUser } from '../features/auth/use-current-user';
import {
  PerformerCard,
  PerformerCardSkeleton,
  PerformerStripItem,
} from '../features/performers/performer-card';
import { explorePageSize, usePerformerSearch, useTopPerformers } from '../features/performers/performers-api';
import {
  defaultExploreFilters,
  type ExploreFilters,
  filtersFromSearchParams,
  filtersToSearchParams,
  type PerformerSort,
} from '../features/performers/search-params';
import { useCountries } from '../features/reference/use-countries';
import { pageTitle } from '../lib/meta';
import { notifyError } from '../lib/notify';
import { guardPage } from '../lib/page-guard';
import { placeholderKeys } from '../lib/placeholders';
import type { Route } from './+types/explore';
import classes from './explore.module.css';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'public');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Explore creators', matches);

const sortOptions: { value: PerformerSort; label: string }[] = [
  { value: 'popular', label: 'Popular' },
  { value: 'newest', label: 'Newest' },
  { value: 'online', label: 'Online' },
];

/** Creator discovery: top creators, then search with filters and "Load more" paging. */
export default function ExplorePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const setFilters = (next: Partial<ExploreFilters>) =>
    setSearchParams(filtersToSearchParams({ ...filters, ...next }), {
      replace: true,
      preventScrollReset: true,
    });

  return (
    <>
      <PageHeader title="Explore" description="Discover creators to follow and subscribe to." />
      <TopCreators />
      <Filters filters={filters} onChange={setFilters} />
      <Results filters={filters} onReset={() => setFilters(defaultExploreFilters)} />
    </>
  );
}

function TopCreators() {
  const top = useTopPerformers();
  const creators = top.data?.data ?? [];
  if (!top.isPending && creators.length === 0) return null;
  return (
    <Card mb="lg" pb="sm">
      <Title order={2} fz="md" mb="sm">
        Top creators
      </Title>
      <div className={classes.strip}>
        <Group gap="md" wrap="nowrap" pb={4}>
          {top.isPending
            ? placeholderKeys(8).map((key) => (
                <Stack key={key} align="center" gap={6} w={84} style={{ flexShrink: 0 }}>
                  <Skeleton h={70} w={70} circle />
                  <Skeleton h={10} w={56} />
                </Stack>
              ))
            : creators.map((p) => <PerformerStripItem key={p._id} performer={p} />)}
        </Group>
      </div>
    </Card>
  );
}

function Filters({
  filters,
  onChange,
}: {
  filters: ExploreFilters;
  onChange: (next: Partial<ExploreFilters>) => void;
}) {
  const countries = useCountries();
  const [text, setText] = useState(filters.q);
  const [debounced] = useDebouncedValue(text, 350);

  // Typing updates the address after a pause; the address (back button, shared link) updates the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled change of the text should search
  useEffect(() => {
    if (debounced.trim() !== filters.q.trim()) onChange({ q: debounced });
  }, [debounced]);
  useEffect(() => {
    setText((current) => (current.trim() === filters.q.trim() ? current : filters.q));
  }, [filters.q]);

  return (
    <Stack gap="sm" mb="lg">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          aria-label="Search creators"
          placeholder="Search by name or username"
          leftSection={<IconSearch size={16} />}
          rightSection={
            text ? <CloseButton size="sm" aria-label="Clear the search" onClick={() => setText('')} /> : null
          }
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: '1 1 260px' }}
        />
        {/* Their dropdown code loads when the person reaches for one (DeferredSelect). */}
        <DeferredSelect
          aria-label="Country"
          placeholder="Any country"
          data={countries.data ?? []}
          value={filters.country}
          onChange={(country) => onChange({ country })}
          searchable
          clearable
          nothingFoundMessage="No country matches"
          style={{ flex: '1 1 180px' }}
        />
        <DeferredSelect
          aria-label="Gender"
          placeholder="Any gender"
          data={genderOptions}
          value={filters.gender}
          onChange={(gender) => onChange({ gender: gender as ExploreFilters['gender'] })}
          clearable
          style={{ flex: '1 1 140px' }}
        />
      </Group>
      <Segmented
        label="Sort creators"
        options={sortOptions}
        value={filters.sortBy}
        onChange={(sortBy) => onChange({ sortBy })}
      />
    </Stack>
  );
}

function Results({ filters, onReset }: { filters: ExploreFilters; onReset: () => void }) {
  const user = useCurrentUser();
  const search = usePerformerSearch(filters);
  const creators = search.data?.pages.flatMap((p) => p.data) ?? [];
  const total = search.data?.pages.at(-1)?.total ?? 0;
  const isFiltered = filtersToSearchParams({ ...filters, sortBy: 'popular' }).toString() !== '';

  useEffect(() => {
    if (search.error) notifyError(search.error);
  }, [search.error]);

  if (search.isPending) {
    return (
      <div className={classes.grid} role="status" aria-busy aria-label="Loading creators">
        {placeholderKeys(explorePageSize / 2).map((key) => (
          <PerformerCardSkeleton key={key} />
        ))}
      </div>
    );
  }

  if (creators.length === 0) {
    return (
      <Card p={{ base: 'lg', sm: 48 }}>
        <EmptyNotice
          icon={<IconUserSearch size={28} />}
          title={isFiltered ? 'No creators match your search' : 'No creators yet'}
          description={
            search.isError
              ? 'We could not load creators. Please try again.'
              : isFiltered
                ? 'Try another name, or clear the country and gender filters.'
                : 'Creators will appear here once they finish their profiles.'
          }
        >
          {search.isError ? (
            <Button variant="default" onClick={() => void search.refetch()}>
              Try again
            </Button>
          ) : isFiltered ? (
            <Button variant="default" onClick={onReset}>
              Clear filters
            </Button>
          ) : user ? null : (
            <Button component={Link} to="/auth/creator-register" variant="gradient">
              Become a creator
            </Button>
          )}
        </EmptyNotice>
      </Card>
    );
  }

  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        {total === 1 ? '1 creator' : `${total.toLocaleString('en-US')} creators`}
      </Text>
      <div className={classes.grid}>
        {creators.map((p) => (
          <PerformerCard key={p._id} performer={p} />
        ))}
        {search.isFetchingNextPage
          ? placeholderKeys(4).map((key) => <PerformerCardSkeleton key={key} />)
          : null}
      </div>
      {search.hasNextPage ? (
        <Group justify="center" mt="xl">
          <Button
            variant="default"
            size="md"
            loading={search.isFetchingNextPage}
            onClick={() => void search.fetchNextPage()}
          >
            Load more
          </Button>
        </Group>
      ) : creators.length > explorePageSize ? (
        <Text ta="center" size="sm" c="dimmed" mt="xl">
          You have seen every creator.
        </Text>
      ) : null}
    </>
  );
}
