/**
 * Every field rule of spec §5, once, as pure functions: the server's contracts and the web forms both
 * call these (through `fields.ts` or directly), so a value the form accepts is a value the server
 * accepts. A rule answers `null` when the value is valid, else the first problem as a code (see
 * `messages.ts`) and string params for its message.
 *
 * Values arrive as typed text: rules trim surrounding blanks where a person would not mean them
 * (names, emails, codes); a password is taken exactly as typed, since a space in it is an error the
 * player must see. `optional: true` makes a blank value valid instead of `required`.
 */
import type { ValidationCode } from './messages.ts';

export interface ValidationIssue {
  code: ValidationCode;
  params?: Record<string, string>;
}

export interface OptionalRule {
  /** A blank value is valid (the field may be left empty). */
  optional?: boolean;
}

export type Pattern = RegExp | string;

// Constants of spec §9, and the limits the spec leaves open (a limit on everything).
export const PASSWORD_MIN_LENGTH = 6;
/** The reusable password rule (registration, new password) also caps the length. */
export const PASSWORD_MAX_LENGTH = 20;
/** Cap for a password typed to log in: old passwords are not re-judged, but input stays bounded. */
export const PASSWORD_INPUT_MAX_LENGTH = 128;
export const NUMERIC_CODE_LENGTH = 6;
export const FAKE_NAME_MIN_LENGTH = 4;
export const FAKE_NAME_MAX_LENGTH = 32;
export const POSTCODE_MAX_DIGITS = 8;
/** RFC 5321 path limit. */
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;
export const ADDRESS_MAX_LENGTH = 255;
export const TEXT_MAX_LENGTH = 255;
/** E.164 allows at most 15 digits; 7 is the shortest national number in use. */
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;
/** Typed phone text, separators included. */
export const PHONE_MAX_LENGTH = 32;
/** Spec §9: default currency fallback. */
export const DEFAULT_CURRENCY = 'USD';
/** Longest amount text a sum field reads; no casino amount needs more. */
export const SUM_MAX_LENGTH = 40;
export const BIRTH_DATE_MIN = '1900-01-01';
/** Age a player must have reached to play for real money, unless the jurisdiction says more. */
export const DEFAULT_MINIMUM_AGE = 18;
/** Bounds an operator may configure a minimum age within (no casino licence allows less than 18). */
export const MINIMUM_AGE_LOWEST = 18;
export const MINIMUM_AGE_HIGHEST = 30;

function fail(code: ValidationCode, params?: Record<string, string>): ValidationIssue {
  return params ? { code, params } : { code };
}

function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

/** Length in characters as a person counts them (code points, so an emoji is one). */
function charCount(value: string): number {
  return Array.from(value).length;
}

function toRegExp(pattern: Pattern): RegExp {
  const regexp = typeof pattern === 'string' ? new RegExp(pattern, 'u') : pattern;
  // A global or sticky regexp keeps `lastIndex` between calls; reset it so each test is fresh.
  regexp.lastIndex = 0;
  return regexp;
}

/** A blank value: `required`, or valid when the field is optional. `undefined` when not blank. */
function blankResult(value: string | null | undefined, optional: boolean | undefined) {
  if (!isBlank(value)) return undefined;
  return optional ? null : fail('required');
}

function maxLengthIssue(value: string, max: number): ValidationIssue | null {
  return charCount(value) > max ? fail('maxLength', { max: String(max) }) : null;
}

// --- Names and addresses -----------------------------------------------------------------------

/**
 * Spec §5: a name has no digit and none of these symbols. Kept as the spec's own list so tests can
 * check it; the allow-list below is stricter still.
 */
export const NAME_FORBIDDEN_SYMBOLS = '@_"!?#$%^&*(){}[]|/\\<>~§+:;`';

/**
 * A letter of the Latin (accented and Latvian letters included) or Cyrillic script, or a combining
 * accent (an `é` typed as `e` + U+0301).
 */
const LETTER = String.raw`(?:(?=[\p{Script=Latin}\p{Script=Cyrillic}])\p{L}|(?=\p{Script=Inherited})\p{M})`;
const APOSTROPHES = "'’ʼ";
const NAME_PATTERN = new RegExp(String.raw`^(?:${LETTER}|[ .\-${APOSTROPHES}])+$`, 'u');
const ADDRESS_PATTERN = new RegExp(String.raw`^(?:${LETTER}|[0-9 .,/|\-${APOSTROPHES}])+$`, 'u');
const HAS_LETTER = /\p{L}/u;
const HAS_LETTER_OR_DIGIT = /[\p{L}0-9]/u;

export interface LengthRule extends OptionalRule {
  max?: number;
}

/**
 * Name, first name, last name: letters (accented Latin, Latvian, Cyrillic), spaces, apostrophe,
 * hyphen and dot; never a digit or a symbol of `NAME_FORBIDDEN_SYMBOLS`. `Anna-Marie O'Neil`,
 * `Jānis Bērziņš`, `Иван`.
 */
export function validateName(
  value: string | null | undefined,
  options: LengthRule = {},
): ValidationIssue | null {
  const blank = blankResult(value, options.optional);
  if (blank !== undefined) return blank;
  const text = (value ?? '').trim();
  if (!NAME_PATTERN.test(text) || !HAS_LETTER.test(text)) return fail('name');
  return maxLengthIssue(text, options.max ?? NAME_MAX_LENGTH);
}

/** Spec §5 names first and last name separately; they follow the name rule. */
export const validateFirstName = validateName;
export const validateLastName = validateName;

/** Address: as a name, plus digits, comma, `/` and `|` (`12/3, rue de l'Église`). */
export function validateAddress(
  value: string | null | undefined,
  options: LengthRule = {},
): ValidationIssue | null {
  const blank = blankResult(value, options.optional);
  if (blank !== undefined) return blank;
  const text = (value ?? '').trim();
  if (!ADDRESS_PATTERN.test(text) || !HAS_LETTER_OR_DIGIT.test(text)) return fail('address');
  return maxLengthIssue(text, options.max ?? ADDRESS_MAX_LENGTH);
}

/** Card holder: letters, spaces, dot, apostrophe, hyphen (`J. O'Neil-Smith`). */
export function validateCardHolder(
  value: string | null | undefined,
  options: LengthRule = {},
): ValidationIssue | null {
  const blank = blankResult(value, options.optional);
  if (blank !== undefined) return blank;
  const text = (value ?? '').trim();
  if (!NAME_PATTERN.test(text) || !HAS_LETTER.test(text)) return fail('cardHolder');
  return maxLengthIssue(text, options.max ?? NAME_MAX_LENGTH);
}

/**
 * Text, login, document type, document number, cpf (spec §5): required unless optional; bounded so
 * no field is unlimited.
 */
export function validateText(
  value: string | null | undefined,
  options: LengthRule = {},
): ValidationIssue | null {
  const blank = blankResult(value, options.optional);
  if (blank !== undefined) return blank;
  return maxLengthIssue((value ?? '').trim(), options.max ?? TEXT_MAX_LENGTH);
}

// --- Dates ---------------------------------------------------------------------------------------

const DATE_CHARS = /^[0-9.,'-]+$/;
const DOTTED_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isoOf(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * `dd.mm.yyyy` (spec §9's display format, one-digit day and month tolerated) or ISO `yyyy-mm-dd`
 * → ISO `yyyy-mm-dd`, or `null` when it is not a calendar date with a four-digit year.
 */
export function parseDate(value: string): string | null {
  const text = value.trim();
  if (!DATE_CHARS.test(text)) return null;
  const dotted = DOTTED_DATE.exec(text);
  const iso = dotted ? null : ISO_DATE.exec(text);
  const [day, month, year] = dotted
    ? [dotted[1], dotted[2], dotted[3]].map(Number)
    : iso
      ? [iso[3], iso[2], iso[1]].map(Number)
      : [];
  if (day === undefined || month === undefined || year === undefined) return null;
  // There is no year 0; four digits means 0001–9999.
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return isoOf(year, month, day);
}

/** ISO `yyyy-mm-dd` → `dd.mm.yyyy` (spec §9). */
export function formatIsoDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
}

/** The calendar date of `date` in the runtime's time zone, as ISO `yyyy-mm-dd`. */
export function isoDateOf(date: Date): string {
  return isoOf(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

function boundIso(bound: string | Date, name: string): string {
  const iso = typeof bound === 'string' ? parseDate(bound) : isoDateOf(bound);
  // A bad bound is a programming or configuration error, not the player's.
  if (iso === null) throw new RangeError(`Invalid ${name} date bound: "${String(bound).slice(0, 40)}"`);
  return iso;
}

export interface DateRule extends OptionalRule {
  /** Earliest allowed date, `dd.mm.yyyy`, ISO or a Date (its local calendar day). */
  min?: string | Date;
  /** Latest allowed date. */
  max?: string | Date;
}

/**
 * Date (spec §5): a valid calendar date with a four-digit year, made only of digits, comma, dot,
 * apostrophe and hyphen, within the optional bounds (`minDate`/`maxDate`, bounds as dd.mm.yyyy).
 */
export function validateDate(
  value: string | null | undefined,
  options: DateRule = {},
): ValidationIssue | null {
  const blank = blankResult(value, options.optional);
  if (blank !== undefined) return blank;
  const iso = parseDate(value ?? '');
  if (iso === null) return fail('date');
  if (options.min !== undefined) {
    const min = boundIso(options.min, 'min');
    if (iso < min) return fail('minDate', { min: formatIsoDate(min) });
  }
  if (options.max !== undefined) {
    const max = boundIso(options.max, 'max');
    if (iso > max) return fail('maxDate', { max: formatIsoDate(max) });
  }
  return null;
}

/**
 * Whole years from the ISO birth date `birthIso` to `today` (its local calendar day): the
 * birthday counts from its day on, and a 29 February birthday from 1 March in other years.
 */
export function ageOn(birthIso: string, today: Date = new Date()): number {
  const [birthYear, birthMonth, birthDay] = birthIso.split('-').map(Number) as [number, number, number];
  const [year, month, day] = [today.getFullYear(), today.getMonth() + 1, today.getDate()];
  const hadBirthday = month > birthMonth || (month === birthMonth && day >= birthDay);
  return year - birthYear - (hadBirthday ? 0 : 1);
}

export interface BirthDateRule extends OptionalRule {
  today?: Date;
  /** The player must be at least this old (`minimumAge`, with `params.age`). */
  minimumAge?: number;
}

/**
 * A birth date: from `BIRTH_DATE_MIN` to today (no one is born tomorrow), and when `minimumAge` is
 * given, at least that many years ago (`minimumAge`: "You must be at least 18 years old").
 */
export function validateBirthDate(
  value: string | null | undefined,
  options: BirthDateRule = {},
): ValidationIssue | null {
  const today = options.today ?? new Date();
  const issue = validateDate(value, { optional: options.optional, min: BIRTH_DATE_MIN, max: today });
  if (issue || options.minimumAge === undefined) return issue;
  const iso = parseDate(value ?? '');
  return iso !== null && ageOn(iso, today) < options.minimumAge
    ? fail('minimumAge', { age: String(options.minimumAge) })
    : null;
}

// --- Choices -------------------------------------------------------------------------------------

/** Sex as stored: 1 or 2. */
export type Sex = 1 | 2;

/** `1`/`2` (text or number) → the sex; anything else → undefined. */
export function parseSex(value: string | number | null | undefined): Sex | undefined {
  const text = typeof value === 'number' ? String(value) : (value ?? '').trim();
  if (text === '1') return 1;
  if (text === '2') return 2;
  return undefined;
}

/** Sex must be chosen (spec §5): 1 or 2. Nothing or 0 (the unchosen option) is `required`. */
export function validateSex(
  value: string | number | null | undefined,
  options: OptionalRule = {},
): ValidationIssue | null {
  if (parseSex(value) !== undefined) return null;
  const text = typeof value === 'number' ? String(value) : (value ?? '').trim();
  if (text === '' || text === '0') return options.optional ? null : fail('required');
  return fail('sex');
}

const TICKED = new Set(['true', '1', 'on']);

/** A checkbox as HTML forms (`on`), query strings (`1`, `true`) and JSON (`true`) send it. */
export function isCheckboxTicked(value: unknown): boolean {
  return value === true || (typeof value === 'string' && TICKED.has(value.trim().toLowerCase()));
}

/** Required checkbox (terms, age): must be ticked. */
export function validateRequiredCheckbox(value: unknown): ValidationIssue | null {
  return isCheckboxTicked(value) ? null : fail('requiredCheckbox');
}

/** Promocode (spec §5): always valid; the campaign service judges the code itself. */
export function validatePromocode(_value: string | null | undefined): ValidationIssue | null {
  return null;
}

export interface PatternRule extends OptionalRule {
  /** Tested against the trimmed value; a string is compiled with the `u` flag. */
  pattern?: Pattern;
}

/** Custom field (spec §5): matches the supplied pattern, or without one, is not empty. */
export function validateCustom(
  value: string | null | undefined,
  options: PatternRule = {},
): ValidationIssue | null {
  const blank = blankResult(value, options.optional);
  if (blank !== undefined) return blank;
  const text = (value ?? '').trim();
  if (options.pattern !== undefined && !toRegExp(options.pattern).test(text)) return fail('custom');
  return maxLengthIssue(text, TEXT_MAX_LENGTH);
}

const DEFAULT_POSTCODE = new RegExp(`^\\d{1,${POSTCODE_MAX_DIGITS}}$`);

/** Postcode (spec §5): up to 8 digits, or the supplied pattern (a country's format). */
export function validatePostcode(
  value: string | null | undefined,
  options: PatternRule = {},
): ValidationIssue | null {
  const blank = blankResult(value, options.optional);
  if (blank !== undefined) return blank;
  const text = (value ?? '').trim();
  if (charCount(text) > TEXT_MAX_LENGTH) return fail('postcode');
  return toRegExp(options.pattern ?? DEFAULT_POSTCODE).test(text) ? null : fail('postcode');
}

// --- Contacts ------------------------------------------------------------------------------------

const PHONE_TEXT = /^\+?[0-9 ()-]+$/;

/** Typed phone → `+` (if typed) and digits: `+33 (6) 12-34-56-78` → `+33612345678`. */
export function normalizePhone(value: string): string {
  const text = value.trim();
  return `${text.startsWith('+') ? '+' : ''}${text.replace(/\D/g, '')}`;
}

/**
 * Phone (spec §5): blank → `insertPhone`; else an optional leading `+` and 7–15 digits, with
 * spaces, dashes and parentheses tolerated between them → else `phoneFormat`.
 */
export function validatePhone(
  value: string | null | undefined,
  options: OptionalRule = {},
): ValidationIssue | null {
  if (isBlank(value)) return options.optional ? null : fail('insertPhone');
  const text = (value ?? '').trim();
  if (text.length > PHONE_MAX_LENGTH || !PHONE_TEXT.test(text)) return fail('phoneFormat');
  const digits = text.replace(/\D/g, '').length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS ? null : fail('phoneFormat');
}

/**
 * Email (spec §5): a local part without spaces, one `@`, then a domain name and one or two
 * dot-separated suffixes: `a@b.com`, `a@b.co.uk`; not `a@b`, `a@b.c.d.e`, `a b@c.com`.
 */
const EMAIL_PATTERN = /^[^\s@\p{C}]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+){1,2}$/u;

export function validateEmail(
  value: string | null | undefined,
  options: OptionalRule = {},
): ValidationIssue | null {
  const blank = blankResult(value, options.optional);
  if (blank !== undefined) return blank;
  const text = (value ?? '').trim();
  if (text.length > EMAIL_MAX_LENGTH) return fail('maxLength', { max: String(EMAIL_MAX_LENGTH) });
  return EMAIL_PATTERN.test(text) ? null : fail('email');
}

export type LoginKind = 'email' | 'phone' | 'emailOrPhone' | 'text';

/**
 * Login (spec §5 lists it with the required fields): an email, a phone, either (an `@` decides), or
 * free text that is only required.
 */
export function validateLogin(
  value: string | null | undefined,
  options: OptionalRule & { kind?: LoginKind } = {},
): ValidationIssue | null {
  const kind = options.kind ?? 'text';
  if (kind === 'email') return validateEmail(value, options);
  if (kind === 'phone') return validatePhone(value, options);
  if (kind === 'text') return validateText(value, { optional: options.optional, max: EMAIL_MAX_LENGTH });
  const blank = blankResult(value, options.optional);
  if (blank !== undefined) return blank;
  return (value ?? '').includes('@') ? validateEmail(value) : validatePhone(value);
}

// --- Passwords and codes -------------------------------------------------------------------------

/** Printable ASCII without the space: letters, digits and ``!@#$%^&*()_+-=[]{};':",.<>/?\|`~``. */
const PASSWORD_CHAR = /^[!-~]$/;

/** The characters of `value` a password may not hold, each once, in order of first appearance. */
export function passwordOffendingChars(value: string): string {
  const offending = new Set<string>();
  for (const char of value) if (!PASSWORD_CHAR.test(char)) offending.add(char);
  return [...offending].join('');
}

export interface PasswordRule extends OptionalRule {
  min?: number;
  /** The reusable (new password) rule passes `PASSWORD_MAX_LENGTH`. */
  max?: number;
}

/**
 * Password (spec §5), taken exactly as typed: required; only allowed characters (the offending ones
 * in `params.chars`); at least 6; at most `max` when given.
 */
export function validatePassword(
  value: string | null | undefined,
  options: PasswordRule = {},
): ValidationIssue | null {
  const text = value ?? '';
  if (text === '') return options.optional ? null : fail('required');
  const chars = passwordOffendingChars(text);
  if (chars !== '') return fail('passwordChars', { chars });
  const min = options.min ?? PASSWORD_MIN_LENGTH;
  if (charCount(text) < min) return fail('minLength', { min: String(min) });
  return options.max === undefined ? null : maxLengthIssue(text, options.max);
}

/** Repeat password: required and equal to the password typed first. */
export function validateRepeatPassword(
  value: string | null | undefined,
  password: string | null | undefined,
): ValidationIssue | null {
  const text = value ?? '';
  if (text === '') return fail('required');
  return text === (password ?? '') ? null : fail('passwordsNotEqual');
}

const NUMERIC_CODE = new RegExp(`^[0-9]{${NUMERIC_CODE_LENGTH}}$`);

/** Numeric (confirmation) code: required, digits only, exactly 6. */
export function validateNumericCode(
  value: string | null | undefined,
  options: OptionalRule = {},
): ValidationIssue | null {
  const blank = blankResult(value, options.optional);
  if (blank !== undefined) return blank;
  return NUMERIC_CODE.test((value ?? '').trim()) ? null : fail('numericCode');
}

/** Two-factor code: 6 digits ("the code must contain 6 digits"). */
export const validateTwoFactorCode = validateNumericCode;

const FAKE_NAME_PATTERN = new RegExp(`^(?:${LETTER}|[0-9])+$`, 'u');

/**
 * Fake name (public nickname): letters and digits only, 4 to 32 of them; no comma, underscore,
 * space, quote, hyphen or other symbol.
 */
export function validateFakeName(
  value: string | null | undefined,
  options: OptionalRule = {},
): ValidationIssue | null {
  const blank = blankResult(value, options.optional);
  if (blank !== undefined) return blank;
  const text = (value ?? '').trim();
  if (!FAKE_NAME_PATTERN.test(text)) return fail('fakeName');
  const length = charCount(text);
  if (length < FAKE_NAME_MIN_LENGTH) return fail('minLength', { min: String(FAKE_NAME_MIN_LENGTH) });
  if (length > FAKE_NAME_MAX_LENGTH) return fail('maxLength', { max: String(FAKE_NAME_MAX_LENGTH) });
  return null;
}

// --- Money ---------------------------------------------------------------------------------------

/** Thousand separators a player may type: comma, space, and the spaces French formatting uses. */
const GROUPED_SUM = /^[1-9][0-9]{0,2}(?:[, \u00a0\u202f][0-9]{3})+$/;
const PLAIN_SUM = /^[1-9][0-9]*$/;
const DECIMAL_BOUND = /^(\d{1,30})(?:\.(\d{1,18}))?$/;

/**
 * Typed amount → a positive whole number, or `null`. Digits only, no leading zero; thousand
 * separators only where they group thousands (`1,000` but not `10,50`, which in French means ten
 * and a half and must not be read as 1050).
 */
export function parseSum(value: string): bigint | null {
  const text = value.trim();
  if (text.length > SUM_MAX_LENGTH) return null;
  if (PLAIN_SUM.test(text)) return BigInt(text);
  if (GROUPED_SUM.test(text)) return BigInt(text.replace(/\D/g, ''));
  return null;
}

function parseBound(bound: string): { scaled: bigint; scale: bigint } {
  const match = DECIMAL_BOUND.exec(bound.trim());
  if (!match) throw new RangeError(`Invalid sum bound: "${bound.slice(0, 40)}"`);
  const fraction = match[2] ?? '';
  return { scaled: BigInt(`${match[1]}${fraction}`), scale: 10n ** BigInt(fraction.length) };
}

/** Default money text (spec §9): thousands grouped with commas, 2 decimals; `$` for USD. */
export function formatSumBound(amount: string, currency: string): string {
  const { scaled, scale } = parseBound(amount);
  // Round half away from zero to cents with integers only.
  const cents = (scaled * 100n * 2n + scale) / (scale * 2n);
  const integer = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const body = `${integer}.${(cents % 100n).toString().padStart(2, '0')}`;
  return currency === DEFAULT_CURRENCY ? `$${body}` : `${body}\u00a0${currency}`;
}

export interface SumRule extends OptionalRule {
  /** Decimal strings in major units, as on the wire (`"10"`, `"5000.00"`). */
  min: string;
  max: string;
  /** ISO 4217; blank or missing → USD (spec §9). */
  currency?: string;
  /** Renders a bound for the message; default `formatSumBound`. The web passes its money formatter. */
  format?: (amount: string, currency: string) => string;
}

/**
 * Sum (spec §5): a positive whole amount within [min, max]. Any failure shows both bounds in the
 * currency (`sumRange`), since that is what the player needs to fix it.
 */
export function validateSum(value: string | null | undefined, options: SumRule): ValidationIssue | null {
  const min = parseBound(options.min);
  const max = parseBound(options.max);
  const blank = blankResult(value, options.optional);
  if (blank !== undefined) return blank;
  const sum = parseSum(value ?? '');
  if (sum !== null && sum * min.scale >= min.scaled && sum * max.scale <= max.scaled) return null;
  const currency = options.currency?.trim() ? options.currency.trim() : DEFAULT_CURRENCY;
  const format = options.format ?? formatSumBound;
  return fail('sumRange', { min: format(options.min, currency), max: format(options.max, currency) });
}

// --- IBAN ----------------------------------------------------------------------------------------

/** IBAN length per country (ISO 13616 registry), for the countries players most often bank in. */
// biome-ignore format: a table reads better in rows than one entry per line
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, BY: 28, CH: 21,
  CR: 22, CY: 28, CZ: 24, DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27,
  GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IS: 26, IT: 27,
  JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24, ME: 22,
  MK: 19, MR: 27, MT: 31, MU: 30, NL: 18, NO: 15, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24,
  RS: 22, SA: 24, SC: 31, SE: 24, SI: 19, SK: 24, SM: 27, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22,
  VG: 24, XK: 20,
};

const IBAN_SHAPE = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/;

/** `fr14 2004 1010…` → `FR142004…`: spaces dropped, upper case (IBANs are printed in groups). */
export function normalizeIban(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** ISO 7064 mod 97-10 over the rearranged IBAN, letters as 10–35, digit by digit (no big number). */
function ibanRemainder(iban: string): number {
  let remainder = 0;
  for (const char of `${iban.slice(4)}${iban.slice(0, 4)}`) {
    const digits = /[0-9]/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** IBAN: the country's length (or 15–34 for a country not in the table) and check digits. */
export function validateIban(
  value: string | null | undefined,
  options: OptionalRule = {},
): ValidationIssue | null {
  const blank = blankResult(value, options.optional);
  if (blank !== undefined) return blank;
  const iban = normalizeIban(value ?? '');
  if (!IBAN_SHAPE.test(iban)) return fail('iban');
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length !== undefined && iban.length !== length) return fail('iban');
  return ibanRemainder(iban) === 1 ? null : fail('iban');
}

// --- Profile -------------------------------------------------------------------------------------

/** Spec §5: the profile field check types. */
export const PROFILE_FIELD_TYPES = [
  'first_name',
  'last_name',
  'sex',
  'birth_date',
  'documentNumber',
  'address',
  'postcode',
  'email',
  'phone',
] as const;
export type ProfileFieldType = (typeof PROFILE_FIELD_TYPES)[number];

export function isProfileFieldType(value: unknown): value is ProfileFieldType {
  return typeof value === 'string' && (PROFILE_FIELD_TYPES as readonly string[]).includes(value);
}

/** The rule of a profile field (required), e.g. before `saveProfileInfo`. */
export function checkProfileField(
  type: ProfileFieldType,
  value: string | number | null | undefined,
  today: Date = new Date(),
  minimumAge?: number,
): ValidationIssue | null {
  if (type === 'sex') return validateSex(value);
  const text = typeof value === 'number' ? String(value) : value;
  switch (type) {
    case 'first_name':
    case 'last_name':
      return validateName(text);
    case 'birth_date':
      return validateBirthDate(text, { today, ...(minimumAge !== undefined ? { minimumAge } : {}) });
    case 'documentNumber':
      return validateText(text);
    case 'address':
      return validateAddress(text);
    case 'postcode':
      return validatePostcode(text);
    case 'email':
      return validateEmail(text);
    case 'phone':
      return validatePhone(text);
  }
}
