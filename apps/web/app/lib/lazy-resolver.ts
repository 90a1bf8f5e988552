import type { FieldValues, Resolver } from 'react-hook-form';

/** A form resolver whose code (zod and the contract's schema) loads only when it is first needed. */
export interface LazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues>
  extends Resolver<TFieldValues, TContext, TTransformedValues> {
  /** Starts loading the real resolver (call it when the person starts on the form: focus, typing). */
  preload: () => void;
}

/**
 * Wraps `load` (a dynamic import of a module holding `zodResolver(schema)`) as a resolver that
 * react-hook-form can use at once. zod is most of a form page's JavaScript and the page does not need
 * it to show the form, only to check it; the contract's schema stays the one source of the rules and
 * the messages. The first validation waits for the import; `preload` on the form's first focus makes
 * it ready by then.
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformedValues>>,
): LazyResolver<TFieldValues, TContext, TTransformedValues> {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformedValues>> | null = null;
  const resolver = () => {
    // A failed import (a network blip) is tried again on the next use rather than kept.
    loading ??= load().catch((err: unknown) => {
      loading = null;
      throw err;
    });
    return loading;
  };
  const lazy: Resolver<TFieldValues, TContext, TTransformedValues> = async (values, context, options) =>
    (await resolver())(values, context, options);
  return Object.assign(lazy, {
    preload: () => {
      resolver().catch(() => {
        // Only a head start: the next validation loads it again and reports what goes wrong.
      });
    },
  });
}
