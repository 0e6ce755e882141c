/**
 * Bonus templates (operator data): what a bonus gives and the rules it is wagered under. Pure:
 * the validation shared by the seed and, later, the back office. A bad template is refused with
 * `BonusTemplateError` naming the field; nothing is written.
 */
import { currencyExponent } from '@croupier/money/currencies';

export const BONUS_KINDS = ['deposit_match', 'fixed', 'free_spins', 'no_deposit', 'betting'] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];

/** The game types of the catalogue (packages/contract games GAME_TYPES). */
export const CONTRIBUTION_GAME_TYPES = ['slot', 'live', 'casino', 'fast'] as const;
export type ContributionGameType = (typeof CONTRIBUTION_GAME_TYPES)[number];

/** Wagering counts against the bonus amount only (UKGC 2026: no deposit in the base). ADR 020. */
export const WAGERING_BASE = 'bonus' as const;

/** Default weights: slots and fast games count fully, table and live games a tenth. */
export const DEFAULT_CONTRIBUTIONS: Readonly<Record<ContributionGameType, number>> = {
  slot: 100,
  fast: 100,
  casino: 10,
  live: 10,
};

export type LocalizedText = { en: string; fr: string };

/** Per-currency amounts, minor units. */
export interface TemplateCurrencyAmounts {
  /** deposit_match: the most the match gives. */
  capMinor: bigint | null;
  /** deposit_match: the smallest qualifying deposit. */
  minDepositMinor: bigint | null;
  /** fixed, no_deposit, betting: the amount granted. */
  fixedMinor: bigint | null;
  /** The most that converts to main on completion; null: all of it. */
  maxWinMinor: bigint | null;
  /** The largest stake while the bonus money is at stake; null: no limit. */
  maxBetMinor: bigint | null;
  /** free_spins: the stake of one spin. */
  spinBetMinor: bigint | null;
}

export interface BonusTemplateInput {
  /** Stable operator key (seeds find their rows by it). */
  key: string;
  kind: BonusKind;
  name: LocalizedText;
  description: LocalizedText;
  /** deposit_match: percent of the deposit (1–1000). */
  percent: number | null;
  amounts: Record<string, TemplateCurrencyAmounts>;
  /** Times the bonus amount to wager (0 converts at once). */
  wageringMultiplier: number;
  contributions: Partial<Record<ContributionGameType, number>>;
  /** Per game (sysname) weight over its type's. */
  gameContributions: Record<string, number>;
  /** Empty: every type. */
  allowedGameTypes: ContributionGameType[];
  /** Empty: every game of the allowed types (sysnames). */
  allowedGames: string[];
  activationDays: number;
  wageringDays: number;
  /** free_spins: the pack. */
  freespinGame: string | null;
  freespinCount: number | null;
}

export class BonusTemplateError extends Error {
  readonly field: string;
  readonly problem: string;
  constructor(field: string, problem: string) {
    super(`bonus template ${field}: ${problem}`);
    this.name = 'BonusTemplateError';
    this.field = field;
    this.problem = problem;
  }
}

/** Amounts above this (10¹² minor units) are absurd for one bonus. */
export const MAX_TEMPLATE_AMOUNT_MINOR = 10n ** 12n;
const KEY = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const SYSNAME = /^[a-z0-9][a-z0-9_-]{0,99}$/;

function text(field: string, value: LocalizedText): void {
  for (const locale of ['en', 'fr'] as const) {
    const v = value?.[locale];
    if (typeof v !== 'string' || v.trim() === '' || v.length > 2000) {
      throw new BonusTemplateError(`${field}.${locale}`, 'required, at most 2000 characters');
    }
  }
}

function integer(field: string, value: number | null, min: number, max: number): void {
  if (value === null || !Number.isInteger(value) || value < min || value > max) {
    throw new BonusTemplateError(field, `an integer from ${min} to ${max}`);
  }
}

function amount(field: string, value: bigint | null, required: boolean): void {
  if (value === null) {
    if (required) throw new BonusTemplateError(field, 'required');
    return;
  }
  if (typeof value !== 'bigint' || value <= 0n || value > MAX_TEMPLATE_AMOUNT_MINOR) {
    throw new BonusTemplateError(field, 'a positive amount in minor units, at most 10^12');
  }
}

/** Throws BonusTemplateError on the first bad value. */
export function validateTemplate(input: BonusTemplateInput, maxWageringMultiplier: number): void {
  if (!KEY.test(input.key)) throw new BonusTemplateError('key', 'lowercase letters, digits, _ and -');
  if (!(BONUS_KINDS as readonly string[]).includes(input.kind))
    throw new BonusTemplateError('kind', 'unknown');
  text('name', input.name);
  text('description', input.description);
  if (input.kind === 'deposit_match') integer('percent', input.percent, 1, 1000);
  else if (input.percent !== null) throw new BonusTemplateError('percent', 'only for deposit_match');
  integer('wagering_multiplier', input.wageringMultiplier, 0, maxWageringMultiplier);
  integer('activation_days', input.activationDays, 1, 365);
  integer('wagering_days', input.wageringDays, 1, 365);
  for (const [type, weight] of Object.entries(input.contributions)) {
    if (!(CONTRIBUTION_GAME_TYPES as readonly string[]).includes(type)) {
      throw new BonusTemplateError(`contributions.${type}`, 'unknown game type');
    }
    integer(`contributions.${type}`, weight ?? null, 0, 100);
  }
  const games = Object.entries(input.gameContributions);
  if (games.length > 200) throw new BonusTemplateError('game_contributions', 'at most 200 games');
  for (const [game, weight] of games) {
    if (!SYSNAME.test(game)) throw new BonusTemplateError('game_contributions', 'bad game sysname');
    integer(`game_contributions.${game}`, weight, 0, 100);
  }
  for (const type of input.allowedGameTypes) {
    if (!(CONTRIBUTION_GAME_TYPES as readonly string[]).includes(type)) {
      throw new BonusTemplateError('allowed_game_types', 'unknown game type');
    }
  }
  if (input.allowedGames.length > 200 || input.allowedGames.some((g) => !SYSNAME.test(g))) {
    throw new BonusTemplateError('allowed_games', 'at most 200 game sysnames');
  }
  if (input.kind === 'free_spins') {
    if (input.freespinGame === null || !SYSNAME.test(input.freespinGame)) {
      throw new BonusTemplateError('freespin_game', 'a game sysname');
    }
    integer('freespin_count', input.freespinCount, 1, 1000);
  } else if (input.freespinGame !== null || input.freespinCount !== null) {
    throw new BonusTemplateError('freespin_game', 'only for free_spins');
  }
  const currencies = Object.entries(input.amounts);
  if (currencies.length === 0 || currencies.length > 50) {
    throw new BonusTemplateError('amounts', 'one to 50 currencies');
  }
  for (const [currency, a] of currencies) {
    try {
      currencyExponent(currency);
    } catch {
      throw new BonusTemplateError(`amounts.${currency}`, 'unknown currency');
    }
    const f = (name: string) => `amounts.${currency}.${name}`;
    amount(f('cap'), a.capMinor, input.kind === 'deposit_match');
    amount(f('min_deposit'), a.minDepositMinor, false);
    const fixedKind = input.kind === 'fixed' || input.kind === 'no_deposit' || input.kind === 'betting';
    amount(f('fixed'), a.fixedMinor, fixedKind);
    if (!fixedKind && a.fixedMinor !== null) throw new BonusTemplateError(f('fixed'), 'not for this kind');
    if (input.kind !== 'deposit_match' && (a.capMinor !== null || a.minDepositMinor !== null)) {
      throw new BonusTemplateError(f('cap'), 'only for deposit_match');
    }
    amount(f('max_win'), a.maxWinMinor, false);
    amount(f('max_bet'), a.maxBetMinor, false);
    amount(f('spin_bet'), a.spinBetMinor, input.kind === 'free_spins');
    if (input.kind !== 'free_spins' && a.spinBetMinor !== null) {
      throw new BonusTemplateError(f('spin_bet'), 'only for free_spins');
    }
  }
}

/** What a grant gives in `currency`: the fixed amount, or percent of the deposit up to the cap. */
export function grantAmount(
  template: Pick<BonusTemplateInput, 'kind' | 'percent' | 'amounts'>,
  currency: string,
  depositMinor: bigint | null,
):
  | { ok: true; amountMinor: bigint }
  | { ok: false; reason: 'currency' | 'deposit_required' | 'deposit_too_small' } {
  const amounts = template.amounts[currency];
  if (!amounts) return { ok: false, reason: 'currency' };
  switch (template.kind) {
    case 'deposit_match': {
      if (depositMinor === null || depositMinor <= 0n) return { ok: false, reason: 'deposit_required' };
      if (amounts.minDepositMinor !== null && depositMinor < amounts.minDepositMinor) {
        return { ok: false, reason: 'deposit_too_small' };
      }
      // Rounded down: the match never gives a fraction of a minor unit more than the percent.
      const matched = (depositMinor * BigInt(template.percent ?? 0)) / 100n;
      const cap = amounts.capMinor ?? matched;
      const given = matched < cap ? matched : cap;
      return given > 0n ? { ok: true, amountMinor: given } : { ok: false, reason: 'deposit_too_small' };
    }
    case 'free_spins':
      return { ok: true, amountMinor: 0n };
    default:
      return { ok: true, amountMinor: amounts.fixedMinor ?? 0n };
  }
}

/** The weight of a stake on `game` (sysname, type) under the template; 0 outside the allowed games. */
export function contributionPercent(
  template: Pick<
    BonusTemplateInput,
    'contributions' | 'gameContributions' | 'allowedGameTypes' | 'allowedGames'
  >,
  game: { sysname: string; type: string } | null,
): number {
  if (game === null) return 0;
  const type = game.type as ContributionGameType;
  if (template.allowedGameTypes.length > 0 && !template.allowedGameTypes.includes(type)) return 0;
  if (template.allowedGames.length > 0 && !template.allowedGames.includes(game.sysname)) return 0;
  const own = template.gameContributions[game.sysname];
  if (own !== undefined) return own;
  return template.contributions[type] ?? DEFAULT_CONTRIBUTIONS[type] ?? 0;
}
