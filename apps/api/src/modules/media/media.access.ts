import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import type { Actor } from '../auth/sessions';
import { type FileRow, findFileById } from './media.repo';

/** A file the actor may manage: their own upload, or any for an admin. Others answer 404. */
export async function findManageableFile(
  ctx: AppContext,
  options: { actor: Pick<Actor, 'id' | 'role'>; fileId: string },
): Promise<FileRow> {
  const file = await findFileById(ctx.db.db, options.fileId);
  if (!file || (file.ownerId !== options.actor.id && options.actor.role !== 'admin')) {
    throw notFound('That file');
  }
  return file;
}
