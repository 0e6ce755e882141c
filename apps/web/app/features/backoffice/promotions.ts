/**
 * The promotions desk's data (ADR 048): bonus templates (`/nfx/operator/bonus-templates`), offers
 * and their promo codes (`/nfx/operator/offers`), campaign popups (`/nfx/operator/popups`). Every
 * record carries its `version`; an edit sends it back and a record changed meanwhile is refused
 * (`stale_version`). Amounts are decimal strings as the server sends them.
 */

export type Localized = { en: string; fr: string };

export const PROMOTION_TABS = ['templates', 'offers', 'popups'] as const;
export type PromotionTab = (typeof PROMOTION_TABS)[number];

export function parseTab(value: string | null): PromotionTab {
  return (PROMOTION_TABS as readonly string[]).includes(value ?? '') ? (value as PromotionTab) : 'templates';
}

export const BONUS_KINDS = ['deposit_match', 'fixed', 'free_spins', 'no_deposit', 'betting'] as const;
export const AMOUNT_FIELDS = ['cap', 'min_deposit', 'fixed', 'max_win', 'max_bet', 'spin_bet'] as const;
export type AmountField = (typeof AMOUNT_FIELDS)[number];
export type TemplateAmounts = Record<AmountField, string | null>;

export interface BonusTemplate {
  id: number;
  key: string;
  version: string;
  in_use: boolean;
  kind: string;
  name: Localized;
  description: Localized;
  percent: number | null;
  amounts: Record<string, TemplateAmounts>;
  wagering_multiplier: number;
  contributions: Record<string, number>;
  game_contributions: Record<string, number>;
  allowed_game_types: string[];
  allowed_games: string[];
  activation_days: number;
  wagering_days: number;
  freespin_game: string | null;
  freespin_count: number | null;
  enabled: boolean;
}

/** The game types a template weighs stakes by (empty: the server's default weight). */
export const CONTRIBUTION_TYPES = ['slot', 'fast', 'casino', 'live'] as const;

/** "EUR, usd  GBP" → ["EUR", "usd", "GBP"]: a typed list, split on commas and spaces. */
export function splitList(text: string): string[] {
  return text.split(/[\s,;]+/).filter((item) => item !== '');
}

/**
 * "EUR 10.00, USD 12" ↔ {EUR: "10.00", USD: "12"}: an offer's minimum deposits as staff type them.
 * Pairs are read as they come; the server judges each currency and amount.
 */
export function parseMinDeposits(text: string): Record<string, string> {
  const items = splitList(text);
  const out: Record<string, string> = {};
  for (let index = 0; index + 1 < items.length; index += 2) {
    out[(items[index] ?? '').toUpperCase()] = items[index + 1] ?? '';
  }
  if (items.length % 2 === 1) out[(items.at(-1) ?? '').toUpperCase()] = '';
  return out;
}

export function formatMinDeposits(amounts: Record<string, string>): string {
  return Object.entries(amounts)
    .map(([currency, amount]) => `${currency} ${amount}`)
    .join(', ');
}

export const OFFER_TRIGGERS = ['promo_code', 'deposit', 'action', 'registration'] as const;

export interface Offer {
  id: number;
  key: string;
  version: string;
  trigger: string;
  title: Localized;
  description: Localized;
  first_deposit_only: boolean;
  min_deposit: Record<string, string>;
  currencies: string[];
  exclude_methods: string[];
  template_ids: number[];
  starts_at: string;
  ends_at: string | null;
  enabled: boolean;
}

export interface PromoCode {
  code: string;
  usage_limit: number;
  used?: number;
  starts_at?: string;
  ends_at?: string | null;
}

export interface Popup {
  id: number;
  key: string;
  version: string;
  title: Localized;
  content: Localized;
  offer_id: number | null;
  starts_at: string;
  ends_at: string | null;
  enabled: boolean;
}

/** Which amounts each kind of template takes (the server's rules, bonus-template.ts, decide). */
export function amountFieldsOf(kind: string): AmountField[] {
  if (kind === 'deposit_match') return ['cap', 'min_deposit', 'max_win', 'max_bet'];
  if (kind === 'free_spins') return ['spin_bet', 'max_win', 'max_bet'];
  return ['fixed', 'max_win', 'max_bet'];
}

/** A form's text as a template's amount: empty is none. */
export function amountOrNull(value: FormDataEntryValue | null): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  return text === '' ? null : text;
}

/** A form's whole number, or null when left empty (the server says what is missing). */
export function integerOrNull(value: FormDataEntryValue | null): number | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/** `datetime-local` input value (UTC) ↔ ISO instant. */
export function toLocalInput(iso: string | null): string {
  return iso ? iso.slice(0, 16) : '';
}

export function fromLocalInput(value: FormDataEntryValue | null): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  return text === '' ? null : `${text.length === 16 ? `${text}:00` : text}Z`;
}

function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  // A leading =, +, - or @ would be a formula in a spreadsheet: quoted with an apostrophe.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The codes as CSV (header, then one row per code), for marketing's download. */
export function promoCodesCsv(offerKey: string, codes: PromoCode[]): string {
  const rows = [['offer', 'code', 'usage_limit', 'used', 'starts_at', 'ends_at']];
  const lines = rows.map((row) => row.join(','));
  for (const code of codes) {
    lines.push(
      [offerKey, code.code, code.usage_limit, code.used ?? 0, code.starts_at ?? '', code.ends_at ?? '']
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
