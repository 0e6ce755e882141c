import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { players } from '../accounts/accounts.tables.ts';

/** Messages to support (Support.sendFeedback), from guests (email given) or players. */
export const supportFeedback = pgTable(
  'support_feedback',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'bigint' }).references(() => players.id, { onDelete: 'set null' }),
    /** Where the answer goes: the guest's email, or the player's given email or login. */
    replyTo: text('reply_to').notNull(),
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    locale: text('locale').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('support_feedback_created_idx').on(table.createdAt),
    index('support_feedback_player_idx').on(table.playerId),
  ],
);

/** Live-chat messages the FreshChat widget reported for a signed-in player (never for guests). */
export const supportChatEvents = pgTable(
  'support_chat_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    channelId: text('channel_id').notNull(),
    conversationId: text('conversation_id').notNull(),
    text: text('text').notNull(),
    /** `sent` (by the player) or `received` (from an agent). */
    event: text('event').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_chat_events_player_idx').on(table.playerId, table.createdAt)],
);

/** Notices shown in a player's header notifications menu (spec §4), newest first, read or unread. */
export const playerNotices = pgTable(
  'player_notices',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** A message key of the web's `support` namespace (`notices.<kind>`), never free text. */
    kind: text('kind').notNull(),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('player_notices_player_idx').on(table.playerId, table.id)],
);
