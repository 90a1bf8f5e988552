import type { TAdminPerformer, TAdminPerformerQuery } from '@fanstage/contract';
import { type Executor, eq, performerProfiles } from '@fanstage/db';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { recordAudit } from '../audit/audit';
import { type Actor, forgetActors } from '../auth/sessions';
import { signMediaUrl } from '../files/signed-urls';
import { notify } from '../notifications/notifications.service';
import { presentAdminPerformer } from './performers.presenter';
import {
  findDocuments,
  findPerformer,
  listForReview,
  setDocumentsVerdict,
  updateProfile,
  withLiveStats,
} from './performers.repo';

// An admin may keep the review screen open a while before opening a document. Identity documents
// keep their exact lifetime rather than a cache window.
const documentUrlTtlSeconds = 30 * 60;
const documentSigner = (ctx: AppContext) => (key: string) =>
  signMediaUrl(ctx, key, { expiresInSeconds: documentUrlTtlSeconds, exact: true });

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
  const found = await findPerformer(ctx.db, { id: performerId, viewerId: null });
  if (!found) throw notFound('That creator');
  const [row = found] = await withLiveStats(ctx.db.db, [found], ctx.clock.now());
  return presentAdminPerformer(row, await findDocuments(ctx.db.db, [row.user.id]), documentSigner(ctx));
}

/** The verdict is saved either way; `notify` logs a failure and never turns it into an error. */
async function notifyCreator(
  ctx: AppContext,
  performer: TAdminPerformer,
  words: { title: string; text: string; link: string },
) {
  await notify(ctx, { userIds: performer._id, type: 'creator.reviewed', ...words });
}

/** The review fields of a profile, locked until the transaction ends (null: no such creator). */
async function lockReview(tx: Executor, userId: string) {
  const [row] = await tx
    .select({
      documentsVerifiedAt: performerProfiles.documentsVerifiedAt,
      documentsRejectedAt: performerProfiles.documentsRejectedAt,
      commissionPercentage: performerProfiles.commissionPercentage,
    })
    .from(performerProfiles)
    .where(eq(performerProfiles.userId, userId))
    .for('update')
    .limit(1);
  return row ?? null;
}

/**
 * Sets the verdict and, when it changed something, its audit row in the same transaction.
 * Answers like setDocumentsVerdict: true changed, false already so, null no such creator.
 */
async function auditedVerdict(
  ctx: AppContext,
  options: { actor: Actor; performerId: string; verdict: 'verified' | 'rejected'; reason?: string },
): Promise<boolean | null> {
  const changed = await ctx.db.db.transaction(async (tx) => {
    const before = await lockReview(tx, options.performerId);
    const at = ctx.clock.now();
    const changed = await setDocumentsVerdict(tx, {
      userId: options.performerId,
      verdict: options.verdict,
      at,
    });
    if (changed && before) {
      await recordAudit(tx, {
        actorId: options.actor.id,
        action: options.verdict === 'verified' ? 'performer.verify-documents' : 'performer.reject-documents',
        targetType: 'user',
        targetId: options.performerId,
        before: {
          documentsVerifiedAt: before.documentsVerifiedAt,
          documentsRejectedAt: before.documentsRejectedAt,
        },
        after:
          options.verdict === 'verified'
            ? { documentsVerifiedAt: at, documentsRejectedAt: null }
            : { documentsVerifiedAt: null, documentsRejectedAt: at },
        reason: options.reason ?? null,
      });
    }
    return changed;
  });
  // The creator's actor carries whether their documents are verified.
  if (changed) forgetActors(ctx, options.performerId);
  return changed;
}

/** Marks a creator's documents verified (the creator is listed from now on) and mails them once. */
export async function verifyDocuments(
  ctx: AppContext,
  options: { actor: Actor; performerId: string },
): Promise<TAdminPerformer> {
  const changed = await auditedVerdict(ctx, { ...options, verdict: 'verified' });
  if (changed === null) throw notFound('That creator');
  const performer = await readAdminPerformer(ctx, options.performerId);
  if (changed) {
    const { siteName } = await ctx.settings.getAll();
    await notifyCreator(ctx, performer, {
      title: `Your ${siteName} profile is verified`,
      text: `We have checked your documents: your creator profile is now listed on ${siteName}.`,
      link: `/${performer.username ?? performer._id}`,
    });
  }
  return performer;
}

/** Refuses a creator's documents: they are unlisted until new documents pass; mails them the reason. */
export async function rejectDocuments(
  ctx: AppContext,
  options: { actor: Actor; performerId: string; reason?: string },
): Promise<TAdminPerformer> {
  const changed = await auditedVerdict(ctx, { ...options, verdict: 'rejected' });
  if (changed === null) throw notFound('That creator');
  const performer = await readAdminPerformer(ctx, options.performerId);
  if (changed) {
    const { siteName } = await ctx.settings.getAll();
    const reason = options.reason ? `\n\nReason: ${options.reason}` : '';
    await notifyCreator(ctx, performer, {
      title: `We could not verify your ${siteName} documents`,
      text: `We could not verify your identity documents, so your profile is not listed.${reason}\n\nPlease upload clear images of your documents again from your account.`,
      link: '/creator/account',
    });
  }
  return performer;
}

/** Sets the platform's share for one creator (0..1), or null to use the global performerCommission. */
export async function setCommission(
  ctx: AppContext,
  options: { actor: Actor; performerId: string; commissionPercentage: number | null },
): Promise<TAdminPerformer> {
  const { performerId, commissionPercentage } = options;
  await ctx.db.db.transaction(async (tx) => {
    const before = await lockReview(tx, performerId);
    if (!before) throw notFound('That creator');
    if (before.commissionPercentage === commissionPercentage) return;
    await updateProfile(tx, performerId, { commissionPercentage });
    await recordAudit(tx, {
      actorId: options.actor.id,
      action: 'performer.commission',
      targetType: 'user',
      targetId: performerId,
      before: { commissionPercentage: before.commissionPercentage },
      after: { commissionPercentage },
    });
  });
  return readAdminPerformer(ctx, performerId);
}
