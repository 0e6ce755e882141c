/**
 * Properties of the spec §5 rules, each checked against an independent statement of the rule
 * (an oracle written from the spec's wording, not from the rule's code).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  IBAN_LENGTHS,
  NAME_FORBIDDEN_SYMBOLS,
  parseDate,
  validateAddress,
  validateCardHolder,
  validateEmail,
  validateFakeName,
  validateIban,
  validateName,
  validateNumericCode,
  validatePassword,
  validatePhone,
  validateSum,
} from './rules.ts';

const DIGITS = '0123456789';
/** Digits of other scripts are digits too. */
const OTHER_DIGITS = '٠١٢٣٤٥٦٧٨٩０９';
const PRINTABLE_ASCII = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
const NAME_LETTERS = [
  ...'abcxyzABCXYZéèêëàâäçñßøåæœÿüöāčēģīķļņšūžĀČĒĢĪĶĻŅŠŪŽąęłńśźżабвгдежзийклмнопрстуфхцчшщъыьэюяЁё',
];

const anyText = fc.string({ unit: 'grapheme', maxLength: 40 });

describe('name properties', () => {
  const forbidden = fc.constantFrom(...DIGITS, ...OTHER_DIGITS, ...NAME_FORBIDDEN_SYMBOLS);

  it('never accepts a name containing a digit or a forbidden symbol', () => {
    fc.assert(
      fc.property(anyText, forbidden, anyText, (before, symbol, after) => {
        expect(validateName(`${before}${symbol}${after}`)).not.toBeNull();
        expect(validateCardHolder(`${before}${symbol}${after}`)).not.toBeNull();
      }),
    );
  });

  it('never accepts an address containing a forbidden symbol other than / and |', () => {
    const addressForbidden = fc.constantFrom(
      ...[...NAME_FORBIDDEN_SYMBOLS].filter((c) => c !== '/' && c !== '|'),
    );
    fc.assert(
      fc.property(anyText, addressForbidden, anyText, (before, symbol, after) => {
        expect(validateAddress(`${before}${symbol}${after}`)).not.toBeNull();
      }),
    );
  });

  it('accepts any mix of letters, spaces, apostrophes, hyphens and dots with a letter in it', () => {
    const unit = fc.oneof(
      { arbitrary: fc.constantFrom(...NAME_LETTERS), weight: 4 },
      { arbitrary: fc.constantFrom(' ', "'", '’', '-', '.'), weight: 1 },
    );
    fc.assert(
      fc.property(
        fc.string({ unit, maxLength: 40 }),
        fc.constantFrom(...NAME_LETTERS),
        fc.string({ unit, maxLength: 40 }),
        (before, letter, after) => {
          const name = `${before}${letter}${after}`;
          expect(validateName(name)).toBeNull();
          expect(validateAddress(`${name} 12/3|4, 5`)).toBeNull();
        },
      ),
    );
  });
});

describe('numeric code properties', () => {
  it('accepts exactly the strings of 6 digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{6}$/), (code) => {
        expect(validateNumericCode(code)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(
        fc
          .string({ unit: fc.constantFrom(...DIGITS), minLength: 1, maxLength: 20 })
          .filter((c) => c.length !== 6),
        (code) => {
          expect(validateNumericCode(code)).toEqual({ code: 'numericCode' });
        },
      ),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 10 }), (code) => {
        const valid = validateNumericCode(code) === null;
        expect(valid).toBe(/^[0-9]{6}$/.test(code.trim()));
      }),
    );
  });
});

describe('password properties', () => {
  const unit = fc.oneof(
    { arbitrary: fc.constantFrom(...PRINTABLE_ASCII), weight: 12 },
    {
      arbitrary: fc.constantFrom('é', '€', '\t', '\n', '😀', '\u00a0', 'ß', 'Ω', '\u0000', '\u007f'),
      weight: 1,
    },
  );
  const allowed = (char: string) => char >= '!' && char <= '~' && char.length === 1;

  it('is valid exactly when 6 to 20 long and made of allowed characters', () => {
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 30 }), (password) => {
        const chars = Array.from(password);
        const expected = chars.length >= 6 && chars.length <= 20 && chars.every(allowed);
        expect(validatePassword(password, { max: 20 }) === null).toBe(expected);
      }),
    );
  });

  it('reports exactly the disallowed characters present, each once', () => {
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 30 }), (password) => {
        const disallowed = new Set(Array.from(password).filter((char) => !allowed(char)));
        const issue = validatePassword(password, { max: 20 });
        if (disallowed.size === 0) {
          expect(issue?.code).not.toBe('passwordChars');
          return;
        }
        expect(issue?.code).toBe('passwordChars');
        const reported = Array.from(issue?.params?.chars ?? '');
        expect(reported.length).toBe(disallowed.size);
        expect(new Set(reported)).toEqual(disallowed);
      }),
    );
  });
});

describe('sum properties', () => {
  const separator = fc.constantFrom(',', ' ', '\u00a0', '\u202f');

  function group(digits: string, sep: string): string {
    return digits.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  }

  it('accepts exactly the whole amounts within [min, max], with or without thousand separators', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.boolean(),
        separator,
        (amount, a, b, grouped, sep) => {
          const [min, max] = a <= b ? [a, b] : [b, a];
          const text = grouped ? group(amount.toString(), sep) : amount.toString();
          const valid = validateSum(text, { min: min.toString(), max: max.toString() }) === null;
          expect(valid).toBe(amount >= min && amount <= max);
        },
      ),
    );
  });

  it('compares with bounds that have cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (amount, minCents, spanCents) => {
          const maxCents = minCents + spanCents;
          const bound = (cents: number) =>
            `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
          const valid = validateSum(String(amount), { min: bound(minCents), max: bound(maxCents) }) === null;
          expect(valid).toBe(amount * 100 >= minCents && amount * 100 <= maxCents);
        },
      ),
    );
  });

  it('never accepts anything but digits and well-placed separators, nor a leading zero', () => {
    const unit = fc.constantFrom(...DIGITS, ',', ' ', '.', '-', '+', 'e', '\u00a0');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 20 }), (text) => {
        const valid = validateSum(text, { min: '1', max: '1000000000000000000000' }) === null;
        const wellFormed =
          /^[1-9][0-9]*$/.test(text.trim()) || /^[1-9][0-9]{0,2}(?:[, \u00a0][0-9]{3})+$/.test(text.trim());
        expect(valid).toBe(wellFormed);
      }),
    );
  });
});

describe('contact properties', () => {
  const label = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,10}$/);
  const local = fc.stringMatching(/^[A-Za-z0-9._%+-]{1,20}$/);

  it('accepts a local part, @, a name and one or two suffixes', () => {
    fc.assert(
      fc.property(local, label, fc.array(label, { minLength: 1, maxLength: 2 }), (user, name, suffixes) => {
        expect(validateEmail(`${user}@${[name, ...suffixes].join('.')}`)).toBeNull();
      }),
    );
  });

  it('refuses three or more suffixes, a missing or doubled @, and any space', () => {
    fc.assert(
      fc.property(local, label, fc.array(label, { minLength: 3, maxLength: 5 }), (user, name, suffixes) => {
        expect(validateEmail(`${user}@${[name, ...suffixes].join('.')}`)).toEqual({ code: 'email' });
        expect(validateEmail(`${user}${name}.${suffixes.join('.')}`)).toEqual({ code: 'email' });
        expect(validateEmail(`${user}@@${name}.${suffixes[0]}`)).toEqual({ code: 'email' });
      }),
    );
    fc.assert(
      fc.property(anyText, fc.constantFrom(' ', '\t', '\u00a0'), anyText, (before, space, after) => {
        const email = `${before}${space}${after}`;
        // Blanks around the address are trimmed; a space inside is never valid.
        if (email.trim().includes(space)) expect(validateEmail(email)).not.toBeNull();
      }),
    );
  });

  it('accepts 7 to 15 digits with an optional + and tolerated separators, nothing else', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(fc.tuple(fc.constantFrom(...DIGITS), fc.constantFrom('', '', '', ' ', '-', '(', ')')), {
          minLength: 1,
          maxLength: 20,
        }),
        (plus, parts) => {
          const phone = `${plus ? '+' : ''}${parts.map(([digit, sep]) => `${digit}${sep}`).join('')}`;
          const valid = validatePhone(phone) === null;
          expect(valid).toBe(parts.length >= 7 && parts.length <= 15);
        },
      ),
    );
  });
});

describe('date properties', () => {
  it('reads every calendar date from dd.mm.yyyy and ISO alike', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('0001-01-01T00:00:00Z'),
          max: new Date('9999-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const y = String(date.getUTCFullYear()).padStart(4, '0');
          const m = String(date.getUTCMonth() + 1).padStart(2, '0');
          const d = String(date.getUTCDate()).padStart(2, '0');
          expect(parseDate(`${d}.${m}.${y}`)).toBe(`${y}-${m}-${d}`);
          expect(parseDate(`${y}-${m}-${d}`)).toBe(`${y}-${m}-${d}`);
        },
      ),
    );
  });

  it('accepts a day, month and year exactly when the calendar has that day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 1, max: 9999 }),
        (day, month, year) => {
          const oracle = new Date(0);
          oracle.setUTCFullYear(year, month - 1, day);
          const exists =
            month >= 1 &&
            month <= 12 &&
            day >= 1 &&
            oracle.getUTCFullYear() === year &&
            oracle.getUTCMonth() === month - 1 &&
            oracle.getUTCDate() === day;
          const text = `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${String(year).padStart(4, '0')}`;
          expect(parseDate(text) !== null).toBe(exists);
        },
      ),
    );
  });
});

describe('fake name properties', () => {
  it('is valid exactly when 4 to 32 letters or digits', () => {
    const unit = fc.oneof(
      { arbitrary: fc.constantFrom(...NAME_LETTERS, ...DIGITS), weight: 8 },
      { arbitrary: fc.constantFrom(',', '_', ' ', '"', "'", '-', '!', '@', '.', '€'), weight: 1 },
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (name) => {
        const text = name.trim();
        const chars = Array.from(text);
        const expected =
          chars.length >= 4 &&
          chars.length <= 32 &&
          chars.every((c) => NAME_LETTERS.includes(c) || DIGITS.includes(c));
        expect(validateFakeName(name) === null).toBe(expected);
      }),
    );
  });
});

describe('iban properties', () => {
  const countries = Object.keys(IBAN_LENGTHS);

  function checkDigits(country: string, bban: string): string {
    let remainder = 0n;
    const numeric = [...`${bban}${country}00`]
      .map((char) => (/[0-9]/.test(char) ? char : String(char.charCodeAt(0) - 55)))
      .join('');
    remainder = BigInt(numeric) % 97n;
    return String(98n - remainder).padStart(2, '0');
  }

  const iban = fc.constantFrom(...countries).chain((country) =>
    fc
      .string({
        unit: fc.constantFrom(...DIGITS),
        minLength: (IBAN_LENGTHS[country] ?? 0) - 4,
        maxLength: (IBAN_LENGTHS[country] ?? 0) - 4,
      })
      .map((bban) => `${country}${checkDigits(country, bban)}${bban}`),
  );

  it('accepts IBANs with correct check digits, printed in groups of four or not', () => {
    fc.assert(
      fc.property(iban, (value) => {
        expect(validateIban(value)).toBeNull();
        expect(validateIban(value.replace(/(.{4})/g, '$1 ').toLowerCase())).toBeNull();
      }),
    );
  });

  it('refuses any single changed digit and any other length', () => {
    fc.assert(
      fc.property(iban, fc.nat(), fc.integer({ min: 1, max: 9 }), (value, at, delta) => {
        const index = 4 + (at % (value.length - 4));
        const changed = String((Number(value[index]) + delta) % 10);
        expect(validateIban(`${value.slice(0, index)}${changed}${value.slice(index + 1)}`)).toEqual({
          code: 'iban',
        });
        expect(validateIban(`${value}0`)).toEqual({ code: 'iban' });
      }),
    );
  });
});
