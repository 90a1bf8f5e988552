import type { FieldValues, Path } from 'react-hook-form';
import { DeferredSelect } from '../../components/deferred-select';
import { Controller, type LightControl } from '../../lib/light-form';
import { GenderSelect, type GenderSelectProps } from './gender-select';

/**
 * The gender select of the sign-up pages (their forms use lib/light-form): its dropdown code loads when
 * the person starts on the form (components/deferred-select.tsx), not with the page. Call
 * `preloadSelect` on the form's first focus.
 */
export function SignUpGenderField<T extends FieldValues>({
  control,
  name,
  ...props
}: GenderSelectProps & { control: LightControl<T>; name: Path<T> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <GenderSelect select={DeferredSelect} field={field} {...props} />}
    />
  );
}
