import { fromCents, type TWelcomeMessage, type TWelcomeMessageSettings } from '@fanstage/contract';
import { and, eq, performerProfiles, welcomeMessageDeliveries, welcomeMessages } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../auth/sessions';
import { signMediaUrl } from '../files/signed-urls';
import { presentMedia } from '../media/media.presenter';
import { assertCreator } from '../performers/performers.access';
import { decideSendTo } from './messages.access';
import { type FileRow, findFilesByIds, findOrCreateConversation } from './messages.repo';
import {
  checkMessageFiles,
  deliverMessage,
  messageFileKinds,
  messageTypeOf,
  toPlainText,
} from './messages.service';
import { announceNewMessage } from './messages.socket';

/*
 * The creator's automatic welcome message. Its text is the profile's `welcome_message` (the
 * profile form edits it too); the rest (on/off, files, price, trigger) is in `welcome_messages`.
 * Without that row it is on when the text is not empty and goes on subscribe, which is what the
 * profile's field always promised. Each fan gets it once per creator: the delivery row's primary
 * key decides, in the transaction that writes the message.
 */

interface WelcomeSettings {
  enabled: boolean;
  text: string;
  fileIds: string[];
  priceCents: number;
  trigger: 'follow' | 'subscribe' | 'both';
}

async function loadSettings(ctx: AppContext, performerId: string): Promise<WelcomeSettings | null> {
  const [row] = await ctx.db.db
    .select({ text: performerProfiles.welcomeMessage, settings: welcomeMessages })
    .from(performerProfiles)
    .leftJoin(welcomeMessages, eq(welcomeMessages.performerId, performerProfiles.userId))
    .where(eq(performerProfiles.userId, performerId));
  if (!row) return null;
  const s = row.settings;
  return {
    enabled: s ? s.isEnabled : row.text.trim() !== '',
    text: row.text,
    fileIds: s?.fileIds ?? [],
    priceCents: s?.priceCents ?? 0,
    trigger: s?.trigger ?? 'subscribe',
  };
}

async function present(ctx: AppContext, settings: WelcomeSettings): Promise<TWelcomeMessage> {
  const byId = new Map((await findFilesByIds(ctx.db.db, settings.fileIds)).map((f) => [f.id, f]));
  const files = settings.fileIds.map((id) => byId.get(id)).filter((f): f is FileRow => !!f);
  return {
    enabled: settings.enabled,
    text: settings.text,
    fileIds: files.map((f) => f.id),
    files: files.map((f) => presentMedia(f, { canView: true, sign: (key) => signMediaUrl(ctx, key) })),
    price: fromCents(settings.priceCents),
    trigger: settings.trigger,
  };
}

/** `GET /messages/welcome`: the creator's welcome message settings. */
export async function getWelcomeMessage(
  ctx: AppContext,
  options: { actor: Actor },
): Promise<TWelcomeMessage> {
  assertCreator(options.actor);
  const settings = await loadSettings(ctx, options.actor.id);
  if (!settings) throw new AppError('FORBIDDEN', 'Only creators can do this.');
  return present(ctx, settings);
}

/** `PUT /messages/welcome`: text (also the profile's), files, price (needs files) and trigger. */
export async function saveWelcomeMessage(
  ctx: AppContext,
  options: { actor: Actor; input: TWelcomeMessageSettings },
): Promise<TWelcomeMessage> {
  const { actor, input } = options;
  assertCreator(actor);
  const text = toPlainText(input.text);
  const files = await checkMessageFiles(ctx, { ownerId: actor.id, fileIds: input.fileIds });
  const priceCents = input.price ? Math.round(input.price * 100) : 0;
  if (input.enabled && text === '' && files.length === 0) {
    throw new AppError(
      'UNPROCESSABLE',
      'Write the welcome message or attach a photo or video before turning it on.',
    );
  }
  if (priceCents > 0 && files.length === 0) {
    throw new AppError('UNPROCESSABLE', 'A paid welcome message needs a photo or video to unlock.');
  }
  const now = ctx.clock.now();
  const values = {
    isEnabled: input.enabled,
    fileIds: files.map((f) => f.id),
    priceCents,
    trigger: input.trigger,
    updatedAt: now,
  };
  await ctx.db.db.transaction(async (tx) => {
    await tx
      .update(performerProfiles)
      .set({ welcomeMessage: text, updatedAt: now })
      .where(eq(performerProfiles.userId, actor.id));
    await tx
      .insert(welcomeMessages)
      .values({ performerId: actor.id, ...values })
      .onConflictDoUpdate({ target: welcomeMessages.performerId, set: values });
  });
  return getWelcomeMessage(ctx, { actor });
}

/**
 * Sends the creator's welcome message to a fan who just followed or subscribed, when it is on for
 * that trigger, once per fan. Call it after the follow or subscription committed. It never throws:
 * a welcome that cannot go is logged and the follow or subscription stands.
 */
export async function sendWelcomeMessage(
  ctx: AppContext,
  options: { performerId: string; fanId: string; trigger: 'follow' | 'subscribe' },
): Promise<void> {
  const { performerId, fanId, trigger } = options;
  try {
    if (performerId === fanId) return;
    const settings = await loadSettings(ctx, performerId);
    if (!settings?.enabled || (settings.trigger !== 'both' && settings.trigger !== trigger)) return;
    const byId = new Map((await findFilesByIds(ctx.db.db, settings.fileIds)).map((f) => [f.id, f]));
    const files = settings.fileIds
      .map((id) => byId.get(id))
      .filter(
        (f): f is FileRow =>
          !!f && f.ownerId === performerId && messageFileKinds.has(f.kind) && f.status !== 'failed',
      );
    const text = toPlainText(settings.text);
    if (text === '' && files.length === 0) return;
    const { decision } = await decideSendTo(ctx, {
      viewer: { id: performerId, role: 'performer' },
      otherId: fanId,
    });
    if (decision.isBlocked) return;
    const now = ctx.clock.now();
    const message = await ctx.db.db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(welcomeMessageDeliveries)
        .values({ performerId, fanId, createdAt: now })
        .onConflictDoNothing()
        .returning({ fanId: welcomeMessageDeliveries.fanId });
      if (!claimed) return null;
      const { conversation } = await findOrCreateConversation(tx, { a: performerId, b: fanId, now });
      const row = await deliverMessage(tx, {
        conversationId: conversation.id,
        senderId: performerId,
        recipientId: fanId,
        type: messageTypeOf(files),
        text,
        priceCents: files.length > 0 ? settings.priceCents : 0,
        fileIds: files.map((f) => f.id),
        now,
      });
      await tx
        .update(welcomeMessageDeliveries)
        .set({ messageId: row.id })
        .where(
          and(
            eq(welcomeMessageDeliveries.performerId, performerId),
            eq(welcomeMessageDeliveries.fanId, fanId),
          ),
        );
      return row;
    });
    // It may come from a payment's webhook, not from either member's request: the announcement
    // forgets both members' conversation pages (plugins/views.ts).
    if (message) await announceNewMessage(ctx, { message, recipientId: fanId, files });
  } catch (err) {
    ctx.log.warn({ err, performerId, fanId }, 'could not send the welcome message');
  }
}
