import { lazyControl } from '../../lib/lazy-control';

/** The moderation menu, downloaded for admins only (lib/lazy-control.tsx). */
export const LazyModerateMenu = lazyControl(() => import('./moderate-menu').then((m) => m.ModerateMenu));
