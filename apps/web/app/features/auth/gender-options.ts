import type { genders } from '@fanstage/contract';

/** Spec section 3: transgender is shown as "Trans". */
export const genderOptions: { value: (typeof genders)[number]; label: string }[] = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'transgender', label: 'Trans' },
];
