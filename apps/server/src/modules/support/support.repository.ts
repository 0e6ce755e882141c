import type { Db } from '@croupier/db/client';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { OutboxExecutor } from '../notifications/notifications.service.ts';
import { playerNotices, supportChatEvents, supportFeedback } from './support.tables.ts';

export interface FeedbackInsert {
  playerId: bigint | null;
  replyTo: string;
  category: string;
  subject: string;
  message: string;
  locale: string;
  ip: string | null;
  now: Date;
}

export interface ChatEventInsert {
  playerId: bigint;
  channelId: string;
  conversationId: string;
  text: string;
  event: 'sent' | 'received';
  now: Date;
}

export function createSupportRepository(db: Db) {
  return {
    /** Stores the feedback and runs `alongside` in the same transaction (the email to support). */
    async insertFeedback(row: FeedbackInsert, alongside: (tx: OutboxExecutor, id: bigint) => Promise<void>) {
      await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(supportFeedback)
          .values({
            playerId: row.playerId,
            replyTo: row.replyTo,
            category: row.category,
            subject: row.subject,
            message: row.message,
            locale: row.locale,
            ip: row.ip,
            createdAt: row.now,
          })
          .returning({ id: supportFeedback.id });
        if (!inserted) throw new Error('feedback insert returned no row');
        if (row.playerId !== null) {
          await tx
            .insert(playerNotices)
            .values({ playerId: row.playerId, kind: 'feedback_received', createdAt: row.now });
        }
        await alongside(tx, inserted.id);
      });
    },

    /** A notice for the player, in the caller's transaction when given. */
    async insertNotice(
      executor: OutboxExecutor | undefined,
      row: { playerId: bigint; kind: string; link: string | null; now: Date },
    ): Promise<void> {
      await (executor ?? db)
        .insert(playerNotices)
        .values({ playerId: row.playerId, kind: row.kind, link: row.link, createdAt: row.now });
    },

    async insertChatEvent(row: ChatEventInsert): Promise<void> {
      await db.insert(supportChatEvents).values({
        playerId: row.playerId,
        channelId: row.channelId,
        conversationId: row.conversationId,
        text: row.text,
        event: row.event,
        createdAt: row.now,
      });
    },

    async listNotices(playerId: bigint, limit: number) {
      return db
        .select({
          id: playerNotices.id,
          kind: playerNotices.kind,
          link: playerNotices.link,
          readAt: playerNotices.readAt,
          createdAt: playerNotices.createdAt,
        })
        .from(playerNotices)
        .where(eq(playerNotices.playerId, playerId))
        .orderBy(desc(playerNotices.id))
        .limit(limit);
    },

    async countUnread(playerId: bigint): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(playerNotices)
        .where(and(eq(playerNotices.playerId, playerId), isNull(playerNotices.readAt)));
      return row?.n ?? 0;
    },

    /** Marks read only this player's notices among `ids`. */
    async markRead(playerId: bigint, ids: bigint[], now: Date): Promise<void> {
      await db
        .update(playerNotices)
        .set({ readAt: now })
        .where(
          and(
            eq(playerNotices.playerId, playerId),
            inArray(playerNotices.id, ids),
            isNull(playerNotices.readAt),
          ),
        );
    },
  };
}
