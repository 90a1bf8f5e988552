import { lazyDialog } from '../../lib/lazy-dialog';

/** The unlock dialog, downloaded when a visitor first opens it (lib/lazy-dialog.tsx says why). */
export const LazyUnlockDialog = lazyDialog(() => import('./unlock-dialog').then((m) => m.UnlockDialog));
