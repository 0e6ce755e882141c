/**
 * Zod 4 schemas of the spec §5 field rules, for server method contracts and web forms alike. Each
 * wraps a rule of `rules.ts`: a failing rule becomes one zod issue `{ code: 'custom', message:
 * <ValidationCode>, params }`, which the server's dispatcher reports as `fields: { email:
 * 'wrongEmailAddress' }` and the web turns into text with `issueToMessage`.
 *
 * Fields take text as forms and query strings send it; a missing key, `null` and blanks are the
 * rule's `required` (not zod's `invalid_type`), so both sides show the same message. Outputs are
 * trimmed (emails keep their case), phones and IBANs are normalized, dates become ISO `yyyy-mm-dd`.
 */
import { z } from 'zod';
import type { Locale } from '../locales.ts';
import { formatValidationMessage, isValidationCode, type ValidationCode } from './messages.ts';
import {
  BIRTH_DATE_MIN,
  type DateRule,
  type LengthRule,
  type LoginKind,
  normalizeIban,
  normalizePhone,
  PASSWORD_INPUT_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  type PatternRule,
  parseDate,
  parseSex,
  parseSum,
  type Sex,
  type SumRule,
  type ValidationIssue,
  validateAddress,
  validateBirthDate,
  validateCardHolder,
  validateCustom,
  validateDate,
  validateEmail,
  validateFakeName,
  validateIban,
  validateLogin,
  validateName,
  validateNumericCode,
  validatePassword,
  validatePhone,
  validatePostcode,
  validatePromocode,
  validateRepeatPassword,
  validateRequiredCheckbox,
  validateSex,
  validateSum,
  validateText,
  validateTwoFactorCode,
} from './rules.ts';

interface IssueSink {
  addIssue(issue: {
    code: 'custom';
    message: string;
    params?: Record<string, string>;
    path?: PropertyKey[];
  }): void;
}

function report(ctx: IssueSink, issue: ValidationIssue, path?: PropertyKey[]): void {
  ctx.addIssue({
    code: 'custom',
    message: issue.code,
    ...(issue.params ? { params: issue.params } : {}),
    ...(path ? { path } : {}),
  });
}

/** A text field: `check` judges the raw text; `output` shapes a valid one. */
function textRule<Output>(check: (text: string) => ValidationIssue | null, output: (text: string) => Output) {
  return z
    .string()
    .nullish()
    .transform((value, ctx): Output => {
      const text = value ?? '';
      const issue = check(text);
      if (issue) {
        report(ctx, issue);
        return z.NEVER;
      }
      return output(text);
    });
}

const trimmed = (text: string): string => text.trim();
const asTyped = (text: string): string => text;

export const emailField = () => textRule(validateEmail, trimmed);

/** A password typed to log in: character and minimum rules, no 20 cap (input still bounded). */
export const passwordField = () =>
  textRule((text) => validatePassword(text, { max: PASSWORD_INPUT_MAX_LENGTH }), asTyped);

/** A password being chosen (registration, change): the reusable rule, 6 to 20 allowed characters. */
export const newPasswordField = () =>
  textRule((text) => validatePassword(text, { max: PASSWORD_MAX_LENGTH }), asTyped);

/**
 * The repeated password: required here; equality is checked across fields by
 * `withRepeatPassword`, which reports `passwordsNotEqual` on this field.
 */
export const repeatPasswordField = () =>
  textRule((text) => (text === '' ? { code: 'required' } : null), asTyped);

/** Output: `+` if typed, then digits only (`+33 6 12-34-56-78` → `+33612345678`). */
export const phoneField = () => textRule(validatePhone, normalizePhone);

/** Login as an email, a phone, either (an `@` decides) or plain required text. */
export const loginField = (kind: LoginKind = 'emailOrPhone') =>
  textRule(
    (text) => validateLogin(text, { kind }),
    (text) => {
      const isPhone = kind === 'phone' || (kind === 'emailOrPhone' && !text.includes('@'));
      return isPhone ? normalizePhone(text) : text.trim();
    },
  );

export const nameField = (options: Pick<LengthRule, 'max'> = {}) =>
  textRule((text) => validateName(text, options), trimmed);

export const addressField = (options: Pick<LengthRule, 'max'> = {}) =>
  textRule((text) => validateAddress(text, options), trimmed);

/** Text that is only required (document type, document number, cpf, free text), bounded. */
export const textField = (options: Pick<LengthRule, 'max'> = {}) =>
  textRule((text) => validateText(text, options), trimmed);

export const cardHolderField = (options: Pick<LengthRule, 'max'> = {}) =>
  textRule((text) => validateCardHolder(text, options), trimmed);

/** A date typed `dd.mm.yyyy` or ISO; output ISO `yyyy-mm-dd`. */
export const dateField = (options: Omit<DateRule, 'optional'> = {}) =>
  textRule(
    (text) => validateDate(text, options),
    (text) => parseDate(text) ?? '',
  );

/**
 * Birth date from `BIRTH_DATE_MIN` to today (judged at parse time), and at least `minimumAge` years
 * ago when given (`minimumAge`); output ISO.
 */
export const birthDateField = (options: Omit<DateRule, 'optional'> & { minimumAge?: number } = {}) =>
  textRule(
    (text) =>
      validateDate(text, { min: options.min ?? BIRTH_DATE_MIN, max: options.max ?? new Date() }) ??
      (options.minimumAge === undefined ? null : validateBirthDate(text, { minimumAge: options.minimumAge })),
    (text) => parseDate(text) ?? '',
  );

/** Sex, `1`/`2` as text or number; output 1 or 2. */
export const sexField = () =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value, ctx): Sex => {
      const sex = parseSex(value);
      if (sex === undefined) {
        report(ctx, validateSex(value) ?? { code: 'sex' });
        return z.NEVER;
      }
      return sex;
    });

export const postcodeField = (options: Pick<PatternRule, 'pattern'> = {}) =>
  textRule((text) => validatePostcode(text, options), trimmed);

export const numericCodeField = () => textRule(validateNumericCode, trimmed);

export const twoFactorCodeField = () => textRule(validateTwoFactorCode, trimmed);

export const fakeNameField = () => textRule(validateFakeName, trimmed);

/** Output: the IBAN without spaces, upper case. */
export const ibanField = () => textRule(validateIban, normalizeIban);

/** Custom field: the operator's pattern, or just required. */
export const customField = (options: Pick<PatternRule, 'pattern'> = {}) =>
  textRule((text) => validateCustom(text, options), trimmed);

/** Promocode: always valid (spec §5); blank becomes ''. */
export const promocodeField = () => textRule(validatePromocode, trimmed);

/** A whole amount within bounds; output its digits without separators (`'1,500'` → `'1500'`). */
export const sumField = (options: Omit<SumRule, 'optional'>) =>
  textRule(
    (text) => validateSum(text, options),
    (text) => (parseSum(text) ?? 0n).toString(),
  );

/** Terms, age and similar: accepts `true`, `'true'`, `'1'`, `'on'`; output `true`. */
export const requiredCheckboxField = () =>
  z
    .union([z.boolean(), z.string()])
    .nullish()
    .transform((value, ctx): true => {
      const issue = validateRequiredCheckbox(value);
      if (issue) {
        report(ctx, issue);
        return z.NEVER;
      }
      return true;
    });

function isBlankInput(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/**
 * The field, but a missing, `null` or blank value is valid and outputs `undefined`: `optional(
 * phoneField())` for a phone the player may leave empty. Anything else must pass the field.
 */
export function optional<Output, Input>(field: z.ZodType<Output, Input>) {
  return z
    .custom<Input | null>(() => true)
    .optional()
    .transform((value, ctx): Output | undefined => {
      if (isBlankInput(value)) return undefined;
      const parsed = field.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) {
        const params = issue.code === 'custom' ? stringParams(issue.params) : undefined;
        const code = issue.code === 'custom' && isValidationCode(issue.message) ? issue.message : 'custom';
        report(ctx, params ? { code, params } : { code }, issue.path.length > 0 ? issue.path : undefined);
      }
      return z.NEVER;
    });
}

/**
 * Adds the repeat-password rule to a form object: `withRepeatPassword(schema, 'password',
 * 'password_repeat')` reports `passwordsNotEqual` (or `required`) on the repeat field. It runs once
 * both keys parsed, so a bad password is reported first, as the form shows it.
 */
export function withRepeatPassword<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  passwordKey: keyof Shape & string,
  repeatKey: keyof Shape & string,
) {
  return schema.superRefine((data, ctx) => {
    const values: Record<string, unknown> = data;
    const password = values[passwordKey];
    const repeat = values[repeatKey];
    const issue = validateRepeatPassword(
      typeof repeat === 'string' ? repeat : '',
      typeof password === 'string' ? password : '',
    );
    if (issue) report(ctx, issue, [repeatKey]);
  });
}

function stringParams(params: unknown): Record<string, string> | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number') out[key] = String(value);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * The player-facing text of a problem with a field, in `locale`: a zod issue from these schemas (or
 * any zod issue, mapped to the nearest rule), a rule's `ValidationIssue`, or the bare code the
 * server sends in `fields` (its params are not sent, so prefer client-side issues for messages with
 * placeholders). `overrides` are the operator's messages for that locale.
 */
export function issueToMessage(
  issue: z.core.$ZodIssue | ValidationIssue | string,
  locale: Locale,
  overrides?: Readonly<Partial<Record<ValidationCode, string>>>,
): string {
  const { code, params } = toValidationIssue(issue);
  return formatValidationMessage(code, params, locale, overrides);
}

function toValidationIssue(issue: z.core.$ZodIssue | ValidationIssue | string): ValidationIssue {
  if (typeof issue === 'string') return { code: isValidationCode(issue) ? issue : 'custom' };
  if (!('path' in issue)) return issue;
  switch (issue.code) {
    case 'custom': {
      const params = stringParams(issue.params);
      const code = isValidationCode(issue.message) ? issue.message : 'custom';
      return params ? { code, params } : { code };
    }
    case 'invalid_type':
      return { code: issue.input === undefined ? 'required' : 'custom' };
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'string')
        return issue.minimum === 1 ? { code: 'required' } : { code: 'minLength', params: { min } };
      return issue.origin === 'number' || issue.origin === 'bigint'
        ? { code: 'minValue', params: { min } }
        : { code: 'custom' };
    }
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'string') return { code: 'maxLength', params: { max } };
      return issue.origin === 'number' || issue.origin === 'bigint'
        ? { code: 'maxValue', params: { max } }
        : { code: 'custom' };
    }
    case 'invalid_format':
      return { code: issue.format === 'email' ? 'email' : 'custom' };
    default:
      return { code: 'custom' };
  }
}
