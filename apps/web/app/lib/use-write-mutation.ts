import {
  type DefaultError,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation,
} from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';

/** Which write a call is: the same variables are the same write (a FormData or none: the form's one write). */
const writeKey = (variables: unknown): string => {
  try {
    return JSON.stringify(variables) ?? '';
  } catch {
    return '';
  }
};

/**
 * `useMutation` for a button that writes: while a write runs, the same write again (a double click, a
 * second Enter) is ignored, and `isPending` is true from the first click on, so `loading={isPending}`
 * disables the button at once. Other rows' writes through the same mutation still go (removing two
 * addresses one after the other). The flags are a ref because React has not re-rendered the disabled
 * button yet when the second click of a double click arrives.
 */
export function useWriteMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TContext = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const inFlight = useRef(new Set<string>());
  const [isStarting, setStarting] = useState(false);
  const mutation = useMutation<TData, TError, TVariables, TContext>({
    ...options,
    onSettled: (...args) => {
      inFlight.current.delete(writeKey(args[2]));
      setStarting(inFlight.current.size > 0);
      return options.onSettled?.(...args);
    },
  });
  const { mutate: run, mutateAsync: runAsync } = mutation;
  const start = useCallback((variables: unknown): boolean => {
    const key = writeKey(variables);
    if (inFlight.current.has(key)) return false;
    inFlight.current.add(key);
    setStarting(true);
    return true;
  }, []);
  const mutate = useCallback(
    (...args: Parameters<typeof run>) => {
      if (start(args[0])) run(...args);
    },
    [run, start],
  ) as typeof run;
  const mutateAsync = useCallback(
    (...args: Parameters<typeof runAsync>) =>
      start(args[0]) ? runAsync(...args) : Promise.reject(new Error('This is already being saved.')),
    [runAsync, start],
  ) as typeof runAsync;
  return {
    ...mutation,
    mutate,
    mutateAsync,
    isPending: mutation.isPending || isStarting,
  } as UseMutationResult<TData, TError, TVariables, TContext>;
}
