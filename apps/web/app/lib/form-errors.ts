import { errorDetails } from './errors';

/**
 * Puts the API's per-field problems (`details[]`: path, message) under the matching form fields.
 * Answers whether any field got a message.
 */
export function applyFieldErrors<N extends string>(
  error: unknown,
  setError: (
    name: NoInfer<N>,
    error: { type: string; message: string },
    options: { shouldFocus: boolean },
  ) => void,
  fields: readonly N[],
): boolean {
  let applied = false;
  for (const detail of errorDetails(error)) {
    const field = fields.find((f) => f === detail.path);
    if (!field) continue;
    setError(field, { type: 'server', message: detail.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
