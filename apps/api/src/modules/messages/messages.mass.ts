import type { TMassMessage, TMassMessageCreate } from '@fanstage/contract';
import { and, count, desc, eq, inArray, lte, massMessageRecipients, massMessages, sql } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../auth/sessions';
import { assertCreator } from '../performers/performers.access';
import { presentMassMessage } from './messages.presenter';
import { deliverMassBatch, type FileRow, findAudienceBatch, findFilesByIds } from './messages.repo';
import { messageFileKinds, messageTypeOf, prepareContent } from './messages.service';
import { announceNewMessages } from './messages.socket';

/*
 * Mass messages: a creator's message to many fans, now or at a time. A job fans it out in batches
 * of fans in id order, each batch set-based (deliverMassBatch: a fixed number of statements for up
 * to `massBatchSize` fans); each fan's message is written with a `mass_message_recipients` row whose
 * primary key is the "once" rule, so two workers on two servers (or a retried job) never send a
 * fan the same mass message twice. Scheduled ones are picked up by the periodic due job, which
 * moves each from `scheduled` to `sending` with one conditional update (one server wins).
 */

export const massSendJobName = 'messages.mass-send';
export const massDueJobName = 'messages.mass-due';
export interface MassSendJob {
  massMessageId: string;
}
/** Fans per transaction: each batch is a fixed number of statements whatever its size. */
export const massBatchSize = 1000;
/** A `sending` mass message untouched this long lost its worker (a crash): the due job resumes it. */
const stalledAfterMs = 10 * 60 * 1000;

type MassRow = typeof massMessages.$inferSelect;

/** Creates a mass message; unscheduled ones start sending at once through the queue. */
export async function createMassMessage(
  ctx: AppContext,
  options: { actor: Actor; input: TMassMessageCreate },
): Promise<TMassMessage> {
  const { actor, input } = options;
  assertCreator(actor);
  const content = await prepareContent(ctx, { sender: actor, ...input });
  const now = ctx.clock.now();
  const scheduledAt = input.scheduledAt ? new Date(input.scheduledAt) : null;
  if (scheduledAt && scheduledAt <= now) {
    throw new AppError('UNPROCESSABLE', 'The scheduled time must be in the future.', [
      { path: 'scheduledAt', message: 'Pick a later time.' },
    ]);
  }
  const [row] = await ctx.db.db
    .insert(massMessages)
    .values({
      performerId: actor.id,
      text: content.text,
      fileIds: content.files.map((f) => f.id),
      priceCents: content.priceCents,
      audience: input.audience,
      status: scheduledAt ? 'scheduled' : 'sending',
      scheduledAt,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!scheduledAt) await ctx.queue.send<MassSendJob>(massSendJobName, { massMessageId: row!.id });
  return presentMassMessage(row!);
}

/** The creator's mass messages, newest first. */
export async function listMassMessages(
  ctx: AppContext,
  options: { actor: Actor; offset: number; limit: number },
): Promise<{ data: TMassMessage[]; total: number }> {
  const { actor } = options;
  assertCreator(actor);
  const where = eq(massMessages.performerId, actor.id);
  const [rows, [total]] = await Promise.all([
    ctx.db.db
      .select()
      .from(massMessages)
      .where(where)
      .orderBy(desc(massMessages.createdAt), desc(massMessages.id))
      .offset(options.offset)
      .limit(options.limit),
    ctx.db.db.select({ n: count() }).from(massMessages).where(where),
  ]);
  return { data: rows.map(presentMassMessage), total: total?.n ?? 0 };
}

/** Cancels a scheduled mass message of the creator's own; once sending has begun it is too late. */
export async function cancelMassMessage(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<TMassMessage> {
  const { actor } = options;
  assertCreator(actor);
  const own = and(eq(massMessages.id, options.id), eq(massMessages.performerId, actor.id));
  const [cancelled] = await ctx.db.db
    .update(massMessages)
    .set({ status: 'cancelled', updatedAt: ctx.clock.now() })
    .where(and(own, eq(massMessages.status, 'scheduled')))
    .returning();
  if (cancelled) return presentMassMessage(cancelled);
  const [row] = await ctx.db.db.select().from(massMessages).where(own);
  if (!row) throw notFound('That mass message');
  throw new AppError(
    'UNPROCESSABLE',
    row.status === 'cancelled'
      ? 'This mass message is already cancelled.'
      : 'This mass message is already being sent or was sent; only a scheduled one can be cancelled.',
  );
}

const findMass = async (ctx: AppContext, id: string): Promise<MassRow | null> =>
  (await ctx.db.db.select().from(massMessages).where(eq(massMessages.id, id)))[0] ?? null;

/** The attached files that still exist and belong to the creator (an upload may have been removed since). */
async function filesOfMass(ctx: AppContext, mass: MassRow): Promise<FileRow[]> {
  const byId = new Map((await findFilesByIds(ctx.db.db, mass.fileIds)).map((f) => [f.id, f]));
  return mass.fileIds
    .map((id) => byId.get(id))
    .filter((f): f is FileRow => !!f && f.ownerId === mass.performerId && messageFileKinds.has(f.kind));
}

/**
 * Sends a `sending` mass message to the rest of its audience, batch by batch. Safe to run many
 * times at once: a fan already sent to is skipped by the recipients' primary key. Answers how
 * many fans this run reached.
 */
export async function runMassMessage(ctx: AppContext, options: { massMessageId: string }): Promise<number> {
  const mass = await findMass(ctx, options.massMessageId);
  if (mass?.status !== 'sending') return 0;
  const files = await filesOfMass(ctx, mass);
  // A paid message without its files would sell nothing: it goes free rather than empty.
  const priceCents = files.length > 0 ? mass.priceCents : 0;
  if (mass.text === '' && files.length === 0) {
    await finish(ctx, mass.id);
    return 0;
  }
  let cursor = mass.cursor;
  let reached = 0;
  for (;;) {
    const now = ctx.clock.now();
    const fanIds = await findAudienceBatch(ctx.db.db, {
      performerId: mass.performerId,
      audience: mass.audience,
      afterFanId: cursor,
      now,
      limit: massBatchSize,
    });
    if (fanIds.length === 0) break;
    const delivered = await ctx.db.db.transaction(async (tx) => {
      const made = await deliverMassBatch(tx, {
        massMessageId: mass.id,
        performerId: mass.performerId,
        fanIds,
        type: messageTypeOf(files),
        text: mass.text,
        priceCents,
        fileIds: files.map((f) => f.id),
        now,
      });
      const last = fanIds[fanIds.length - 1]!;
      await tx
        .update(massMessages)
        .set({
          recipientsCount: sql`${massMessages.recipientsCount} + ${made.length}`,
          cursor: sql`GREATEST(${massMessages.cursor}, ${last}::uuid)`,
          updatedAt: now,
        })
        .where(eq(massMessages.id, mass.id));
      return made;
    });
    // After the commit: each fan's new message and unread total (one grouped read for the batch).
    // It forgets the creator's conversation pages on every node (plugins/views.ts) first.
    await announceNewMessages(ctx, { delivered, files });
    reached += delivered.length;
    cursor = fanIds[fanIds.length - 1]!;
    if (fanIds.length < massBatchSize) break;
  }
  await finish(ctx, mass.id);
  return reached;
}

const finish = (ctx: AppContext, id: string) =>
  ctx.db.db
    .update(massMessages)
    .set({ status: 'sent', sentAt: ctx.clock.now(), updatedAt: ctx.clock.now() })
    .where(and(eq(massMessages.id, id), eq(massMessages.status, 'sending')));

/**
 * The periodic job: scheduled mass messages whose time came move to `sending` (one conditional
 * update, so one server takes each), and `sending` ones whose worker died are resumed. Answers
 * the ids it ran.
 */
export async function runDueMassMessages(ctx: AppContext): Promise<string[]> {
  const now = ctx.clock.now();
  const due = await ctx.db.db
    .update(massMessages)
    .set({ status: 'sending', updatedAt: now })
    .where(and(eq(massMessages.status, 'scheduled'), lte(massMessages.scheduledAt, now)))
    .returning({ id: massMessages.id });
  const stalled = await ctx.db.db
    .update(massMessages)
    .set({ updatedAt: now })
    .where(
      and(
        eq(massMessages.status, 'sending'),
        lte(massMessages.updatedAt, new Date(now.getTime() - stalledAfterMs)),
      ),
    )
    .returning({ id: massMessages.id });
  const ids = [...due, ...stalled].map((r) => r.id);
  for (const id of ids) await runMassMessage(ctx, { massMessageId: id });
  return ids;
}

/** The recipients of a mass message (tests and support). */
export async function findMassRecipients(ctx: AppContext, massMessageId: string) {
  return ctx.db.db
    .select()
    .from(massMessageRecipients)
    .where(inArray(massMessageRecipients.massMessageId, [massMessageId]));
}
