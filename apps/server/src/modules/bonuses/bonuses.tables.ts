import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { players } from '../accounts/accounts.tables.ts';

type LocalizedText = { en: string; fr: string };

/** Operator-defined bonus templates (ADR 020); validated by bonus-template.ts before insert. */
export const bonusTemplates = pgTable(
  'bonus_templates',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    percent: integer('percent'),
    wageringMultiplier: integer('wagering_multiplier').notNull(),
    /** Always `bonus` (UKGC 2026): the requirement is the bonus amount × multiplier. */
    wageringBase: text('wagering_base').notNull().default('bonus'),
    contributions: jsonb('contributions').$type<Record<string, number>>().notNull(),
    gameContributions: jsonb('game_contributions').$type<Record<string, number>>().notNull(),
    allowedGameTypes: text('allowed_game_types').array().notNull(),
    allowedGames: text('allowed_games').array().notNull(),
    activationDays: integer('activation_days').notNull(),
    wageringDays: integer('wagering_days').notNull(),
    freespinGame: text('freespin_game'),
    freespinCount: integer('freespin_count'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bonus_templates_key_idx').on(table.key),
    check(
      'bonus_templates_kind_check',
      sql`${table.kind} IN ('deposit_match', 'fixed', 'free_spins', 'no_deposit', 'betting')`,
    ),
    check('bonus_templates_wagering_check', sql`${table.wageringMultiplier} BETWEEN 0 AND 1000`),
    check('bonus_templates_base_check', sql`${table.wageringBase} = 'bonus'`),
  ],
);

/** A template's amounts per currency, minor units. */
export const bonusTemplateAmounts = pgTable(
  'bonus_template_amounts',
  {
    templateId: bigint('template_id', { mode: 'bigint' })
      .notNull()
      .references(() => bonusTemplates.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    capMinor: bigint('cap_minor', { mode: 'bigint' }),
    minDepositMinor: bigint('min_deposit_minor', { mode: 'bigint' }),
    fixedMinor: bigint('fixed_minor', { mode: 'bigint' }),
    maxWinMinor: bigint('max_win_minor', { mode: 'bigint' }),
    maxBetMinor: bigint('max_bet_minor', { mode: 'bigint' }),
    spinBetMinor: bigint('spin_bet_minor', { mode: 'bigint' }),
  },
  (table) => [
    primaryKey({ columns: [table.templateId, table.currency] }),
    check('bonus_template_amounts_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/**
 * A player's bonus. The money is in the ledger (player `bonus` or `betting_bonus` account); at most
 * one funded (active or wagering) bonus per player, currency and account, so that account's
 * balance is that bonus's money.
 */
export const playerBonuses = pgTable(
  'player_bonuses',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'bigint' })
      .notNull()
      .references(() => players.id),
    templateId: bigint('template_id', { mode: 'bigint' })
      .notNull()
      .references(() => bonusTemplates.id),
    currency: text('currency').notNull(),
    /** bonus | betting_bonus: the ledger account the money lives in. */
    account: text('account').notNull(),
    status: text('status').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    depositMinor: bigint('deposit_minor', { mode: 'bigint' }),
    wageringRequiredMinor: bigint('wagering_required_minor', { mode: 'bigint' }).notNull(),
    wageringProgressMinor: bigint('wagering_progress_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Activations so far: names the fund/unfund ledger keys of each cycle. */
    activations: integer('activations').notNull().default(0),
    /** What converted to main on completion. */
    convertedMinor: bigint('converted_minor', { mode: 'bigint' }),
    /** What was forfeited (burn, expiry, excess over max win). */
    forfeitedMinor: bigint('forfeited_minor', { mode: 'bigint' }),
    grantKey: text('grant_key').notNull(),
    grantReason: text('grant_reason').notNull(),
    activateBy: timestamp('activate_by', { withTimezone: true }).notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    wagerBy: timestamp('wager_by', { withTimezone: true }),
    freespinPackId: bigint('freespin_pack_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('player_bonuses_grant_key_idx').on(table.grantKey),
    index('player_bonuses_player_idx').on(table.playerId, table.status, table.id),
    uniqueIndex('player_bonuses_one_funded_idx')
      .on(table.playerId, table.currency, table.account)
      .where(sql`${table.status} IN ('active', 'wagering')`),
    index('player_bonuses_due_available_idx').on(table.activateBy).where(sql`${table.status} = 'available'`),
    index('player_bonuses_due_funded_idx')
      .on(table.wagerBy)
      .where(sql`${table.status} IN ('active', 'wagering')`),
    check(
      'player_bonuses_status_check',
      sql`${table.status} IN ('available', 'active', 'wagering', 'completed', 'expired', 'cancelled', 'burned')`,
    ),
    check('player_bonuses_account_check', sql`${table.account} IN ('bonus', 'betting_bonus')`),
    check('player_bonuses_amount_check', sql`${table.amountMinor} >= 0`),
    check('player_bonuses_progress_check', sql`${table.wageringProgressMinor} >= 0`),
  ],
);

/** Append-only: every status change of a player bonus, who/what did it, when and why. */
export const playerBonusAudit = pgTable(
  'player_bonus_audit',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    bonusId: bigint('bonus_id', { mode: 'bigint' })
      .notNull()
      .references(() => playerBonuses.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** player:<id>, system:<job>, consumer:bonus_wagering, seed, staff:<id>. */
    actor: text('actor').notNull(),
    reason: text('reason').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('player_bonus_audit_bonus_idx').on(table.bonusId, table.id)],
);

/**
 * Wager events counted towards a bonus (the consumer's exactly-once record per bonus and event),
 * and what each counted: a rollback subtracts at most what its round counted.
 */
export const bonusWagerEntries = pgTable(
  'bonus_wager_entries',
  {
    bonusId: bigint('bonus_id', { mode: 'bigint' })
      .notNull()
      .references(() => playerBonuses.id),
    eventId: bigint('event_id', { mode: 'bigint' }).notNull(),
    roundRef: text('round_ref').notNull(),
    countedMinor: bigint('counted_minor', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.bonusId, table.eventId] }),
    index('bonus_wager_entries_round_idx').on(table.bonusId, table.roundRef),
  ],
);
