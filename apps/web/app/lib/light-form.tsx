import { type ReactElement, useCallback, useMemo, useRef, useState } from 'react';
import type { FieldError, FieldValues, Path, Resolver, ResolverOptions } from 'react-hook-form';

/**
 * The small form state of the public pages' forms (sign-in, sign-up, password reset, contact): the part
 * of react-hook-form's API they use (`register`, `handleSubmit`, `formState.errors`, `watch`,
 * `setError`, `getValues`, `reset`, `Controller`), with the same resolvers (the contract's zod schemas,
 * loaded on the form's first focus: lib/lazy-resolver.ts) and the same timing: fields are checked on
 * submit, and after a submit again on each change. react-hook-form is 13 KB of a page's first load,
 * about a tenth of a public page's budget; the forms behind a login keep it.
 * Fields are uncontrolled: `register` hands the input its name, a ref (which sets the default value on
 * the element) and change/blur handlers, and reads the typed value from the event.
 */
export type LightErrors<T extends FieldValues> = Partial<Record<Path<T>, FieldError>>;

export interface LightForm<T extends FieldValues, R = T> {
  register: (name: Path<T>) => {
    name: string;
    ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => void;
    onChange: (event: { target: unknown }) => void;
    onBlur: () => void;
  };
  handleSubmit: (
    onValid: (values: R) => unknown,
    onInvalid?: (errors: LightErrors<T>) => unknown,
  ) => (event?: { preventDefault?: () => void }) => Promise<void>;
  formState: { errors: LightErrors<T>; isSubmitted: boolean };
  watch: <K extends Path<T>>(name: K) => T[K];
  getValues: () => T;
  reset: (values?: T) => void;
  setError: (
    name: Path<T>,
    error: { type?: string; message?: string },
    options?: { shouldFocus?: boolean },
  ) => void;
  control: LightControl<T>;
}

export interface LightControl<T extends FieldValues> {
  value: (name: Path<T>) => unknown;
  change: (name: Path<T>, value: unknown) => void;
  errors: LightErrors<T>;
}

type Field = HTMLInputElement | HTMLTextAreaElement;

const resolverOptions = {
  fields: {},
  shouldUseNativeValidation: false,
  criteriaMode: 'firstError',
} as unknown as ResolverOptions<FieldValues>;

/** The value an input's change event carries (a checkbox's checked state, otherwise its text). */
function eventValue(event: { target: unknown }): unknown {
  const target = event.target as Partial<HTMLInputElement> | null;
  if (target && target.type === 'checkbox') return Boolean(target.checked);
  return target?.value ?? '';
}

function setElementValue(element: Field, value: unknown) {
  if (element instanceof HTMLInputElement && element.type === 'checkbox') element.checked = Boolean(value);
  else element.value = value === undefined || value === null ? '' : String(value);
}

export function useForm<T extends FieldValues, R = T>({
  resolver,
  defaultValues,
}: {
  resolver?: Resolver<T, unknown, R>;
  defaultValues: T;
}): LightForm<T, R> {
  // Read once, as react-hook-form does.
  const defaults = useRef(defaultValues);
  const values = useRef<T>({ ...defaultValues });
  const elements = useRef(new Map<string, Field>());
  const initialized = useRef(new WeakSet<Field>());
  const [errors, setErrors] = useState<LightErrors<T>>({});
  const [isSubmitted, setSubmitted] = useState(false);
  const submitted = useRef(false);
  const [, rerender] = useState(0);

  const validate = useCallback(async (): Promise<{ values: R | null; errors: LightErrors<T> }> => {
    if (!resolver) return { values: values.current as unknown as R, errors: {} };
    const result = await resolver(values.current, undefined, resolverOptions as ResolverOptions<T>);
    const found = result.errors as LightErrors<T>;
    return Object.keys(found).length
      ? { values: null, errors: found }
      : { values: result.values as R, errors: {} };
  }, [resolver]);

  const change = useCallback(
    (name: Path<T>, value: unknown) => {
      values.current = { ...values.current, [name]: value };
      rerender((n) => n + 1);
      if (submitted.current) void validate().then((r) => setErrors(r.errors));
    },
    [validate],
  );

  return useMemo<LightForm<T, R>>(() => {
    const focus = (name: string) => elements.current.get(name)?.focus();
    return {
      register: (name) => ({
        name,
        ref: (element) => {
          if (!element) return;
          // The form's value goes into an element once, when it first appears (not on every render).
          if (!initialized.current.has(element)) {
            initialized.current.add(element);
            setElementValue(element, values.current[name]);
          }
          elements.current.set(name, element);
        },
        onChange: (event) => change(name, eventValue(event)),
        onBlur: () => {},
      }),
      handleSubmit: (onValid, onInvalid) => async (event) => {
        event?.preventDefault?.();
        submitted.current = true;
        setSubmitted(true);
        const result = await validate();
        setErrors(result.errors);
        if (result.values === null) {
          const first = Object.keys(result.errors)[0];
          if (first) focus(first);
          await onInvalid?.(result.errors);
          return;
        }
        await onValid(result.values);
      },
      formState: { errors, isSubmitted },
      watch: (name) => values.current[name],
      getValues: () => ({ ...values.current }),
      reset: (next) => {
        values.current = { ...(next ?? defaults.current) };
        for (const [name, element] of elements.current) setElementValue(element, values.current[name]);
        submitted.current = false;
        setSubmitted(false);
        setErrors({});
        rerender((n) => n + 1);
      },
      setError: (name, error, options) => {
        setErrors((current) => ({
          ...current,
          [name]: { type: error.type ?? 'manual', message: error.message },
        }));
        if (options?.shouldFocus) focus(name);
      },
      control: { value: (name) => values.current[name], change, errors },
    };
  }, [errors, isSubmitted, change, validate]);
}

/** A field drawn by `render` from its value (selects, pickers): react-hook-form's Controller, for useForm above. */
export function Controller<T extends FieldValues>({
  control,
  name,
  render,
}: {
  control: LightControl<T>;
  name: Path<T>;
  render: (props: {
    field: { name: string; value: T[Path<T>]; onChange: (value: unknown) => void; onBlur: () => void };
    fieldState: { error?: FieldError };
  }) => ReactElement;
}) {
  return render({
    field: {
      name,
      value: control.value(name) as T[Path<T>],
      onChange: (value) => control.change(name, value),
      onBlur: () => {},
    },
    fieldState: { error: control.errors[name] },
  });
}
