import { type ComponentType, lazy, Suspense } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * A control only some viewers get (an admin's moderation menu, a creator's menu on their own posts),
 * downloaded by those who get it: a visitor's page does not carry it. It appears once its code has come,
 * after the page has hydrated; the server does not draw it, because a server-drawn button whose code has
 * not come yet would swallow a click (it looks ready and does nothing).
 */
export function lazyControl<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Control = lazy(() => load().then((component) => ({ default: component })));
  function LazyControl(props: P) {
    const isHydrated = useHydrated();
    if (!isHydrated) return null;
    return (
      <Suspense fallback={null}>
        <Control {...props} />
      </Suspense>
    );
  }
  return LazyControl;
}
