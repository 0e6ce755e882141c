/**
 * The rules of offers and campaign popups (ADR 021, ADR 048): pure, the one validation the campaigns
 * service applies to what the back office creates and edits. A bad value throws `CampaignRuleError`
 * naming the field; the service turns it into a typed `validation` error with nothing written.
 * Whether the offer's templates exist is the bonuses service's answer, asked by the campaigns
 * service.
 */
import { currencyExponent, isKnownCurrency } from '@croupier/money/currencies';
import { parseMinor } from '@croupier/money/decimal';
import type { OfferConditions } from './campaigns.tables.ts';

export const OFFER_TRIGGERS = ['deposit', 'registration', 'promo_code', 'action'] as const;
export type OfferTriggerName = (typeof OFFER_TRIGGERS)[number];

export class CampaignRuleError extends Error {
  readonly field: string;
  readonly problem: string;
  constructor(field: string, problem: string) {
    super(`campaign ${field}: ${problem}`);
    this.name = 'CampaignRuleError';
    this.field = field;
    this.problem = problem;
  }
}

type LocalizedText = { en: string; fr: string };

/** An offer as staff send it: minimum deposits as decimal strings in each currency's unit. */
export interface StaffOfferInput {
  key: string;
  trigger: string;
  title: LocalizedText;
  description: LocalizedText;
  firstDepositOnly: boolean;
  minDeposit: Record<string, string>;
  currencies: string[];
  excludeMethods: string[];
  templateIds: bigint[];
  startsAt: Date;
  endsAt: Date | null;
  enabled: boolean;
}

export interface StaffPopupInput {
  key: string;
  title: LocalizedText;
  content: LocalizedText;
  offerId: bigint | null;
  startsAt: Date;
  endsAt: Date | null;
  enabled: boolean;
}

const OFFER_KEY = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const POPUP_KEY = /^[a-z0-9-]{1,64}$/;
const METHOD = /^[A-Za-z0-9_.-]{1,64}$/;
/** A tag, a closing tag, a comment or a processing instruction: popups are plain text. */
const MARKUP = /<\s*[A-Za-z/!?]/;
/** Characters that only hide or reorder text: C0 controls but tab and newline, zero-width and bidi marks. */
function hidden(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
    if ((code >= 0x200b && code <= 0x200f) || (code >= 0x202a && code <= 0x202e)) return true;
    if (code >= 0x2066 && code <= 0x2069) return true;
  }
  return false;
}

function text(field: string, value: LocalizedText, max: number, options: { plain?: boolean } = {}): void {
  for (const locale of ['en', 'fr'] as const) {
    const v = value[locale];
    if (typeof v !== 'string' || v.trim() === '' || v.length > max) {
      throw new CampaignRuleError(`${field}.${locale}`, 'required');
    }
    if (options.plain && MARKUP.test(v)) throw new CampaignRuleError(`${field}.${locale}`, 'markup');
    if (hidden(v)) throw new CampaignRuleError(`${field}.${locale}`, 'control_characters');
  }
}

function window(startsAt: Date, endsAt: Date | null): void {
  if (Number.isNaN(startsAt.getTime())) throw new CampaignRuleError('starts_at', 'invalid');
  if (endsAt !== null && !(endsAt.getTime() > startsAt.getTime())) {
    throw new CampaignRuleError('ends_at', 'before_start');
  }
}

/** The offer's row (without id) or a CampaignRuleError on the first bad value. */
export function validateOffer(input: StaffOfferInput): {
  key: string;
  trigger: OfferTriggerName;
  title: LocalizedText;
  description: LocalizedText;
  conditions: OfferConditions;
  excludeMethods: string[];
  templateIds: bigint[];
  startsAt: Date;
  endsAt: Date | null;
  enabled: boolean;
} {
  if (!OFFER_KEY.test(input.key)) throw new CampaignRuleError('key', 'format');
  if (!(OFFER_TRIGGERS as readonly string[]).includes(input.trigger)) {
    throw new CampaignRuleError('trigger', 'unknown');
  }
  text('title', input.title, 200);
  text('description', input.description, 4000);
  const minDepositMinor: Record<string, string> = {};
  const entries = Object.entries(input.minDeposit);
  if (entries.length > 50) throw new CampaignRuleError('min_deposit', 'too_many');
  for (const [currency, amount] of entries) {
    if (!isKnownCurrency(currency))
      throw new CampaignRuleError(`min_deposit.${currency}`, 'unknown_currency');
    const parsed = parseMinor(amount, currencyExponent(currency), { trailingZeros: true });
    if (!parsed.ok || parsed.amountMinor <= 0n) {
      throw new CampaignRuleError(`min_deposit.${currency}`, 'positive_amount');
    }
    minDepositMinor[currency] = parsed.amountMinor.toString();
  }
  if (entries.length > 0 && input.trigger !== 'deposit') {
    throw new CampaignRuleError('min_deposit', 'deposit_offers_only');
  }
  if (input.currencies.length > 50 || input.currencies.some((c) => !isKnownCurrency(c))) {
    throw new CampaignRuleError('currencies', 'unknown_currency');
  }
  if (new Set(input.currencies).size !== input.currencies.length) {
    throw new CampaignRuleError('currencies', 'duplicate');
  }
  if (input.excludeMethods.length > 50 || input.excludeMethods.some((m) => !METHOD.test(m))) {
    throw new CampaignRuleError('exclude_methods', 'format');
  }
  if (input.templateIds.length === 0 || input.templateIds.length > 10) {
    throw new CampaignRuleError('template_ids', 'one_to_ten');
  }
  if (new Set(input.templateIds).size !== input.templateIds.length) {
    throw new CampaignRuleError('template_ids', 'duplicate');
  }
  window(input.startsAt, input.endsAt);
  const conditions: OfferConditions = {};
  if (input.firstDepositOnly) conditions.firstDepositOnly = true;
  if (entries.length > 0) conditions.minDepositMinor = minDepositMinor;
  if (input.currencies.length > 0) conditions.currencies = [...input.currencies];
  return {
    key: input.key,
    trigger: input.trigger as OfferTriggerName,
    title: input.title,
    description: input.description,
    conditions,
    excludeMethods: input.excludeMethods,
    templateIds: input.templateIds,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    enabled: input.enabled,
  };
}

/**
 * A popup's rules. Its title and content are plain text (the player's popup renders them as text,
 * ADR 048): markup is refused, not sanitised, so staff see at once that it would not render.
 */
export function validatePopup(input: StaffPopupInput): void {
  if (!POPUP_KEY.test(input.key)) throw new CampaignRuleError('key', 'format');
  text('title', input.title, 200, { plain: true });
  text('content', input.content, 2000, { plain: true });
  window(input.startsAt, input.endsAt);
}
