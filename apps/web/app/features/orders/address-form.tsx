import type { TAddress, TAddressFields } from '@fanstage/contract';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api';
import { errorDetails } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';
import { useCountries } from '../reference/use-countries';
import { ordersKeys } from './orders-api';

const empty: TAddressFields = {
  name: '',
  fullName: '',
  phone: '',
  street: '',
  city: '',
  state: '',
  zipCode: '',
  country: '',
};

const fields: { key: keyof TAddressFields; label: string; required?: boolean; placeholder?: string }[] = [
  { key: 'name', label: 'Address name', required: true, placeholder: 'Home' },
  { key: 'fullName', label: 'Recipient', required: true },
  { key: 'street', label: 'Street address', required: true },
  { key: 'city', label: 'City', required: true },
  { key: 'state', label: 'State or region' },
  { key: 'zipCode', label: 'ZIP or postal code' },
  { key: 'country', label: 'Country', required: true },
  { key: 'phone', label: 'Phone' },
];

/** Creates or edits an address of the fan's address book; answers the saved address. */
export function AddressFormModal(props: {
  opened: boolean;
  onClose: () => void;
  address?: TAddress | null;
  onSaved?: (address: TAddress) => void;
}) {
  const { address } = props;
  const queryClient = useQueryClient();
  const [values, setValues] = useState<TAddressFields>(address ? { ...empty, ...address } : empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const countries = useCountries();
  // The list's names are what an address stores; the picker shows and searches them.
  const countryNames = (countries.data ?? []).map((c) => c.label);
  const save = useWriteMutation({
    mutationFn: (input: TAddressFields) =>
      address
        ? api.put<{ data: TAddress }>(`/addresses/${address._id}`, input)
        : api.post<{ data: TAddress }>('/addresses/create', input),
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: ordersKeys.addresses });
      notifySuccess(address ? 'Address saved' : 'Address added');
      props.onSaved?.(res.data);
      props.onClose();
    },
    onError: (error) => {
      setErrors(Object.fromEntries(errorDetails(error).map((d) => [d.path, d.message])));
      notifyError(error);
    },
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { ...values };
    for (const f of fields) input[f.key] = input[f.key].trim();
    if (!input.country) {
      setErrors({ country: 'Choose the country from the list.' });
      return;
    }
    setErrors({});
    save.mutate(input);
  };
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={address ? 'Edit address' : 'New address'}
      size="lg"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {fields.map((f) =>
              f.key === 'country' ? (
                <Select
                  key={f.key}
                  label={f.label}
                  placeholder="Search for a country"
                  required
                  searchable
                  nothingFoundMessage="No country by that name"
                  data={
                    values.country && !countryNames.includes(values.country)
                      ? [values.country, ...countryNames]
                      : countryNames
                  }
                  value={values.country || null}
                  error={errors.country}
                  onChange={(value) => {
                    setValues((v) => ({ ...v, country: value ?? '' }));
                    setErrors((e) => ({ ...e, country: '' }));
                  }}
                />
              ) : (
                <TextInput
                  key={f.key}
                  label={f.label}
                  placeholder={f.placeholder}
                  required={f.required}
                  value={values[f.key]}
                  error={errors[f.key]}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setValues((v) => ({ ...v, [f.key]: value }));
                  }}
                />
              ),
            )}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save address
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
