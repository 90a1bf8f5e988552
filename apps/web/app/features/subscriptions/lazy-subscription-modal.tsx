import { lazy, Suspense } from 'react';
import { useWasOpened } from '../../lib/lazy-dialog';
import type { useSubscriptionModal } from './subscription-modal-state';

const SubscriptionModal = lazy(() =>
  import('./subscription-modal').then((m) => ({ default: m.SubscriptionModal })),
);

/**
 * The subscription modal, downloaded the first time a Subscribe button opens it (plans, payment choices
 * and the card forms are most of a public page's weight otherwise); then it stays mounted, as before.
 */
export function LazySubscriptionModal({ modal }: { modal: ReturnType<typeof useSubscriptionModal> }) {
  const wasOpened = useWasOpened(modal.showModal);
  if (!wasOpened) return null;
  return (
    <Suspense fallback={null}>
      <SubscriptionModal modal={modal} />
    </Suspense>
  );
}
