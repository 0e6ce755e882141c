/**
 * Messages of the field rules (spec §5), in every locale of the product. A rule reports a
 * `ValidationCode` and string params; the text is chosen here, so the server, the web forms and the
 * operator's content config (spec §5: "Default messages (configurable)") all speak the same codes.
 *
 * Placeholders are written `$$name$$`, as in the spec ('Min length is $$min$$'). The param `chars`
 * is special: it holds a set of characters (the offending ones of a password) and is rendered as a
 * localized list in which a space is named ('space' / 'espace'), so a player can see it.
 */
import type { Locale } from '../locales.ts';

export const VALIDATION_CODES = [
  'required',
  'email',
  'minLength',
  'maxLength',
  'phone',
  'fakeName',
  'password',
  'name',
  'address',
  'iban',
  'minValue',
  'maxValue',
  'date',
  'minDate',
  'maxDate',
  'insertPhone',
  'phoneFormat',
  'passwordChars',
  'passwordsNotEqual',
  'sex',
  'postcode',
  'numericCode',
  'timeExpired',
  'codeInvalid',
  'smsCode',
  'cardHolder',
  'custom',
  'requiredCheckbox',
  'sumRange',
  'wrongEmailAddress',
  'wrongPhoneFormat',
  'minimumAge',
] as const;

/** Letters only (camelCase): the server's dispatcher reports it verbatim in `fields`. */
export type ValidationCode = (typeof VALIDATION_CODES)[number];

export type ValidationMessages = Record<ValidationCode, string>;

/** French uses a no-break space before a colon (typographie française). */
const NBSP = '\u00a0';

export const VALIDATION_MESSAGES: { en: ValidationMessages; fr: ValidationMessages } = {
  en: {
    required: 'Field is required',
    email: 'Wrong email address',
    minLength: 'Min length is $$min$$',
    maxLength: 'Max length is $$max$$',
    phone: 'Wrong phone number',
    fakeName: 'Wrong fake name',
    password: 'Wrong password',
    name: 'Wrong symbols in name',
    address: 'Wrong address',
    iban: 'Wrong iban',
    minValue: 'Min value is $$min$$',
    maxValue: 'Max value is $$max$$',
    date: 'Wrong date',
    minDate: 'The date must not be earlier than $$min$$',
    maxDate: 'The date must not be later than $$max$$',
    insertPhone: 'Enter your phone number',
    phoneFormat: 'Wrong phone number format',
    passwordChars: 'Characters not allowed: $$chars$$',
    passwordsNotEqual: 'Passwords are not equal',
    sex: 'Please choose your sex',
    postcode: 'Wrong postcode',
    numericCode: 'The code must contain 6 digits',
    timeExpired: 'Time expired',
    codeInvalid: 'Code is invalid',
    smsCode: 'Wrong confirmation code',
    cardHolder: 'Wrong card holder name',
    custom: 'Wrong value',
    requiredCheckbox: 'Please tick this box to continue',
    sumRange: 'Enter an amount from $$min$$ to $$max$$',
    wrongEmailAddress: 'Wrong email address',
    wrongPhoneFormat: 'Wrong phone number format',
    minimumAge: 'You must be at least $$age$$ years old to play',
  },
  fr: {
    required: 'Ce champ est obligatoire',
    email: 'Adresse e-mail incorrecte',
    minLength: `Longueur minimale${NBSP}: $$min$$ caractères`,
    maxLength: `Longueur maximale${NBSP}: $$max$$ caractères`,
    phone: 'Numéro de téléphone incorrect',
    fakeName: 'Pseudonyme incorrect',
    password: 'Mot de passe incorrect',
    name: 'Le nom contient des caractères non autorisés',
    address: 'Adresse incorrecte',
    iban: 'IBAN incorrect',
    minValue: `Valeur minimale${NBSP}: $$min$$`,
    maxValue: `Valeur maximale${NBSP}: $$max$$`,
    date: 'Date incorrecte',
    minDate: 'La date ne peut pas être antérieure au $$min$$',
    maxDate: 'La date ne peut pas être postérieure au $$max$$',
    insertPhone: 'Saisissez votre numéro de téléphone',
    phoneFormat: 'Format du numéro de téléphone incorrect',
    passwordChars: `Caractères non autorisés${NBSP}: $$chars$$`,
    passwordsNotEqual: 'Les mots de passe ne correspondent pas',
    sex: 'Veuillez indiquer votre sexe',
    postcode: 'Code postal incorrect',
    numericCode: 'Le code doit contenir 6 chiffres',
    timeExpired: 'Délai expiré',
    codeInvalid: 'Le code n’est pas valide',
    smsCode: 'Code de confirmation incorrect',
    cardHolder: 'Nom du titulaire de la carte incorrect',
    custom: 'Valeur incorrecte',
    requiredCheckbox: 'Veuillez cocher cette case pour continuer',
    sumRange: 'Saisissez un montant compris entre $$min$$ et $$max$$',
    wrongEmailAddress: 'Adresse e-mail incorrecte',
    wrongPhoneFormat: 'Format du numéro de téléphone incorrect',
    minimumAge: 'Vous devez avoir au moins $$age$$ ans pour jouer',
  },
};

/**
 * What a message with placeholders says when its values are not at hand (a bare code from the
 * server's `fields`, or an operator's template naming a param the rule does not give): the rule in
 * words, never a raw `$$name$$`.
 */
export const VALIDATION_MESSAGES_WITHOUT_VALUES: {
  en: Partial<ValidationMessages>;
  fr: Partial<ValidationMessages>;
} = {
  en: {
    minLength: 'Too short',
    maxLength: 'Too long',
    minValue: 'The value is too small',
    maxValue: 'The value is too large',
    minDate: 'The date is too early',
    maxDate: 'The date is too late',
    passwordChars: 'Some characters are not allowed',
    sumRange: 'Enter an amount within the limits',
    minimumAge: 'You are under the minimum age to play',
  },
  fr: {
    minLength: 'Trop court',
    maxLength: 'Trop long',
    minValue: 'La valeur est trop petite',
    maxValue: 'La valeur est trop grande',
    minDate: 'La date est trop ancienne',
    maxDate: 'La date est trop récente',
    passwordChars: 'Certains caractères ne sont pas autorisés',
    sumRange: 'Saisissez un montant dans les limites',
    minimumAge: 'Vous n’avez pas l’âge minimum pour jouer',
  },
};

/** How a set of characters is listed in a message, per locale. */
const CHAR_LIST: Record<Locale, { space: string; separator: string }> = {
  en: { space: 'space', separator: ', ' },
  fr: { space: 'espace', separator: ', ' },
};

export function isValidationCode(value: unknown): value is ValidationCode {
  return typeof value === 'string' && (VALIDATION_CODES as readonly string[]).includes(value);
}

/** The `$$name$$` placeholders of a message, in order of appearance, without repeats. */
export function messagePlaceholders(message: string): string[] {
  const names = new Set<string>();
  for (const match of message.matchAll(/\$\$([A-Za-z]+)\$\$/g)) names.add(match[1] ?? '');
  return [...names];
}

/**
 * Renders a set of characters for a player: `' é'` → `space, é`. Invisible characters other than
 * a space (tabs, line breaks, zero-width marks) would read as nothing, so they show as `U+XXXX`.
 */
export function formatCharList(chars: string, locale: Locale): string {
  const { space, separator } = CHAR_LIST[locale];
  return Array.from(chars)
    .map((char) => {
      if (char === ' ') return space;
      if (/[\p{C}\p{Z}]/u.test(char)) {
        return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
      }
      return char;
    })
    .join(separator);
}

/**
 * The message of `code` in `locale` with its `$$name$$` placeholders filled from `params`.
 * `overrides` are the operator's messages for that locale (content config); an empty override is
 * ignored so a half-filled config cannot blank a message. When a placeholder has no param, the
 * message without values (`VALIDATION_MESSAGES_WITHOUT_VALUES`) is shown instead: a player never
 * sees a raw `$$name$$`.
 */
export function formatValidationMessage(
  code: ValidationCode,
  params: Readonly<Record<string, string>> | undefined,
  locale: Locale,
  overrides?: Readonly<Partial<Record<ValidationCode, string>>>,
): string {
  const override = overrides?.[code];
  const given = (name: string) => params !== undefined && Object.hasOwn(params, name) && params[name] !== '';
  // The operator's text, else the default, whichever has all its values; else the text without values.
  const template = [
    override !== undefined && override.trim() !== '' ? override : undefined,
    VALIDATION_MESSAGES[locale][code],
  ]
    .filter((text): text is string => text !== undefined)
    .find((text) => messagePlaceholders(text).every(given));
  if (template === undefined) {
    return (
      VALIDATION_MESSAGES_WITHOUT_VALUES[locale][code] ??
      VALIDATION_MESSAGES_WITHOUT_VALUES.en[code] ??
      VALIDATION_MESSAGES[locale].custom
    );
  }
  return template.replace(/\$\$([A-Za-z]+)\$\$/g, (_placeholder, name: string) => {
    const value = params?.[name] ?? '';
    return name === 'chars' ? formatCharList(value, locale) : value;
  });
}
