import { lazyControl } from '../../lib/lazy-control';

/** The creator's controls of their own show's chat, downloaded for the creator only (lib/lazy-control.tsx). */
export const LazyModerationMenu = lazyControl(() =>
  import('./owner-chat-controls').then((m) => m.ModerationMenu),
);
export const LazyClearChatButton = lazyControl(() =>
  import('./owner-chat-controls').then((m) => m.ClearChatButton),
);
