import { useId } from 'react';
import classes from './segmented.module.css';

/**
 * A choice of a few options drawn as one segmented row: native radio buttons (a click, or the arrow keys,
 * chooses) styled by a CSS module. Public pages use it instead of Mantine's SegmentedControl, whose
 * sliding indicator brings about 2.5 KB of script.
 */
export function Segmented<T extends string>(props: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className={classes.root} aria-label={props.label}>
      {props.options.map((option) => (
        <label key={option.value} className={classes.option}>
          <input
            className={classes.input}
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === props.value}
            onChange={() => props.onChange(option.value)}
          />
          <span className={classes.label}>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
