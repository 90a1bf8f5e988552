import { Messages, maxBlockedCountries } from '@fanstage/contract';
import { Button, Card, Group, Image, MultiSelect, Skeleton, Text, Title } from '@mantine/core';
import { IconWorldOff } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/notify';
import { type CountryOption, useCountries } from '../reference/use-countries';
import { type BlockListOwner, useBlockedCountries, useSaveBlockedCountries } from './geo-blocks-api';

const copy: Record<BlockListOwner, { title: string; description: string; empty: string; saved: string }> = {
  creator: {
    title: 'Blocked countries',
    description:
      'Visitors from these countries do not see your profile, posts, media or live shows anywhere on the site. You always see your own pages.',
    empty: 'No country is blocked: everyone can find you. Pick the countries you want to hide from.',
    saved: 'Your blocked countries are saved.',
  },
  site: {
    title: 'Blocked countries',
    description:
      'Visitors from these countries get the "Not available in your country" page on every address, and the API refuses them. Admins are never blocked.',
    empty: 'The site is open to every country. Pick countries to close it to.',
    saved: 'The site-wide blocked countries are saved.',
  },
};

/** A country choice with its flag, so a long list is quicker to scan. */
function CountryLabel({ option }: { option: CountryOption }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {option.flag ? <Image src={option.flag} alt="" w={20} h={15} radius={2} fit="cover" /> : null}
      <Text size="sm">{option.label}</Text>
    </Group>
  );
}

/**
 * The picker of blocked countries: the creator's own (account page) or the site's (admin settings).
 * Searchable by name or code, saved as a whole list with a toast.
 */
export function BlockedCountriesCard({ owner, id }: { owner: BlockListOwner; id?: string }) {
  const text = copy[owner];
  const countries = useCountries();
  const saved = useBlockedCountries(owner);
  const save = useSaveBlockedCountries(owner);
  // What the person picked since the last save; null means "as saved".
  const [picked, setPicked] = useState<string[] | null>(null);
  const value = picked ?? saved.data ?? [];
  const byCode = new Map((countries.data ?? []).map((c) => [c.value, c]));
  const isDirty = picked !== null && picked.join() !== (saved.data ?? []).join();

  const handleSave = () =>
    save.mutate(
      { countryCodes: value },
      {
        onSuccess: () => {
          setPicked(null);
          notifySuccess(text.saved);
        },
        onError: (error) => notifyError(error, Messages.updateError),
      },
    );

  return (
    <Card id={id} style={{ scrollMarginTop: 88 }}>
      <Group gap="xs" mb={4}>
        <IconWorldOff size={18} stroke={1.6} />
        <Title order={2} fz="lg">
          {text.title}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="lg">
        {text.description}
      </Text>
      {saved.isPending || countries.isPending ? (
        <div role="status" aria-busy aria-label="Loading">
          <Skeleton h={36} mb="md" />
          <Skeleton h={36} w={120} />
        </div>
      ) : saved.isError ? (
        <Text c="red" size="sm">
          The blocked countries could not be loaded. Please reload the page.
        </Text>
      ) : (
        <>
          <MultiSelect
            label="Countries"
            placeholder={value.length === 0 ? 'Search a country by name' : undefined}
            description={value.length === 0 ? text.empty : `${value.length} blocked`}
            data={countries.data ?? []}
            value={value}
            onChange={setPicked}
            searchable
            clearable
            hidePickedOptions
            maxValues={maxBlockedCountries}
            nothingFoundMessage="No country by that name"
            renderOption={({ option }) => {
              const country = byCode.get(option.value);
              return country ? <CountryLabel option={country} /> : option.label;
            }}
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end" mt="md">
            <Button onClick={handleSave} loading={save.isPending} disabled={!isDirty}>
              Save blocked countries
            </Button>
          </Group>
        </>
      )}
    </Card>
  );
}
