import { lazyDialog } from '../../lib/lazy-dialog';

/** The tip dialog, downloaded when a viewer first opens it (lib/lazy-dialog.tsx says why). */
export const LazyTipModal = lazyDialog(() => import('./tip-modal').then((m) => m.TipModal));
