/**
 * Email and SMS through a PostgreSQL outbox. Other modules enqueue (inside their own transaction
 * when the message must not be lost or sent without its cause); a sender loop on every node claims
 * due rows, delivers them and retries failures with exponential back-off, a bounded number of times.
 */
import type { Deps } from '../../deps.ts';
import {
  type ClaimedMessage,
  createNotificationsRepository,
  type MailboxRow,
  type OutboxExecutor,
} from './notifications.repository.ts';
import { createSmtpTransport, type EmailTransport, mailboxTransport } from './notifications.transport.ts';

export type { OutboxExecutor } from './notifications.repository.ts';

export interface EmailInput {
  to: string;
  subject: string;
  text: string;
  html?: string;
  locale?: 'en' | 'fr';
  meta?: { link?: string; code?: string };
}

export interface SmsInput {
  to: string;
  text: string;
  locale?: 'en' | 'fr';
  meta?: { link?: string; code?: string };
}

export interface EnqueueOptions {
  /** Write the message in this transaction (it commits or rolls back with the caller's write). */
  tx?: OutboxExecutor;
}

export interface MailboxEntry {
  id: string;
  channel: string;
  to: string;
  subject: string | null;
  text: string;
  link: string | null;
  code: string | null;
  status: string;
  attempts: number;
  transport: string | null;
  created_at: string;
}

/** Attempts before a message is given up (status `failed`). */
export const MAX_ATTEMPTS = 6;
/** First retry after 30 s, doubling, capped at an hour: 30 s, 1 min, 2 min, 4 min, 8 min. */
const BASE_RETRY_MS = 30_000;
const MAX_RETRY_MS = 3_600_000;
/** A claim lapses after this long, so a message a dead node held is retried by another. */
const LEASE_MS = 120_000;
const BATCH_SIZE = 20;
/** Loop passes a tick may run while a full batch keeps coming (bounded work per tick). */
const MAX_BATCHES_PER_TICK = 10;
const DEFAULT_POLL_MS = 1_000;
const MAX_TEXT_CHARS = 100_000;
const MAILBOX_LIMIT = 200;

export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, BASE_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

function cleanMeta(meta: EmailInput['meta']): { link?: string; code?: string } {
  const out: { link?: string; code?: string } = {};
  if (meta?.link) out.link = meta.link.slice(0, 2048);
  if (meta?.code) out.code = meta.code.slice(0, 64);
  return out;
}

export function createNotificationsService(
  deps: Pick<Deps, 'db' | 'config' | 'log' | 'now' | 'jobs'>,
  options: {
    emailTransport?: EmailTransport;
    /**
     * Whether a player may receive marketing now (responsible gaming: not while a time-out or
     * self-exclusion holds, ADR 029). Every marketing message goes through `enqueueMarketingEmail`.
     */
    marketingAllowed?: (playerId: bigint) => Promise<boolean>;
  } = {},
) {
  const repository = createNotificationsRepository(deps.db);
  const emailTransport =
    options.emailTransport ??
    (deps.config.SMTP_URL
      ? createSmtpTransport(deps.config.SMTP_URL, deps.config.MAIL_FROM)
      : mailboxTransport);

  // A pass every second on whichever node takes the job (ADR 015); the outbox rows stay the record.
  const sender = deps.jobs.recurring({
    name: 'notification sender',
    everyMs: DEFAULT_POLL_MS,
    pass: () => service.deliverDue(),
  });

  async function deliver(message: ClaimedMessage): Promise<void> {
    try {
      let transport = 'mailbox';
      if (message.channel === 'email') {
        await emailTransport.send({
          to: message.recipient,
          subject: message.subject ?? '',
          text: message.text,
          html: message.html,
        });
        transport = emailTransport.name;
      }
      await repository.markSent(message.id, transport, deps.now());
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      if (message.attempts >= MAX_ATTEMPTS) {
        deps.log.error({ notificationId: String(message.id), reason }, 'notification given up');
        await repository.markFailed(message.id, reason);
      } else {
        const next = new Date(deps.now().getTime() + retryDelayMs(message.attempts));
        deps.log.warn({ notificationId: String(message.id), reason }, 'notification will be retried');
        await repository.markRetry(message.id, next, reason);
      }
    }
  }

  async function enqueue(
    channel: 'email' | 'sms',
    input: {
      to: string;
      subject: string | null;
      text: string;
      html: string | null;
      locale?: string;
      meta?: EmailInput['meta'];
    },
    enqueueOptions: EnqueueOptions,
  ): Promise<void> {
    const to = input.to.trim();
    if (to === '' || to.length > 320) throw new Error('A notification needs a recipient');
    await repository.insert(enqueueOptions.tx ?? deps.db, {
      channel,
      recipient: to,
      subject: input.subject?.slice(0, 500) ?? null,
      text: input.text.slice(0, MAX_TEXT_CHARS),
      html: input.html?.slice(0, MAX_TEXT_CHARS) ?? null,
      locale: input.locale ?? 'en',
      meta: cleanMeta(input.meta),
      now: deps.now(),
    });
  }

  const service = {
    async enqueueEmail(input: EmailInput, enqueueOptions: EnqueueOptions = {}): Promise<void> {
      await enqueue(
        'email',
        {
          to: input.to,
          subject: input.subject,
          text: input.text,
          html: input.html ?? null,
          ...(input.locale ? { locale: input.locale } : {}),
          ...(input.meta ? { meta: input.meta } : {}),
        },
        enqueueOptions,
      );
    },

    /**
     * Marketing email (news, promotions, welcome offers): the one way to send it. A player the
     * responsible-gaming gate refuses (an exclusion holds) gets nothing; answers whether it was queued.
     */
    async enqueueMarketingEmail(
      playerId: bigint,
      input: EmailInput,
      enqueueOptions: EnqueueOptions = {},
    ): Promise<boolean> {
      if (options.marketingAllowed && !(await options.marketingAllowed(playerId))) return false;
      await service.enqueueEmail(input, enqueueOptions);
      return true;
    },

    async enqueueSms(input: SmsInput, enqueueOptions: EnqueueOptions = {}): Promise<void> {
      await enqueue(
        'sms',
        {
          to: input.to,
          subject: null,
          text: input.text,
          html: null,
          ...(input.locale ? { locale: input.locale } : {}),
          ...(input.meta ? { meta: input.meta } : {}),
        },
        enqueueOptions,
      );
    },

    /** One sending pass: claims due messages and delivers them; returns how many it handled. */
    async deliverDue(): Promise<number> {
      let handled = 0;
      for (let batch = 0; batch < MAX_BATCHES_PER_TICK; batch += 1) {
        const now = deps.now();
        const claimed = await repository.claimDue(now, new Date(now.getTime() + LEASE_MS), BATCH_SIZE);
        for (const message of claimed) await deliver(message);
        handled += claimed.length;
        if (claimed.length < BATCH_SIZE) break;
      }
      return handled;
    },

    /** This node runs sender passes (app ready); each pass is followed by a pause of a second. */
    start(): void {
      sender.start();
    },

    /** Stops the loop and waits for a pass in flight (app close, before the pool closes). */
    async stop(): Promise<void> {
      await sender.stop();
      emailTransport.close();
    },

    /** The development mailbox: newest first, optionally for one recipient. */
    async mailbox(filter: { to?: string } = {}): Promise<MailboxEntry[]> {
      const rows = await repository.listRecent({
        ...(filter.to ? { recipient: filter.to } : {}),
        limit: MAILBOX_LIMIT,
      });
      return rows.map(toMailboxEntry);
    },
  };
  return service;
}

function toMailboxEntry(row: MailboxRow): MailboxEntry {
  return {
    id: String(row.id),
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    link: row.meta.link ?? null,
    code: row.meta.code ?? null,
    status: row.status,
    attempts: row.attempts,
    transport: row.transport,
    created_at: row.createdAt.toISOString(),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
