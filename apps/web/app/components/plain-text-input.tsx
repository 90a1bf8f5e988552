import { type ComponentPropsWithoutRef, type ReactNode, useId } from 'react';
import classes from './plain-text-input.module.css';

/**
 * A one-line text field with its error under it, looking as Mantine's TextInput does: an input and a CSS
 * module. Public pages with one field (a show's chat) use it; Mantine's Input brings about 4.5 KB of script.
 */
export function PlainTextInput({
  error,
  className,
  style,
  ...props
}: Omit<ComponentPropsWithoutRef<'input'>, 'type'> & { error?: ReactNode }) {
  const errorId = useId();
  return (
    <div className={className} style={style}>
      <input
        {...props}
        type="text"
        className={classes.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
