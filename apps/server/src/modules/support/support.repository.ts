import type { Db } from '@croupier/db/client';
import type { OutboxExecutor } from '../notifications/notifications.service.ts';
import { supportChatEvents, supportFeedback } from './support.tables.ts';

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
        await alongside(tx, inserted.id);
      });
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
  };
}
