import type { SelectProps } from '@mantine/core';
import type { ComponentType } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { GenderSelect, type GenderSelectProps } from './gender-select';

export interface GenderFieldProps<T extends FieldValues> extends GenderSelectProps {
  control: Control<T>;
  name: Path<T>;
}

/** The gender select of a react-hook-form form (the account forms; see GenderSelect). */
export function GenderController<T extends FieldValues>({
  select,
  control,
  name,
  ...props
}: GenderFieldProps<T> & { select: ComponentType<SelectProps> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <GenderSelect select={select} field={field} {...props} />}
    />
  );
}
