/**
 * Support: the live-chat settings (from the operator's environment), feedback stored and emailed to
 * the support address through the notifications outbox in the same transaction, and the chat events
 * the FreshChat widget reports for signed-in players.
 */
import { missingChatFields } from '@croupier/contract/support/chat-providers';
import type { ChatSettings } from '@croupier/contract/support/chat-settings';
import { NOTICE_KINDS, NOTICES_PAGE, type Notice, type NoticeKind } from '@croupier/contract/support/notices';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import type { NotificationsService, OutboxExecutor } from '../notifications/notifications.service.ts';
import { createSupportRepository } from './support.repository.ts';

type ChatConfigSource = Pick<
  Deps['config'],
  'CHAT_PROVIDER' | 'CHAT_ID' | 'CHAT_LICENSE' | 'CHAT_SRC' | 'CHAT_WIDGET_ID' | 'CHAT_LANG'
>;

/**
 * The chat settings of the operator's configuration; a provider missing a field it needs is a
 * configuration error (the server refuses to start rather than serve a chat that cannot load).
 */
export function chatSettingsFromConfig(config: ChatConfigSource): ChatSettings {
  const settings: ChatSettings = {
    chat: config.CHAT_PROVIDER ?? null,
    config: {
      id: config.CHAT_ID ?? null,
      license: config.CHAT_LICENSE ?? null,
      src: config.CHAT_SRC ?? null,
      widget_id: config.CHAT_WIDGET_ID ?? null,
      lang: config.CHAT_LANG ?? null,
    },
  };
  if (settings.chat !== null) {
    const missing = missingChatFields(settings.chat, settings.config);
    if (missing.length > 0) {
      const names = missing.map((field) => `CHAT_${field.toUpperCase()}`).join(', ');
      throw new Error(`CHAT_PROVIDER=${settings.chat} needs ${names}`);
    }
  }
  return settings;
}

export interface FeedbackInput {
  playerId: bigint | null;
  category: string;
  subject: string;
  message: string;
  email: string | undefined;
  locale: 'en' | 'fr';
  ip: string | null;
}

export interface ChatEventInput {
  channelId: string;
  conversationId: string;
  text: string;
  event: 'sent' | 'received';
}

export function createSupportService(
  deps: Pick<Deps, 'db' | 'config' | 'now'>,
  collaborators: {
    notifications: Pick<NotificationsService, 'enqueueEmail'>;
    /** The player's login (email or phone), to answer a player who gave no email. */
    playerLogin: (playerId: bigint) => Promise<string>;
    /** Tells the player's open pages (push stream, ADR 037), with the notice's transaction. */
    noticePosted?: (playerId: bigint, kind: NoticeKind, tx: OutboxExecutor | undefined) => Promise<void>;
  },
) {
  const repository = createSupportRepository(deps.db);
  const chat = chatSettingsFromConfig(deps.config);

  return {
    chatSettings(): ChatSettings {
      return chat;
    },

    async sendFeedback(input: FeedbackInput): Promise<1> {
      let replyTo = input.email;
      if (replyTo === undefined) {
        if (input.playerId === null) {
          throw new AppError('InvalidParameterException', {
            fields: { email: 'required' },
            message: 'support.email_required',
          });
        }
        replyTo = await collaborators.playerLogin(input.playerId);
      }
      const now = deps.now();
      const from = input.playerId === null ? 'guest' : `player ${input.playerId}`;
      await repository.insertFeedback(
        {
          playerId: input.playerId,
          replyTo,
          category: input.category,
          subject: input.subject,
          message: input.message,
          locale: input.locale,
          ip: input.ip,
          now,
        },
        async (tx, id) => {
          await collaborators.notifications.enqueueEmail(
            {
              to: deps.config.SUPPORT_EMAIL,
              // For the support team (English), not for the player.
              subject: `[Support] ${input.category}: ${input.subject}`,
              text: [
                `Feedback #${id} from ${from}, reply to ${replyTo}`,
                `Category: ${input.category}`,
                `Language: ${input.locale}`,
                `Sent: ${now.toISOString()}`,
                '',
                input.message,
              ].join('\n'),
              locale: 'en',
            },
            { tx },
          );
        },
      );
      return 1;
    },

    /** The player's latest notices and the unread count. */
    async notices(playerId: bigint): Promise<{ items: Notice[]; unread: number }> {
      const [rows, unread] = await Promise.all([
        repository.listNotices(playerId, NOTICES_PAGE),
        repository.countUnread(playerId),
      ]);
      const items = rows.flatMap((row): Notice[] => {
        const kind = NOTICE_KINDS.find((known) => known === row.kind);
        if (!kind) return [];
        return [
          {
            id: Number(row.id),
            kind,
            link: row.link,
            is_read: row.readAt !== null,
            created_at: row.createdAt.toISOString(),
          },
        ];
      });
      return { items, unread };
    },

    /**
     * Posts a notice to the player's notifications menu; other modules call this from their own
     * service (KYC reviews, responsible gaming), inside their transaction when they give one.
     */
    async postNotice(
      playerId: bigint,
      kind: NoticeKind,
      options: { link?: string; tx?: OutboxExecutor } = {},
    ): Promise<void> {
      await repository.insertNotice(options.tx, {
        playerId,
        kind,
        link: options.link ?? null,
        now: deps.now(),
      });
      await collaborators.noticePosted?.(playerId, kind, options.tx);
    },

    async markNoticesRead(playerId: bigint, ids: number[]): Promise<1> {
      await repository.markRead(playerId, [...new Set(ids)].map(BigInt), deps.now());
      return 1;
    },

    async storeChatEvent(playerId: bigint, input: ChatEventInput): Promise<1> {
      await repository.insertChatEvent({ playerId, ...input, now: deps.now() });
      return 1;
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
