import type { THiddenState } from '@fanstage/contract';
import { isNull } from '@fanstage/db';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from '../auth/sessions';

/*
 * The one rule of hidden content, used by every domain that lists or shows a creator's things:
 * an item an admin hid is seen only by its owner (with the reason) and by admins; for everyone
 * else it does not exist (404 on its page, missing from every list).
 */

/** SQL: the row is not hidden. Add it to every list fans read. */
export const notHidden = (table: { hiddenAt: AnyPgColumn }) => isNull(table.hiddenAt);

/** Whether this actor may see the owner's hidden things: the owner and admins. */
export const maySeeHidden = (actor: Pick<Actor, 'id' | 'role'> | null | undefined, ownerId: string) =>
  actor?.id === ownerId || actor?.role === 'admin';

/** Whether the row is hidden from this actor. */
export const isHiddenFrom = (
  row: { hiddenAt: Date | null },
  actor: Pick<Actor, 'id' | 'role'> | null | undefined,
  ownerId: string,
) => row.hiddenAt !== null && !maySeeHidden(actor, ownerId);

/** What the owner is shown of a hiding: when and why; null when the row is not hidden. */
export const hiddenStateOf = (row: { hiddenAt: Date | null; hiddenReason: string | null }): THiddenState =>
  row.hiddenAt ? { at: row.hiddenAt.toISOString(), reason: row.hiddenReason ?? '' } : null;
