import type { TAdminPerformer, TAdminPerformerQuery } from '@fanstage/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { signMediaUrl } from '../files/signed-urls';
import { presentAdminPerformer } from './performers.presenter';
import {
  findDocuments,
  findPerformer,
  listForReview,
  setDocumentsVerdict,
  updateProfile,
  withLiveStats,
} from './performers.repo';

// An admin may keep the review screen open a while before opening a document.
const documentUrlTtlSeconds = 30 * 60;
const documentSigner = (ctx: AppContext) => (key: string) =>
  signMediaUrl(ctx, key, { expiresInSeconds: documentUrlTtlSeconds });

/** The document review queue (pending, verified or rejected), with each creator's documents and their signed URLs. */
export async function listPerformersForReview(
  ctx: AppContext,
  options: { query: TAdminPerformerQuery },
): Promise<{ data: TAdminPerformer[]; total: number }> {
  const listed = await listForReview(ctx.db.db, options.query);
  const rows = await withLiveStats(ctx.db.db, listed.rows, ctx.clock.now());
  const total = listed.total;
  const documents = await findDocuments(
    ctx.db.db,
    rows.map((r) => r.user.id),
  );
  return { data: rows.map((r) => presentAdminPerformer(r, documents, documentSigner(ctx))), total };
}

async function readAdminPerformer(ctx: AppContext, performerId: string): Promise<TAdminPerformer> {
  const found = await findPerformer(ctx.db.db, { id: performerId, viewerId: null });
  if (!found) throw notFound('That creator');
  const [row = found] = await withLiveStats(ctx.db.db, [found], ctx.clock.now());
  return presentAdminPerformer(row, await findDocuments(ctx.db.db, [row.user.id]), documentSigner(ctx));
}

async function notifyCreator(ctx: AppContext, performer: TAdminPerformer, subject: string, text: string) {
  if (!performer.email) return;
  // The verdict is saved either way; a mail that fails is logged, not turned into an error.
  await ctx.mailer.send({ to: performer.email, subject, text }).catch((err: unknown) => {
    ctx.log.error({ err, performerId: performer._id }, 'document review mail failed');
  });
}

/** Marks a creator's documents verified (the creator is listed from now on) and mails them once. */
export async function verifyDocuments(
  ctx: AppContext,
  options: { performerId: string },
): Promise<TAdminPerformer> {
  const changed = await setDocumentsVerdict(ctx.db.db, {
    userId: options.performerId,
    verdict: 'verified',
    at: ctx.clock.now(),
  });
  if (changed === null) throw notFound('That creator');
  const performer = await readAdminPerformer(ctx, options.performerId);
  if (changed) {
    const { siteName } = await ctx.settings.getAll();
    await notifyCreator(
      ctx,
      performer,
      `Your ${siteName} profile is verified`,
      `Hi ${performer.name},\n\nWe have checked your documents: your creator profile is now listed on ${siteName}.\n${ctx.config.PUBLIC_URL}/${performer.username ?? performer._id}`,
    );
  }
  return performer;
}

/** Refuses a creator's documents: they are unlisted until new documents pass; mails them the reason. */
export async function rejectDocuments(
  ctx: AppContext,
  options: { performerId: string; reason?: string },
): Promise<TAdminPerformer> {
  const changed = await setDocumentsVerdict(ctx.db.db, {
    userId: options.performerId,
    verdict: 'rejected',
    at: ctx.clock.now(),
  });
  if (changed === null) throw notFound('That creator');
  const performer = await readAdminPerformer(ctx, options.performerId);
  if (changed) {
    const { siteName } = await ctx.settings.getAll();
    const reason = options.reason ? `\n\nReason: ${options.reason}` : '';
    await notifyCreator(
      ctx,
      performer,
      `We could not verify your ${siteName} documents`,
      `Hi ${performer.name},\n\nWe could not verify your identity documents, so your profile is not listed.${reason}\n\nPlease upload clear images of your documents again from your account.`,
    );
  }
  return performer;
}

/** Sets the platform's share for one creator (0..1), or null to use the global performerCommission. */
export async function setCommission(
  ctx: AppContext,
  options: { performerId: string; commissionPercentage: number | null },
): Promise<TAdminPerformer> {
  const row = await findPerformer(ctx.db.db, { id: options.performerId, viewerId: null });
  if (!row) throw notFound('That creator');
  await updateProfile(ctx.db.db, row.user.id, { commissionPercentage: options.commissionPercentage });
  return readAdminPerformer(ctx, row.user.id);
}
