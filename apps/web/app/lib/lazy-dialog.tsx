import { type ComponentType, lazy, Suspense, useState } from 'react';

/** True from the first render where `isOpen` is true on (a lazily loaded dialog then stays mounted). */
export function useWasOpened(isOpen: boolean): boolean {
  const [wasOpened, setWasOpened] = useState(isOpen);
  if (isOpen && !wasOpened) setWasOpened(true);
  return wasOpened || isOpen;
}

/**
 * A dialog whose code is downloaded the first time it opens: most visitors of a public page never open
 * it, and its form controls (inputs, radios, selects and their positioning library) weigh more than the
 * page. Once opened it stays mounted, so it can play its closing transition. Nothing is drawn while its
 * code arrives; a dialog takes no room on the page. The first click is not lost: the state that opens
 * the dialog is set at once and the dialog appears opened when its code has come.
 */
export function lazyDialog<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  function LazyDialog(props: P) {
    const wasOpened = useWasOpened(props.opened);
    if (!wasOpened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
