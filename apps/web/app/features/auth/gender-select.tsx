import type { SelectProps } from '@mantine/core';
import type { ComponentType } from 'react';
import { genderOptions } from './gender-options';

export interface GenderSelectProps {
  error?: string;
  placeholder?: string;
  clearedValue?: null | undefined;
}

/**
 * The gender select of the sign-up and account forms, drawn by `select` (Mantine's Select, or the
 * sign-up pages' DeferredSelect) for a form field's value. Sign-up forms clear it to `undefined` (the
 * field is left out); the account form clears it to `null` (the API then removes it).
 */
export function GenderSelect({
  select: Select,
  field,
  ...props
}: GenderSelectProps & {
  select: ComponentType<SelectProps>;
  field: { value: unknown; onChange: (value: unknown) => void; onBlur: () => void };
}) {
  return (
    <Select
      label="Gender"
      placeholder={props.placeholder ?? 'Optional'}
      data={genderOptions}
      clearable
      value={(field.value as string | null | undefined) ?? null}
      onChange={(value) => field.onChange(value ?? props.clearedValue)}
      onBlur={field.onBlur}
      error={props.error}
    />
  );
}
