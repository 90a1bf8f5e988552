import { type ComponentType, cloneElement, lazy, type ReactElement, Suspense, useState } from 'react';

/** What a lazily loaded menu is given: its trigger, and whether it opens as it appears. */
export interface LazyMenuProps {
  /** The button that opens the menu (the same element is drawn before the menu's code comes). */
  trigger: ReactElement<{ onClick?: () => void; onPointerEnter?: () => void; onFocus?: () => void }>;
  /** True when the first click on the trigger loaded it: it appears opened. */
  defaultOpened: boolean;
}

/**
 * A "…" menu whose Menu (with its positioning library, the heaviest part of a public page) is downloaded
 * when its button is first pointed at, focused or clicked. Before that the page draws the same button.
 * A first click is not lost: it is remembered and the menu appears opened when its code has come.
 */
export function lazyMenu<P extends LazyMenuProps>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    loading ??= load().then((component) => ({ default: component }));
    return loading;
  };
  const Menu = lazy(preload);
  function LazyMenu(props: Omit<P, 'defaultOpened'>) {
    const [isWanted, setWanted] = useState(false);
    if (!isWanted) {
      return cloneElement(props.trigger, {
        onPointerEnter: () => void preload(),
        onFocus: () => void preload(),
        onClick: () => setWanted(true),
      });
    }
    return (
      <Suspense fallback={props.trigger}>
        <Menu {...(props as P)} defaultOpened />
      </Suspense>
    );
  }
  return LazyMenu;
}
