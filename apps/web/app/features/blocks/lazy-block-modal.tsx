import { lazyDialog } from '../../lib/lazy-dialog';

/** The block dialog, downloaded when a creator first opens it (lib/lazy-dialog.tsx says why). */
export const LazyBlockModal = lazyDialog(() => import('./block-modal').then((m) => m.BlockModal));
