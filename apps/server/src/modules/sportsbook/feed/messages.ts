/**
 * The feed's message kinds, modelled on the public Unified Odds (Betradar UOF) messages: fixture
 * change, odds change, bet stop, bet settlement, bet cancel, the two rollbacks, alive and snapshot
 * complete (ADR 030). Messages come as JSON (UOF sends XML; an adapter for it maps to these shapes),
 * each stamped with its producer (`product`: 1 live, 3 pre-match, as in UOF) and the producer's
 * `timestamp` in epoch milliseconds. `parseFeedMessage` is the only way in: a malformed message, or
 * one a genuine producer could not have sent (unknown producer, odds out of bounds, a clock far in
 * the future), is refused with a typed `FeedError` and nothing is written.
 */
import { z } from 'zod';

/** Decimal odds in thousandths (2.375 → 2375), shared with the betting engine. */
export const MIN_ODDS_MILLI = 1001;
export const MAX_ODDS_MILLI = 1_000_000;

/** UOF producers: 1 = live odds, 3 = pre-match (Ctrl). */
export const PRODUCERS = { live: 1, prematch: 3 } as const;
export const KNOWN_PRODUCERS: readonly number[] = [PRODUCERS.live, PRODUCERS.prematch];

/** A message stamped later than this past the receiver's clock is refused as forged. */
export const MAX_CLOCK_SKEW_MS = 60_000;

export type FeedErrorCode =
  | 'malformed'
  | 'unknown_producer'
  | 'future_timestamp'
  | 'unknown_event'
  | 'unknown_market'
  | 'unknown_outcome'
  | 'out_of_order'
  | 'not_settled'
  | 'not_cancelled';

/** A feed message refused: nothing it carried was written. */
export class FeedError extends Error {
  readonly code: FeedErrorCode;
  readonly detail: string | undefined;
  constructor(code: FeedErrorCode, detail?: string) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'FeedError';
    this.code = code;
    this.detail = detail;
  }
}

const localized = z.object({ en: z.string().min(1).max(120), fr: z.string().min(1).max(120) }).strict();
const key = z.string().regex(/^[a-z0-9][a-z0-9_.-]{0,63}$/);
export const eventIdSchema = z.string().regex(/^[a-z]+:[a-z_]+:[A-Za-z0-9_-]{1,64}$/);
/** A market's key with its specifiers, e.g. `totals|total=2.5`, `handicap|hcp=-1.5`. */
export const marketKeySchema = z
  .string()
  .max(120)
  .regex(/^[a-z0-9_]{1,40}(\|[a-z_]{1,20}=[A-Za-z0-9.+-]{1,20})*$/);
export const outcomeKeySchema = z.string().regex(/^[a-z0-9_:+.-]{1,32}$/);
const timestamp = z.number().int().min(0).max(8_640_000_000_000);
const oddsMilli = z.number().int().min(MIN_ODDS_MILLI).max(MAX_ODDS_MILLI);

export const SPORT_KEYS = ['football', 'tennis', 'basketball'] as const;
export type SportKey = (typeof SPORT_KEYS)[number];

const base = {
  product: z.number().int().min(1).max(99),
  timestamp,
};
const onEvent = { ...base, eventId: eventIdSchema };

export const EVENT_STATUSES = ['not_started', 'live', 'ended', 'cancelled'] as const;
export type FeedEventStatus = (typeof EVENT_STATUSES)[number];

const competitor = z.object({ key, name: localized, country: z.string().length(2).optional() }).strict();

const fixtureChange = z
  .object({
    kind: z.literal('fixture_change'),
    ...onEvent,
    fixture: z
      .object({
        sport: z.object({ key: z.enum(SPORT_KEYS), name: localized }).strict(),
        category: z.object({ key, name: localized, country: z.string().length(2).nullable() }).strict(),
        tournament: z.object({ key, name: localized }).strict(),
        home: competitor,
        away: competitor,
        startTime: timestamp,
        status: z.enum(EVENT_STATUSES),
      })
      .strict(),
  })
  .strict();

const score = z.number().int().min(0).max(999);
/** The match state an odds change carries (UOF sport_event_status). */
export const eventStatusSchema = z
  .object({
    status: z.enum(EVENT_STATUSES),
    homeScore: score,
    awayScore: score,
    /** e.g. `1st_half`, `q3`, `set2`; free text per sport. */
    period: z.string().max(20).nullable(),
    /** Match clock in seconds (football, basketball); null when the sport has none. */
    clockSeconds: z.number().int().min(0).max(100_000).nullable(),
    /** Per-sport detail: period scores, tennis games and points. */
    detail: z.record(z.string().max(20), z.union([z.number().int(), z.string().max(20)])).optional(),
  })
  .strict();

export const MARKET_STATUSES = ['active', 'suspended', 'deactivated'] as const;
export type FeedMarketStatus = (typeof MARKET_STATUSES)[number];

const oddsChange = z
  .object({
    kind: z.literal('odds_change'),
    ...onEvent,
    eventStatus: eventStatusSchema.optional(),
    markets: z
      .array(
        z
          .object({
            key: marketKeySchema,
            status: z.enum(MARKET_STATUSES),
            outcomes: z
              .array(z.object({ key: outcomeKeySchema, oddsMilli, active: z.boolean() }).strict())
              .min(1)
              .max(64),
          })
          .strict(),
      )
      .max(200),
  })
  .strict();

const betStop = z
  .object({
    kind: z.literal('bet_stop'),
    ...onEvent,
    /** The markets stopped; absent: every market of the event. */
    marketKeys: z.array(marketKeySchema).max(200).optional(),
  })
  .strict();

const digits = z.string().regex(/^[1-9]\d{0,8}$/);
const settledOutcome = z
  .object({
    key: outcomeKeySchema,
    result: z.enum(['won', 'lost', 'void']),
    voidFactor: z.enum(['0', '0.5', '1']),
    deadHeatFactor: z.object({ num: digits, den: digits }).strict().optional(),
  })
  .strict();

const betSettlement = z
  .object({
    kind: z.literal('bet_settlement'),
    ...onEvent,
    markets: z
      .array(z.object({ key: marketKeySchema, outcomes: z.array(settledOutcome).min(1).max(64) }).strict())
      .min(1)
      .max(200),
  })
  .strict();

const window = {
  /** Bets placed in [startTime, endTime) are cancelled; absent bounds are open. */
  startTime: timestamp.optional(),
  endTime: timestamp.optional(),
};

const betCancel = z
  .object({
    kind: z.literal('bet_cancel'),
    ...onEvent,
    marketKeys: z.array(marketKeySchema).min(1).max(200),
    ...window,
  })
  .strict();
const rollbackBetSettlement = z
  .object({
    kind: z.literal('rollback_bet_settlement'),
    ...onEvent,
    marketKeys: z.array(marketKeySchema).min(1).max(200),
  })
  .strict();
const rollbackBetCancel = z
  .object({
    kind: z.literal('rollback_bet_cancel'),
    ...onEvent,
    marketKeys: z.array(marketKeySchema).min(1).max(200),
  })
  .strict();
const alive = z.object({ kind: z.literal('alive'), ...base, subscribed: z.boolean() }).strict();
const snapshotComplete = z
  .object({ kind: z.literal('snapshot_complete'), ...base, requestId: z.number().int().min(1) })
  .strict();

export const feedMessageSchema = z.discriminatedUnion('kind', [
  fixtureChange,
  oddsChange,
  betStop,
  betSettlement,
  betCancel,
  rollbackBetSettlement,
  rollbackBetCancel,
  alive,
  snapshotComplete,
]);

export type FeedMessage = z.infer<typeof feedMessageSchema>;
export type FeedMessageKind = FeedMessage['kind'];
export type FixtureChange = z.infer<typeof fixtureChange>;
export type OddsChange = z.infer<typeof oddsChange>;
export type BetStop = z.infer<typeof betStop>;
export type BetSettlement = z.infer<typeof betSettlement>;
export type BetCancel = z.infer<typeof betCancel>;
export type RollbackBetSettlement = z.infer<typeof rollbackBetSettlement>;
export type RollbackBetCancel = z.infer<typeof rollbackBetCancel>;
export type Alive = z.infer<typeof alive>;
export type SnapshotComplete = z.infer<typeof snapshotComplete>;
export type EventMessage = Exclude<FeedMessage, Alive | SnapshotComplete>;
export type FeedEventStatusPayload = z.infer<typeof eventStatusSchema>;

/** A rational factor (dead heat) in code: never a float. */
export interface Rational {
  num: bigint;
  den: bigint;
}

export const ONE: Rational = { num: 1n, den: 1n };

export function rationalFromWire(wire: { num: string; den: string } | undefined): Rational {
  return wire ? { num: BigInt(wire.num), den: BigInt(wire.den) } : ONE;
}

/**
 * Parses and checks one message: its shape, a known producer, a clock not in the future, a dead-heat
 * factor in (0, 1], settled outcomes unique per market. Throws `FeedError`.
 */
export function parseFeedMessage(
  raw: unknown,
  options: { now: number; producers?: readonly number[] } = { now: Date.now() },
): FeedMessage {
  const parsed = feedMessageSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new FeedError('malformed', issue ? `${issue.path.join('.')}: ${issue.message}` : undefined);
  }
  const message = parsed.data;
  const producers = options.producers ?? KNOWN_PRODUCERS;
  if (!producers.includes(message.product)) throw new FeedError('unknown_producer', String(message.product));
  if (message.timestamp > options.now + MAX_CLOCK_SKEW_MS)
    throw new FeedError('future_timestamp', String(message.timestamp));
  if (message.kind === 'bet_settlement') {
    for (const market of message.markets) {
      const seen = new Set<string>();
      for (const outcome of market.outcomes) {
        if (seen.has(outcome.key)) throw new FeedError('malformed', `duplicate outcome ${outcome.key}`);
        seen.add(outcome.key);
        const factor = rationalFromWire(outcome.deadHeatFactor);
        if (factor.num > factor.den) throw new FeedError('malformed', 'deadHeatFactor above 1');
        if (outcome.result === 'void' && outcome.voidFactor !== '1')
          throw new FeedError('malformed', 'a void result has voidFactor 1');
      }
    }
  }
  if (message.kind === 'odds_change') {
    const seen = new Set<string>();
    for (const market of message.markets) {
      if (seen.has(market.key)) throw new FeedError('malformed', `duplicate market ${market.key}`);
      seen.add(market.key);
      if (new Set(market.outcomes.map((o) => o.key)).size !== market.outcomes.length)
        throw new FeedError('malformed', `duplicate outcome in ${market.key}`);
    }
  }
  if (
    message.kind === 'bet_cancel' &&
    message.startTime !== undefined &&
    message.endTime !== undefined &&
    message.startTime > message.endTime
  )
    throw new FeedError('malformed', 'startTime after endTime');
  return message;
}
