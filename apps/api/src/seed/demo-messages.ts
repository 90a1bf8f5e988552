import { and, conversationMembers, eq, inArray, users } from '@fanstage/db';
import type { AppContext } from '../context';
import {
  findConversationOfPair,
  findOrCreateConversation,
  recountUnreadTotals,
} from '../modules/messages/messages.repo';
import { deliverMessage, uploadMessageFile } from '../modules/messages/messages.service';
import { renderJpeg, sceneSvg } from './demo-images';
import { bytesUpload } from './demo-media';

/**
 * Two demo conversations of Ava, so the messages page has something on first start: a chat with
 * Luna (a few messages each way and one paid photo, still locked for Ava) and a short one with
 * Mateo. Written through the messaging functions the routes use, at past times.
 */

const hourMs = 60 * 60 * 1000;

type Line = { from: 'fan' | 'creator'; text: string; hoursAgo: number; paidPhoto?: number };

const chats: { creator: string; lines: Line[] }[] = [
  {
    creator: 'luna.rivers',
    lines: [
      { from: 'fan', text: 'Your new demo has been on repeat all week!', hoursAgo: 50 },
      { from: 'creator', text: 'That makes my day, thank you Ava 💛', hoursAgo: 49 },
      { from: 'creator', text: 'Want a first look at the album cover?', hoursAgo: 26 },
      { from: 'fan', text: 'Yes please!', hoursAgo: 25 },
      { from: 'creator', text: 'Here it is, before anyone else sees it.', hoursAgo: 24, paidPhoto: 4.99 },
    ],
  },
  {
    creator: 'mateo.alves',
    lines: [
      { from: 'creator', text: 'Thanks for subscribing! Ask me anything about the trip.', hoursAgo: 72 },
      { from: 'fan', text: 'Which camera do you use?', hoursAgo: 70 },
    ],
  },
];

/** Seeds the demo conversations once (a conversation that already has messages is left alone). */
export async function seedDemoMessages(ctx: AppContext): Promise<void> {
  const names = ['ava.thompson', ...chats.map((c) => c.creator)];
  const rows = await ctx.db.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, names));
  const idOf = new Map(rows.map((r) => [r.username, r.id]));
  const fanId = idOf.get('ava.thompson');
  if (!fanId) return;
  const now = ctx.clock.now().getTime();
  for (const chat of chats) {
    const creatorId = idOf.get(chat.creator);
    if (!creatorId) continue;
    const existing = await findConversationOfPair(ctx.db.db, { a: fanId, b: creatorId });
    if (existing && existing.lastSeq > 0) continue;
    const fileIds = new Map<Line, string>();
    for (const line of chat.lines.filter((l) => l.paidPhoto)) {
      const bytes = await renderJpeg(
        sceneSvg({ kind: 'sunset', seed: `${chat.creator}:message`, palette: 0, width: 900, height: 900 }),
      );
      const upload = await bytesUpload(ctx, 'album-cover.jpg', bytes);
      try {
        const file = await uploadMessageFile(ctx, {
          actor: { id: creatorId, role: 'performer', sessionId: 'demo-seed', status: 'active' },
          kind: 'message-photo',
          upload,
        });
        fileIds.set(line, file._id);
      } finally {
        await upload.remove();
      }
    }
    await ctx.db.db.transaction(async (tx) => {
      const first = new Date(now - Math.max(...chat.lines.map((l) => l.hoursAgo)) * hourMs - hourMs);
      const { conversation } = await findOrCreateConversation(tx, { a: fanId, b: creatorId, now: first });
      if (conversation.lastSeq > 0) return;
      for (const line of chat.lines) {
        const fileId = fileIds.get(line);
        const [senderId, recipientId] = line.from === 'fan' ? [fanId, creatorId] : [creatorId, fanId];
        await deliverMessage(tx, {
          conversationId: conversation.id,
          senderId,
          recipientId,
          type: fileId ? 'photo' : 'text',
          text: line.text,
          priceCents: fileId && line.paidPhoto ? Math.round(line.paidPhoto * 100) : 0,
          fileIds: fileId ? [fileId] : [],
          now: new Date(now - line.hoursAgo * hourMs),
        });
      }
      // Each has read up to their own last message; what the other wrote after it is unseen.
      for (const [userId, side] of [
        [fanId, 'fan'],
        [creatorId, 'creator'],
      ] as const) {
        const lastOwn = chat.lines.map((l) => l.from).lastIndexOf(side);
        await tx
          .update(conversationMembers)
          .set({ lastReadSeq: lastOwn + 1, unreadCount: chat.lines.length - lastOwn - 1 })
          .where(
            and(
              eq(conversationMembers.conversationId, conversation.id),
              eq(conversationMembers.userId, userId),
            ),
          );
      }
      await recountUnreadTotals(tx, [fanId, creatorId]);
    });
  }
}
