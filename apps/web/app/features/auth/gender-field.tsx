import { Select } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { GenderController, type GenderFieldProps } from './gender-controller';

/** The gender select of the account forms (see GenderController; the sign-up pages use SignUpGenderField). */
export function GenderField<T extends FieldValues>(props: GenderFieldProps<T>) {
  return <GenderController {...props} select={Select} />;
}
