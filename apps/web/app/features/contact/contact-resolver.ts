import { ZContactRequest } from '@fanstage/contract';
import { zodResolver } from '@hookform/resolvers/zod';

/** The contact form's validation, the contract's schema; the page loads it lazily (lib/lazy-resolver.ts). */
export const contactResolver = zodResolver(ZContactRequest);
