import type { FieldValues } from 'react-hook-form';
import { DeferredSelect } from '../../components/deferred-select';
import { GenderController, type GenderFieldProps } from './gender-controller';

/**
 * The gender select of the sign-up pages: its dropdown code loads when the person starts on the form
 * (components/deferred-select.tsx), not with the page. Call `preloadSelect` on the form's first focus.
 */
export function SignUpGenderField<T extends FieldValues>(props: GenderFieldProps<T>) {
  return <GenderController {...props} select={DeferredSelect} />;
}
