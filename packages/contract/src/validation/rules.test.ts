import { describe, expect, it } from 'vitest';
import {
  ageOn,
  checkProfileField,
  formatSumBound,
  isCheckboxTicked,
  normalizeIban,
  normalizePhone,
  PROFILE_FIELD_TYPES,
  parseDate,
  parseSum,
  passwordOffendingChars,
  validateAddress,
  validateBirthDate,
  validateCardHolder,
  validateCustom,
  validateDate,
  validateEmail,
  validateFakeName,
  validateFirstName,
  validateIban,
  validateLastName,
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

const codeOf = (issue: { code: string } | null) => issue?.code ?? null;

describe('name rules', () => {
  it('accepts letters of Latin, accented, Latvian and Cyrillic names with space, apostrophe, hyphen, dot', () => {
    for (const name of [
      'John',
      'Anna-Marie',
      "O'Neil",
      'O’Neil',
      'J. R. R. Tolkien',
      'François Müller',
      'Jānis Bērziņš',
      'Ģirts Ķēniņš',
      'Иван Петров',
      'Łukasz Żółć',
      '  Zoë  ',
      'E\u0301lodie',
    ]) {
      expect(validateName(name), name).toBeNull();
    }
    expect(validateFirstName).toBe(validateName);
    expect(validateLastName).toBe(validateName);
  });

  it('gives required when empty, else the name code', () => {
    expect(validateName('')).toEqual({ code: 'required' });
    expect(validateName('   ')).toEqual({ code: 'required' });
    expect(validateName(undefined)).toEqual({ code: 'required' });
    expect(validateName('', { optional: true })).toBeNull();
    for (const bad of ['John2', 'a@b', 'x_y', 'Ann!', 'Bob?', 'a#', 'a$', 'a%', 'a^', 'a&', 'a*', 'a(b)']) {
      expect(validateName(bad), bad).toEqual({ code: 'name' });
    }
    for (const bad of [
      '{a}',
      '[a]',
      'a|b',
      'a/b',
      'a\\b',
      '<a>',
      'a~',
      '§a',
      'a+b',
      'a:b',
      'a;b',
      'a`b',
      'a"b',
    ]) {
      expect(validateName(bad), bad).toEqual({ code: 'name' });
    }
    expect(validateName('---')).toEqual({ code: 'name' });
    expect(validateName('李小龍')).toEqual({ code: 'name' });
    expect(validateName('a\u093e')).toEqual({ code: 'name' });
    expect(validateName('a'.repeat(101))).toEqual({ code: 'maxLength', params: { max: '100' } });
  });

  it('accepts addresses with digits, comma, / and |, refuses the other symbols', () => {
    for (const address of ['12/3, rue de l’Église', 'Brīvības iela 55', 'ул. Ленина 1|2', '221B Baker St.']) {
      expect(validateAddress(address), address).toBeNull();
    }
    expect(validateAddress('')).toEqual({ code: 'required' });
    for (const bad of ['Apt #5', 'a@b', 'x_y', 'Main St (rear)', 'a;b', '...']) {
      expect(validateAddress(bad), bad).toEqual({ code: 'address' });
    }
  });

  it('checks card holders: letters, spaces, dot, apostrophe, hyphen', () => {
    expect(validateCardHolder("J. O'NEIL-SMITH")).toBeNull();
    expect(validateCardHolder('John Smith 2')).toEqual({ code: 'cardHolder' });
    expect(validateCardHolder('John_Smith')).toEqual({ code: 'cardHolder' });
    expect(validateCardHolder('')).toEqual({ code: 'required' });
    expect(validateCardHolder('', { optional: true })).toBeNull();
  });
});

describe('required text rules', () => {
  it('requires text unless optional, within a bound', () => {
    expect(validateText('AB123456')).toBeNull();
    expect(validateText(' ')).toEqual({ code: 'required' });
    expect(validateText(null, { optional: true })).toBeNull();
    expect(validateText('x'.repeat(256))).toEqual({ code: 'maxLength', params: { max: '255' } });
    expect(validateText('x'.repeat(11), { max: 10 })).toEqual({ code: 'maxLength', params: { max: '10' } });
  });

  it('checks logins by kind', () => {
    expect(validateLogin('anything')).toBeNull();
    expect(validateLogin('')).toEqual({ code: 'required' });
    expect(validateLogin('a@b.com', { kind: 'email' })).toBeNull();
    expect(validateLogin('a@b', { kind: 'email' })).toEqual({ code: 'email' });
    expect(validateLogin('', { kind: 'phone' })).toEqual({ code: 'insertPhone' });
    expect(validateLogin('+33 6 12 34 56 78', { kind: 'emailOrPhone' })).toBeNull();
    expect(validateLogin('a@b.fr', { kind: 'emailOrPhone' })).toBeNull();
    expect(validateLogin('a@b', { kind: 'emailOrPhone' })).toEqual({ code: 'email' });
    expect(validateLogin('12', { kind: 'emailOrPhone' })).toEqual({ code: 'phoneFormat' });
  });

  it('judges custom fields by pattern, else non-empty', () => {
    expect(validateCustom('x')).toBeNull();
    expect(validateCustom('')).toEqual({ code: 'required' });
    expect(validateCustom('AB-12', { pattern: /^[A-Z]{2}-\d{2}$/ })).toBeNull();
    expect(validateCustom('AB12', { pattern: '^[A-Z]{2}-\\d{2}$' })).toEqual({ code: 'custom' });
    // A global regexp keeps state between tests; the rule must not.
    const global = /^a$/g;
    expect(validateCustom('a', { pattern: global })).toBeNull();
    expect(validateCustom('a', { pattern: global })).toBeNull();
  });

  it('always accepts a promocode', () => {
    expect(validatePromocode('')).toBeNull();
    expect(validatePromocode('ANY thing!')).toBeNull();
  });
});

describe('date rules', () => {
  it('reads dd.mm.yyyy and ISO dates into ISO', () => {
    expect(parseDate('07.03.2025')).toBe('2025-03-07');
    expect(parseDate('7.3.2025')).toBe('2025-03-07');
    expect(parseDate('2025-03-07')).toBe('2025-03-07');
    expect(parseDate('29.02.2024')).toBe('2024-02-29');
    expect(parseDate('29.02.2000')).toBe('2000-02-29');
  });

  it('refuses impossible dates, short years and other characters', () => {
    for (const bad of [
      '29.02.2023',
      '29.02.1900',
      '31.04.2025',
      '00.01.2025',
      '01.13.2025',
      '01.01.25',
      '01.01.0000',
    ]) {
      expect(parseDate(bad), bad).toBeNull();
      expect(validateDate(bad), bad).toEqual({ code: 'date' });
    }
    for (const bad of [
      '01/01/2025',
      '2025-3-7',
      'x',
      "01'01'2025",
      '01,01,2025',
      '1 Jan 2025',
      '2025-03-07T00:00',
    ]) {
      expect(validateDate(bad), bad).toEqual({ code: 'date' });
    }
    expect(validateDate(' 01.01.2025 ')).toBeNull();
    expect(validateDate('')).toEqual({ code: 'required' });
    expect(validateDate('', { optional: true })).toBeNull();
  });

  it('keeps dates within optional bounds, showing the bound as dd.mm.yyyy', () => {
    const bounds = { min: '01.01.2000', max: '2020-12-31' };
    expect(validateDate('01.01.2000', bounds)).toBeNull();
    expect(validateDate('31.12.2020', bounds)).toBeNull();
    expect(validateDate('31.12.1999', bounds)).toEqual({ code: 'minDate', params: { min: '01.01.2000' } });
    expect(validateDate('2021-01-01', bounds)).toEqual({ code: 'maxDate', params: { max: '31.12.2020' } });
    expect(() => validateDate('01.01.2000', { min: 'soon' })).toThrow(RangeError);
  });

  it('keeps birth dates between 1900 and today', () => {
    const today = new Date(2025, 5, 15);
    expect(validateBirthDate('15.06.2025', { today })).toBeNull();
    expect(validateBirthDate('16.06.2025', { today })).toEqual({
      code: 'maxDate',
      params: { max: '15.06.2025' },
    });
    expect(validateBirthDate('31.12.1899', { today })).toEqual({
      code: 'minDate',
      params: { min: '01.01.1900' },
    });
  });

  it('refuses a birth date under the minimum age, counting from the birthday itself', () => {
    const today = new Date(2026, 10, 25);
    const adult = { today, minimumAge: 18 };
    // The issue's case: 01.01.2015 makes an 11-year-old.
    expect(validateBirthDate('01.01.2015', adult)).toEqual({ code: 'minimumAge', params: { age: '18' } });
    expect(validateBirthDate('2015-01-01', adult)).toEqual({ code: 'minimumAge', params: { age: '18' } });
    expect(validateBirthDate('25.11.2008', adult)).toBeNull();
    expect(validateBirthDate('26.11.2008', adult)).toEqual({ code: 'minimumAge', params: { age: '18' } });
    expect(validateBirthDate('25.11.2005', { today, minimumAge: 21 })).toBeNull();
    expect(validateBirthDate('26.11.2005', { today, minimumAge: 21 })).toMatchObject({ code: 'minimumAge' });
    // The date rules still come first, and no minimum age means no age rule.
    expect(validateBirthDate('31.02.2000', adult)).toEqual({ code: 'date' });
    expect(validateBirthDate('01.01.2015', { today })).toBeNull();
    expect(validateBirthDate('', { ...adult, optional: true })).toBeNull();
  });

  it('counts ages in whole years, a 29 February birthday from 1 March', () => {
    expect(ageOn('2008-02-29', new Date(2026, 1, 28))).toBe(17);
    expect(ageOn('2008-02-29', new Date(2026, 2, 1))).toBe(18);
    expect(ageOn('2008-02-29', new Date(2028, 1, 29))).toBe(20);
    expect(ageOn('2000-12-31', new Date(2018, 11, 30))).toBe(17);
    expect(ageOn('2000-12-31', new Date(2018, 11, 31))).toBe(18);
  });
});

describe('choice rules', () => {
  it('requires sex to be chosen', () => {
    expect(validateSex('1')).toBeNull();
    expect(validateSex(2)).toBeNull();
    expect(validateSex('0')).toEqual({ code: 'required' });
    expect(validateSex(0)).toEqual({ code: 'required' });
    expect(validateSex('')).toEqual({ code: 'required' });
    expect(validateSex(undefined)).toEqual({ code: 'required' });
    expect(validateSex('', { optional: true })).toBeNull();
    expect(validateSex('3')).toEqual({ code: 'sex' });
    expect(validateSex('male')).toEqual({ code: 'sex' });
  });

  it('requires a ticked checkbox', () => {
    for (const ticked of [true, 'true', '1', 'on', 'ON']) {
      expect(isCheckboxTicked(ticked)).toBe(true);
      expect(validateRequiredCheckbox(ticked)).toBeNull();
    }
    for (const unticked of [false, 'false', '0', 'off', '', undefined, null, 1]) {
      expect(validateRequiredCheckbox(unticked)).toEqual({ code: 'requiredCheckbox' });
    }
  });
});

describe('postcode rules', () => {
  it('accepts up to 8 digits by default', () => {
    expect(validatePostcode('75001')).toBeNull();
    expect(validatePostcode('12345678')).toBeNull();
    expect(validatePostcode('123456789')).toEqual({ code: 'postcode' });
    expect(validatePostcode('75 001')).toEqual({ code: 'postcode' });
    expect(validatePostcode('')).toEqual({ code: 'required' });
  });

  it('uses a supplied pattern instead', () => {
    const pattern = /^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/;
    expect(validatePostcode('SW1A 1AA', { pattern })).toBeNull();
    expect(validatePostcode('75001', { pattern })).toEqual({ code: 'postcode' });
    expect(validatePostcode('LV-1050', { pattern: '^LV-\\d{4}$' })).toBeNull();
  });
});

describe('contact rules', () => {
  it('asks for a phone when empty and checks its format', () => {
    expect(validatePhone('')).toEqual({ code: 'insertPhone' });
    expect(validatePhone(undefined, { optional: true })).toBeNull();
    for (const phone of ['+33612345678', '+33 6 12 34 56 78', '+1 (555) 123-4567', '0612345678', '1234567']) {
      expect(validatePhone(phone), phone).toBeNull();
    }
    for (const bad of [
      '123456',
      '+1234567890123456',
      '06.12.34.56.78',
      '+33 6 12 34 56 7a',
      '33+612345678',
      '++33612345678',
    ]) {
      expect(validatePhone(bad), bad).toEqual({ code: 'phoneFormat' });
    }
    expect(normalizePhone(' +1 (555) 123-4567 ')).toBe('+15551234567');
    expect(normalizePhone('06 12 34')).toBe('061234');
  });

  it('checks email shape: one @, a domain with one or two suffixes, no spaces', () => {
    for (const email of ['a@b.com', 'a@b.co.uk', 'First.Last+tag@example.fr', ' a@b.com ', 'ivan@почта.рф']) {
      expect(validateEmail(email), email).toBeNull();
    }
    for (const bad of [
      'a@b',
      'a@b.c.d.e',
      'a b@c.com',
      'a@b .com',
      'a@@b.com',
      'a@b@c.com',
      '@b.com',
      'a@.com',
      'a@b.',
      'ab.com',
    ]) {
      expect(validateEmail(bad), bad).toEqual({ code: 'email' });
    }
    expect(validateEmail('')).toEqual({ code: 'required' });
    expect(validateEmail(`${'a'.repeat(250)}@b.com`)).toEqual({ code: 'maxLength', params: { max: '254' } });
  });
});

describe('password rules', () => {
  it('requires at least 6 allowed characters, at most 20 in the reusable rule', () => {
    expect(validatePassword('')).toEqual({ code: 'required' });
    expect(validatePassword('abc12')).toEqual({ code: 'minLength', params: { min: '6' } });
    expect(validatePassword('abc123')).toBeNull();
    expect(validatePassword('!@#$%^&*()_+-=[]{};')).toBeNull();
    expect(validatePassword(`':",.<>/?\\|\`~Aa0`)).toBeNull();
    expect(validatePassword('a'.repeat(21), { max: 20 })).toEqual({
      code: 'maxLength',
      params: { max: '20' },
    });
    expect(validatePassword('a'.repeat(20), { max: 20 })).toBeNull();
    expect(validatePassword('a'.repeat(21))).toBeNull();
  });

  it('lists the offending characters, a space included', () => {
    expect(validatePassword('my pass word')).toEqual({ code: 'passwordChars', params: { chars: ' ' } });
    expect(validatePassword('pässwörd é')).toEqual({ code: 'passwordChars', params: { chars: 'äö é' } });
    expect(validatePassword('€')).toEqual({ code: 'passwordChars', params: { chars: '€' } });
    expect(passwordOffendingChars('abc')).toBe('');
  });

  it('wants the repeat to equal the password', () => {
    expect(validateRepeatPassword('secret1', 'secret1')).toBeNull();
    expect(validateRepeatPassword('secret2', 'secret1')).toEqual({ code: 'passwordsNotEqual' });
    expect(validateRepeatPassword('', 'secret1')).toEqual({ code: 'required' });
  });
});

describe('code rules', () => {
  it('requires exactly 6 digits', () => {
    expect(validateNumericCode('123456')).toBeNull();
    expect(validateNumericCode(' 123456 ')).toBeNull();
    expect(validateNumericCode('')).toEqual({ code: 'required' });
    for (const bad of ['12345', '1234567', '12345a', '123 456', '١٢٣٤٥٦']) {
      expect(validateNumericCode(bad), bad).toEqual({ code: 'numericCode' });
      expect(validateTwoFactorCode(bad), bad).toEqual({ code: 'numericCode' });
    }
  });

  it('checks fake names: 4 to 32 letters or digits, no punctuation or spaces', () => {
    expect(validateFakeName('Lucky7')).toBeNull();
    expect(validateFakeName('Игрок2025')).toBeNull();
    expect(validateFakeName('abc')).toEqual({ code: 'minLength', params: { min: '4' } });
    expect(validateFakeName('a'.repeat(33))).toEqual({ code: 'maxLength', params: { max: '32' } });
    for (const bad of ['lucky,7', 'lucky_7', 'lucky 7', 'lucky"7', "lucky'7", 'lucky-7', 'lucky!', 'l@cky']) {
      expect(validateFakeName(bad), bad).toEqual({ code: 'fakeName' });
    }
    expect(validateFakeName('')).toEqual({ code: 'required' });
  });
});

describe('sum rules', () => {
  const bounds = { min: '10', max: '5000', currency: 'USD' };

  it('accepts positive whole amounts within bounds, with thousand separators', () => {
    expect(validateSum('10', bounds)).toBeNull();
    expect(validateSum('5000', bounds)).toBeNull();
    expect(validateSum('5,000', bounds)).toBeNull();
    expect(validateSum('4 999', bounds)).toBeNull();
    expect(parseSum('1,234,567')).toBe(1234567n);
    expect(parseSum('1\u202f234')).toBe(1234n);
  });

  it('shows both bounds in the currency for any other amount', () => {
    const range = { code: 'sumRange', params: { min: '$10.00', max: '$5,000.00' } };
    for (const bad of ['9', '5001', '0', '010', '-10', '10.5', '10,50', '1,00,0', 'abc', '1e3', ',100']) {
      expect(validateSum(bad, bounds), bad).toEqual(range);
    }
    expect(validateSum('', bounds)).toEqual({ code: 'required' });
    expect(validateSum('', { ...bounds, optional: true })).toBeNull();
  });

  it('formats bounds with the supplied formatter or the default, falling back to USD', () => {
    expect(validateSum('1', { min: '10.5', max: '1000' })).toEqual({
      code: 'sumRange',
      params: { min: '$10.50', max: '$1,000.00' },
    });
    expect(validateSum('1', { min: '10', max: '100', currency: 'EUR' })?.params).toEqual({
      min: '10.00\u00a0EUR',
      max: '100.00\u00a0EUR',
    });
    const format = (amount: string, currency: string) => `${currency}:${amount}`;
    expect(validateSum('1', { min: '10', max: '100', currency: 'EUR', format })?.params).toEqual({
      min: 'EUR:10',
      max: 'EUR:100',
    });
    expect(formatSumBound('1234.565', 'USD')).toBe('$1,234.57');
    expect(() => validateSum('1', { min: 'ten', max: '100' })).toThrow(RangeError);
  });

  it('compares with decimal bounds exactly', () => {
    const decimal = { min: '10.01', max: '20.99' };
    expect(validateSum('10', decimal)?.code).toBe('sumRange');
    expect(validateSum('11', decimal)).toBeNull();
    expect(validateSum('20', decimal)).toBeNull();
    expect(validateSum('21', decimal)?.code).toBe('sumRange');
  });
});

describe('iban rule', () => {
  it('accepts valid IBANs in print or electronic form', () => {
    for (const iban of [
      'GB82 WEST 1234 5698 7654 32',
      'DE89370400440532013000',
      'FR14 2004 1010 0505 0001 3M02 606',
      'fr1420041010050500013m02606',
      'LV80BANK0000435195001',
      'NL91ABNA0417164300',
    ]) {
      expect(validateIban(iban), iban).toBeNull();
    }
    expect(normalizeIban('gb82 west 1234')).toBe('GB82WEST1234');
  });

  it('refuses wrong check digits, lengths and shapes', () => {
    for (const bad of [
      'GB83WEST12345698765432',
      'DE8937040044053201300',
      'FR1420041010050500013M0260',
      'XX00',
      '1234567890123456',
      'GB82-WEST!',
    ]) {
      expect(validateIban(bad), bad).toEqual({ code: 'iban' });
    }
    expect(validateIban('')).toEqual({ code: 'required' });
  });
});

describe('profile field checks', () => {
  const today = new Date(2025, 0, 1);

  it('uses the rule of each profile type', () => {
    expect(PROFILE_FIELD_TYPES).toEqual([
      'first_name',
      'last_name',
      'sex',
      'birth_date',
      'documentNumber',
      'address',
      'postcode',
      'email',
      'phone',
    ]);
    const valid = {
      first_name: 'Jānis',
      last_name: 'Bērziņš',
      sex: 1,
      birth_date: '01.02.1990',
      documentNumber: 'AB123',
      address: 'Brīvības iela 1',
      postcode: '1050',
      email: 'a@b.lv',
      phone: '+371 2000 0000',
    } as const;
    for (const type of PROFILE_FIELD_TYPES)
      expect(checkProfileField(type, valid[type], today), type).toBeNull();
    expect(codeOf(checkProfileField('first_name', 'J4nis', today))).toBe('name');
    expect(codeOf(checkProfileField('sex', '0', today))).toBe('required');
    expect(codeOf(checkProfileField('birth_date', '02.01.2025', today))).toBe('maxDate');
    expect(codeOf(checkProfileField('documentNumber', '', today))).toBe('required');
    expect(codeOf(checkProfileField('address', 'a#1', today))).toBe('address');
    expect(codeOf(checkProfileField('postcode', 'LV-1050', today))).toBe('postcode');
    expect(codeOf(checkProfileField('email', 'a@b', today))).toBe('email');
    expect(codeOf(checkProfileField('phone', '', today))).toBe('insertPhone');
  });
});
