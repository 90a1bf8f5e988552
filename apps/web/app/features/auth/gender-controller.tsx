import type { SelectProps } from '@mantine/core';
import type { ComponentType } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { genderOptions } from './gender-options';

export interface GenderFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  error?: string;
  placeholder?: string;
  clearedValue?: null | undefined;
}

/**
 * The gender select of the sign-up and account forms, drawn by `select` (Mantine's Select, or the
 * sign-up pages' DeferredSelect). Sign-up forms clear it to `undefined` (the field is left out); the
 * account form clears it to `null` (the API then removes it).
 */
export function GenderController<T extends FieldValues>({
  select: Select,
  ...props
}: GenderFieldProps<T> & { select: ComponentType<SelectProps> }) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <Select
          label="Gender"
          placeholder={props.placeholder ?? 'Optional'}
          data={genderOptions}
          clearable
          value={field.value ?? null}
          onChange={(value) => field.onChange(value ?? props.clearedValue)}
          onBlur={field.onBlur}
          error={props.error}
        />
      )}
    />
  );
}
