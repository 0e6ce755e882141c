/**
 * Marketing's tournaments, jackpots and loyalty desks (`/nfx/operator/{tournaments,jackpots,loyalty}`,
 * marketing-desks.routes.ts on the server, ADR 049): the records as the desks read them, the forms'
 * text state, the same checks the server makes (so a message shows before a round trip; the server
 * checks again), and the preview — the record as the player's own components take it.
 */
import type { JackpotOutput } from '@croupier/contract/jackpots/common';
import type { Locale } from '@croupier/contract/locales';
import type { LoyaltyLevel } from '@croupier/contract/loyalty/loyalty';
import type { TournamentOutput } from '@croupier/contract/tournaments/tournaments';
import { formatMinor, parseMinor } from '@croupier/money/decimal';

export type Localized = { en: string; fr: string };

export type PrizeKind = 'cash' | 'bonus' | 'free_spins' | 'loyalty_points';
export type Scoring = 'total_bet' | 'total_win' | 'biggest_multiplier' | 'points_per_bet';
export type Entry = 'opt_in' | 'automatic' | 'buy_in';

export interface StaffTournament {
  id: number;
  key: string;
  version: string;
  status: 'future' | 'active' | 'finished' | 'settled' | 'cancelled';
  participants: number;
  name: Localized;
  description: Localized;
  image_url: string;
  tags: string[];
  starts_at: string;
  ends_at: string;
  recur_days: number | null;
  currency: string;
  scoring: Scoring;
  points_per_bet: number | null;
  min_stake: string | null;
  entry: Entry;
  buy_in: string | null;
  max_participants: number | null;
  reset_on_cashout: boolean;
  prizes: {
    from: number;
    to: number;
    kind: PrizeKind;
    amount: string | null;
    template_key: string | null;
    points: number | null;
    label: Localized | null;
  }[];
  total_prize: string;
  games: string[];
}

export interface StaffJackpot {
  id: number;
  key: string;
  version: string;
  name: Localized;
  currency: string;
  contribution_bp: number;
  reserve_bp: number;
  seed: string;
  ceiling: string;
  enabled: boolean;
  games: string[];
  cycle: number;
  amount: string;
}

export interface StaffLevel {
  position: number;
  threshold: number;
  name: Localized;
  perks: { en: string[]; fr: string[] };
  image: string;
}

export interface StaffProgramme {
  id: number;
  key: string;
  version: string;
  enabled: boolean;
  active: boolean;
  name: Localized;
  description: Localized;
  points_alias: Localized;
  /** The alias after a count of one, per language where it is set. */
  points_alias_one: Partial<Localized>;
  expiry_days: number | null;
  downgrade: 'keep' | 'reset';
  rates: {
    product: string;
    game_type: string | null;
    currency: string;
    points: number;
    per_amount: string;
  }[];
  levels: StaffLevel[];
}

/** A field's problem, as a key of `backoffice:marketing.problems`. */
export type Problems = Record<string, string>;

const MONEY = /^[0-9]{1,15}(\.[0-9]{1,8})?$/;
const KEY = /^[a-z0-9][a-z0-9-]{0,62}$/;
const EXPONENT = 2;

/** Splits a comma- or line-separated list, trimmed, without empties. */
export function listOf(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** `2026-06-01T12:00:00.000Z` → the `datetime-local` value in the browser's zone, and back. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

// --- tournaments ---------------------------------------------------------------------------------

let formIds = 0;
/** A key for a line of a form (prize lines, levels), stable while the line is edited. */
export function nextFormId(): number {
  formIds += 1;
  return formIds;
}

export interface PrizeForm {
  id: number;
  from: string;
  to: string;
  kind: PrizeKind;
  /** cash: an amount; loyalty_points: points; bonus / free_spins: the bonus template's key. */
  value: string;
}

export interface TournamentForm {
  key: string;
  nameEn: string;
  nameFr: string;
  descriptionEn: string;
  descriptionFr: string;
  imageUrl: string;
  startsAt: string;
  endsAt: string;
  currency: string;
  scoring: Scoring;
  pointsPerBet: string;
  minStake: string;
  entry: Entry;
  buyIn: string;
  maxParticipants: string;
  resetOnCashout: boolean;
  games: string;
  prizes: PrizeForm[];
}

export function emptyTournamentForm(now: Date): TournamentForm {
  const start = new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000 + 86_400_000);
  return {
    key: '',
    nameEn: '',
    nameFr: '',
    descriptionEn: '',
    descriptionFr: '',
    imageUrl: '',
    startsAt: toLocalInput(start.toISOString()),
    endsAt: toLocalInput(new Date(start.getTime() + 7 * 86_400_000).toISOString()),
    currency: 'EUR',
    scoring: 'total_bet',
    pointsPerBet: '',
    minStake: '',
    entry: 'opt_in',
    buyIn: '',
    maxParticipants: '',
    resetOnCashout: false,
    games: '',
    prizes: [{ id: nextFormId(), from: '1', to: '1', kind: 'cash', value: '' }],
  };
}

export function tournamentForm(t: StaffTournament): TournamentForm {
  return {
    key: t.key,
    nameEn: t.name.en,
    nameFr: t.name.fr,
    descriptionEn: t.description.en,
    descriptionFr: t.description.fr,
    imageUrl: t.image_url,
    startsAt: toLocalInput(t.starts_at),
    endsAt: toLocalInput(t.ends_at),
    currency: t.currency,
    scoring: t.scoring,
    pointsPerBet: t.points_per_bet === null ? '' : String(t.points_per_bet),
    minStake: t.min_stake ?? '',
    entry: t.entry,
    buyIn: t.buy_in ?? '',
    maxParticipants: t.max_participants === null ? '' : String(t.max_participants),
    resetOnCashout: t.reset_on_cashout,
    games: t.games.join(', '),
    prizes: t.prizes.map((line) => ({
      id: nextFormId(),
      from: String(line.from),
      to: String(line.to),
      kind: line.kind,
      value:
        line.kind === 'cash'
          ? (line.amount ?? '')
          : line.kind === 'loyalty_points'
            ? String(line.points ?? '')
            : (line.template_key ?? ''),
    })),
  };
}

const wholeNumber = (text: string) => /^[1-9][0-9]{0,8}$/.test(text.trim());

/** The problems of a tournament form, as the server would find them (ADR 036's rules). */
export function tournamentProblems(form: TournamentForm, creating: boolean): Problems {
  const problems: Problems = {};
  if (creating && !KEY.test(form.key)) problems.key = 'key';
  if (!form.nameEn.trim()) problems.nameEn = 'required';
  if (!form.nameFr.trim()) problems.nameFr = 'required';
  const starts = fromLocalInput(form.startsAt);
  const ends = fromLocalInput(form.endsAt);
  if (!starts) problems.startsAt = 'required';
  if (!ends) problems.endsAt = 'required';
  else if (starts && Date.parse(ends) <= Date.parse(starts)) problems.endsAt = 'endsBeforeStart';
  if (!/^[A-Z]{3}$/.test(form.currency)) problems.currency = 'currency';
  if (form.scoring === 'points_per_bet' && !wholeNumber(form.pointsPerBet))
    problems.pointsPerBet = 'positive';
  if (form.minStake && !(MONEY.test(form.minStake) && Number(form.minStake) > 0))
    problems.minStake = 'amount';
  if (form.entry === 'buy_in' && !(MONEY.test(form.buyIn) && Number(form.buyIn) > 0))
    problems.buyIn = 'amount';
  if (form.maxParticipants && !wholeNumber(form.maxParticipants)) problems.maxParticipants = 'positive';
  if (listOf(form.games).length === 0) problems.games = 'required';
  const places = new Set<number>();
  form.prizes.forEach((line, i) => {
    const from = Number(line.from);
    const to = Number(line.to);
    if (!wholeNumber(line.from) || !wholeNumber(line.to) || to < from || to > 1000) {
      problems[`prizes.${i}`] = 'places';
      return;
    }
    for (let place = from; place <= to; place += 1) {
      if (places.has(place)) problems[`prizes.${i}`] = 'overlap';
      places.add(place);
    }
    if (line.kind === 'cash' && !(MONEY.test(line.value) && Number(line.value) > 0))
      problems[`prizes.${i}`] = 'amount';
    if (line.kind === 'loyalty_points' && !wholeNumber(line.value)) problems[`prizes.${i}`] = 'positive';
    if ((line.kind === 'bonus' || line.kind === 'free_spins') && !line.value.trim())
      problems[`prizes.${i}`] = 'template';
  });
  return problems;
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The body of `POST /nfx/operator/tournaments` (with `key`) or `PUT …/:id` (with `version`). */
export function tournamentBody(form: TournamentForm, extra: { key: string } | { version: string }) {
  return {
    ...extra,
    name: { en: form.nameEn.trim(), fr: form.nameFr.trim() },
    description: { en: form.descriptionEn, fr: form.descriptionFr },
    image_url: form.imageUrl.trim(),
    starts_at: fromLocalInput(form.startsAt),
    ends_at: fromLocalInput(form.endsAt),
    currency: form.currency,
    scoring: form.scoring,
    points_per_bet: form.scoring === 'points_per_bet' ? Number(form.pointsPerBet) : null,
    min_stake: orNull(form.minStake),
    entry: form.entry,
    buy_in: form.entry === 'buy_in' ? orNull(form.buyIn) : null,
    max_participants: form.maxParticipants ? Number(form.maxParticipants) : null,
    reset_on_cashout: form.resetOnCashout,
    games: listOf(form.games),
    prizes: form.prizes.map((line) => ({
      from: Number(line.from),
      to: Number(line.to),
      kind: line.kind,
      ...(line.kind === 'cash' ? { amount: line.value.trim() } : {}),
      ...(line.kind === 'loyalty_points' ? { points: Number(line.value) } : {}),
      ...(line.kind === 'bonus' || line.kind === 'free_spins' ? { template_key: line.value.trim() } : {}),
    })),
  };
}

function minorOf(text: string): bigint {
  const parsed = parseMinor(text.trim(), EXPONENT, { trailingZeros: true });
  return parsed.ok ? parsed.amountMinor : 0n;
}

/** The form as `tournaments.get` would answer it: what the player's TournamentCard shows. */
export function tournamentPreview(form: TournamentForm, locale: Locale, now: Date): TournamentOutput {
  const starts = fromLocalInput(form.startsAt) ?? now.toISOString();
  const ends = fromLocalInput(form.endsAt) ?? now.toISOString();
  const status = now < new Date(starts) ? 'future' : now < new Date(ends) ? 'active' : 'finished';
  const name = (locale === 'fr' ? form.nameFr : form.nameEn) || form.nameEn;
  const description = (locale === 'fr' ? form.descriptionFr : form.descriptionEn) || form.descriptionEn;
  const total = form.prizes.reduce((sum, line) => {
    if (line.kind !== 'cash' || !wholeNumber(line.from) || !wholeNumber(line.to)) return sum;
    const places = BigInt(Math.max(0, Number(line.to) - Number(line.from) + 1));
    return sum + minorOf(line.value) * places;
  }, 0n);
  const amount = (text: string) => (MONEY.test(text.trim()) ? formatMinor(minorOf(text), EXPONENT) : null);
  return {
    id: 0,
    name,
    description,
    status,
    start_at: starts,
    end_at: ends,
    recurring_days: null,
    currencies: [form.currency],
    scoring: form.scoring,
    points_per_bet: form.scoring === 'points_per_bet' ? Number(form.pointsPerBet) || null : null,
    min_stake: amount(form.minStake),
    entry: form.entry,
    buy_in: form.entry === 'buy_in' ? amount(form.buyIn) : null,
    restrictions: {
      max_participants: Number(form.maxParticipants) || null,
      min_stake: amount(form.minStake),
    },
    reset_on_cashout: form.resetOnCashout,
    prizes: [],
    total_prize: formatMinor(total, EXPONENT),
    total_participants: 0,
    total_points: 0,
    user_info: null,
    winners: [],
    provider: 'croupier',
    image_url: form.imageUrl,
    tags: [],
    extra: {},
    games_count: listOf(form.games).length,
    games: [],
  } as TournamentOutput;
}

// --- jackpots ------------------------------------------------------------------------------------

export interface JackpotForm {
  key: string;
  nameEn: string;
  nameFr: string;
  currency: string;
  contributionBp: string;
  reserveBp: string;
  seed: string;
  ceiling: string;
  enabled: boolean;
  games: string;
}

export function emptyJackpotForm(): JackpotForm {
  return {
    key: '',
    nameEn: '',
    nameFr: '',
    currency: 'EUR',
    contributionBp: '100',
    reserveBp: '1000',
    seed: '',
    ceiling: '',
    enabled: true,
    games: '',
  };
}

export function jackpotForm(j: StaffJackpot): JackpotForm {
  return {
    key: j.key,
    nameEn: j.name.en,
    nameFr: j.name.fr,
    currency: j.currency,
    contributionBp: String(j.contribution_bp),
    reserveBp: String(j.reserve_bp),
    seed: j.seed,
    ceiling: j.ceiling,
    enabled: j.enabled,
    games: j.games.join(', '),
  };
}

/** ADR 032's rules: contribution 1–10 000 bp, reserve 0–9 999 bp, seed > 0, ceiling > seed. */
export function jackpotProblems(form: JackpotForm, creating: boolean): Problems {
  const problems: Problems = {};
  if (creating && !KEY.test(form.key)) problems.key = 'key';
  if (!form.nameEn.trim()) problems.nameEn = 'required';
  if (!form.nameFr.trim()) problems.nameFr = 'required';
  if (!/^[A-Z]{3}$/.test(form.currency)) problems.currency = 'currency';
  const contribution = Number(form.contributionBp);
  if (!/^[0-9]+$/.test(form.contributionBp) || contribution < 1 || contribution > 10_000)
    problems.contributionBp = 'basisPoints';
  const reserve = Number(form.reserveBp);
  if (!/^[0-9]+$/.test(form.reserveBp) || reserve > 9_999) problems.reserveBp = 'basisPoints';
  if (!(MONEY.test(form.seed) && minorOf(form.seed) > 0n)) problems.seed = 'amount';
  if (!MONEY.test(form.ceiling)) problems.ceiling = 'amount';
  else if (!problems.seed && minorOf(form.ceiling) <= minorOf(form.seed))
    problems.ceiling = 'ceilingAboveSeed';
  if (listOf(form.games).length === 0) problems.games = 'required';
  return problems;
}

export function jackpotBody(
  form: JackpotForm,
  extra: { key: string; currency: string } | { version: string },
) {
  return {
    ...extra,
    name: { en: form.nameEn.trim(), fr: form.nameFr.trim() },
    contribution_bp: Number(form.contributionBp),
    reserve_bp: Number(form.reserveBp),
    seed: form.seed.trim(),
    ceiling: form.ceiling.trim(),
    games: listOf(form.games),
    ...('version' in extra ? { enabled: form.enabled } : {}),
  };
}

function percentText(bp: number): string {
  return String(Math.round(bp) / 100);
}

/** The form as `Jackpots.get` would answer it: what the player's JackpotCard shows. */
export function jackpotPreview(form: JackpotForm, locale: Locale, current?: StaffJackpot): JackpotOutput {
  const name = (locale === 'fr' ? form.nameFr : form.nameEn) || form.nameEn;
  const money = (text: string) => (MONEY.test(text.trim()) ? formatMinor(minorOf(text), EXPONENT) : '0.00');
  const reserve = Number(form.reserveBp) || 0;
  return {
    id: current?.id ?? 0,
    name,
    currency: form.currency,
    amount: current?.amount ?? money(form.seed),
    seed: money(form.seed),
    ceiling: money(form.ceiling),
    rules: {
      contribution_percent: percentText(Number(form.contributionBp) || 0),
      pool_share_percent: percentText(10_000 - reserve),
      reserve_share_percent: percentText(reserve),
    },
    cycle: current?.cycle ?? 1,
    commitment: '',
    games: listOf(form.games).map((sysname) => ({ sysname, name: sysname, image_url: '' })),
    last_win: null,
  } as JackpotOutput;
}

// --- loyalty -------------------------------------------------------------------------------------

export interface LevelForm {
  id: number;
  threshold: string;
  nameEn: string;
  nameFr: string;
  perksEn: string;
  perksFr: string;
  image: string;
}

export function levelForms(levels: readonly StaffLevel[]): LevelForm[] {
  return [...levels]
    .sort((a, b) => a.position - b.position)
    .map((level) => ({
      id: nextFormId(),
      threshold: String(level.threshold),
      nameEn: level.name.en,
      nameFr: level.name.fr,
      perksEn: level.perks.en.join('\n'),
      perksFr: level.perks.fr.join('\n'),
      image: level.image,
    }));
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** ADR 033's rules: the first level at 0, thresholds strictly increasing, names in both languages. */
export function levelProblems(levels: readonly LevelForm[]): Problems {
  const problems: Problems = {};
  if (levels.length === 0) problems.levels = 'required';
  levels.forEach((level, i) => {
    if (!/^[0-9]{1,10}$/.test(level.threshold)) problems[`levels.${i}.threshold`] = 'threshold';
    else if (i === 0 && Number(level.threshold) !== 0) problems[`levels.${i}.threshold`] = 'firstZero';
    else if (i > 0 && Number(level.threshold) <= Number(levels[i - 1]?.threshold))
      problems[`levels.${i}.threshold`] = 'increasing';
    if (!level.nameEn.trim() || !level.nameFr.trim()) problems[`levels.${i}.name`] = 'required';
  });
  return problems;
}

export function levelsBody(levels: readonly LevelForm[]): StaffLevel[] {
  return levels.map((level, i) => ({
    position: i + 1,
    threshold: Number(level.threshold),
    name: { en: level.nameEn.trim(), fr: level.nameFr.trim() },
    perks: { en: lines(level.perksEn), fr: lines(level.perksFr) },
    image: level.image.trim(),
  }));
}

/** The body of `PUT /nfx/operator/loyalty/programmes/:id`: the programme as read, these levels. */
export function programmeBody(programme: StaffProgramme, levels: readonly LevelForm[]) {
  const { id: _id, key: _key, enabled: _enabled, active: _active, ...fields } = programme;
  return { ...fields, levels: levelsBody(levels) };
}

/** A level as `loyalty.getinfo` would answer it: what the player's LoyaltyLevelCard shows. */
export function levelPreview(level: LevelForm, position: number, locale: Locale): LoyaltyLevel {
  return {
    id: position,
    name: (locale === 'fr' ? level.nameFr : level.nameEn) || level.nameEn,
    threshold: Number(level.threshold) || 0,
    perks: lines(locale === 'fr' ? level.perksFr : level.perksEn),
    image: level.image,
  };
}
