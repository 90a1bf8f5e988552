import classes from './progress-bar.module.css';

/**
 * A progress bar (0–100) drawn with two elements and a CSS module: public pages use it instead of
 * Mantine's Progress, whose script brings its context helpers (about 3 KB) along.
 */
export function ProgressBar(props: { value: number; animated?: boolean; label: string }) {
  const value = Math.min(100, Math.max(0, Math.round(props.value)));
  return (
    <div
      className={classes.track}
      role="progressbar"
      aria-label={props.label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      <div
        className={classes.bar}
        style={{ width: `${value}%` }}
        data-animated={props.animated || undefined}
      />
    </div>
  );
}
