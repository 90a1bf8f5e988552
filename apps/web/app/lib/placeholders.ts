/** Stable React keys for n skeleton placeholders (they never reorder). */
export const placeholderKeys = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => `placeholder-${i}`);
