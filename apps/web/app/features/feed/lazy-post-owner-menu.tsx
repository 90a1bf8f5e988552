import { lazyControl } from '../../lib/lazy-control';

/** The menu of a creator's own post (edit, pin, delete), downloaded for that creator only (lib/lazy-control.tsx). */
export const LazyPostOwnerMenu = lazyControl(() => import('./post-owner-menu').then((m) => m.PostOwnerMenu));
