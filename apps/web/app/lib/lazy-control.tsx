import { type ComponentType, lazy, Suspense } from 'react';

/**
 * A control only some viewers get (an admin's moderation menu, a creator's menu on their own posts),
 * downloaded by those who get it: a visitor's page does not carry it. The server renders it in full;
 * in the browser it takes its place once its code has come (until then the server's markup stays).
 */
export function lazyControl<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Control = lazy(() => load().then((component) => ({ default: component })));
  function LazyControl(props: P) {
    return (
      <Suspense fallback={null}>
        <Control {...props} />
      </Suspense>
    );
  }
  return LazyControl;
}
