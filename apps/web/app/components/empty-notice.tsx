import type { ReactNode } from 'react';
import classes from './empty-notice.module.css';

/**
 * "Nothing here yet, and what to do": an icon in a tinted circle, a title, a sentence and actions. It looks
 * as Mantine's EmptyState (light variant) does; public pages use it because it is a CSS module and a few
 * elements, where EmptyState's script and its context came to about 1 KB on every page that showed one.
 */
export function EmptyNotice(props: {
  icon: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={classes.root}>
      <div className={classes.indicator} aria-hidden>
        {props.icon}
      </div>
      <div className={classes.title}>{props.title}</div>
      {props.description ? <p className={classes.description}>{props.description}</p> : null}
      {props.children ? <div className={classes.actions}>{props.children}</div> : null}
    </div>
  );
}
