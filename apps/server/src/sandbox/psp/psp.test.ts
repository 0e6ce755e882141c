/** Pure parts of the sandbox provider: amounts, cards, IBANs, signatures, return URLs, credentials. */
import { formatMinor } from '@croupier/money/decimal';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { signatureHeader, verifyWebhookSignature } from '../../lib/signature.ts';
import { sandboxPspCredentials } from '../../provider-credentials.ts';
import { parseAmount } from './amount.ts';
import { cardBrand, expiryValid, findTestCard, luhnValid, normalizeCardNumber, TEST_CARDS } from './cards.ts';
import { BANKS, COLLECTION_ACCOUNT, ibanFromBban, ibanValid } from './iban.ts';
import { payoutDeclined } from './merchant-api.ts';
import { returnLocation } from './return-url.ts';
import { webhookRetryDelayMs } from './webhook-delivery.ts';

/** The receiver's check of lib/signature.ts over a body held as text. */
const verifySignature = (secret: string, header: string | undefined, raw: string, nowSeconds: number) =>
  verifyWebhookSignature(secret, header, Buffer.from(raw), nowSeconds).ok;

describe('amounts', () => {
  it('parses decimal strings exactly into minor units', () => {
    expect(parseAmount('25.00', 2)).toEqual({ ok: true, minor: 2500n });
    expect(parseAmount('25.5', 2)).toEqual({ ok: true, minor: 2550n });
    expect(parseAmount('0.01', 2)).toEqual({ ok: true, minor: 1n });
    expect(parseAmount('1500', 0)).toEqual({ ok: true, minor: 1500n });
    expect(parseAmount('1.234', 3)).toEqual({ ok: true, minor: 1234n });
    expect(parseAmount('999999999.99', 2)).toEqual({ ok: true, minor: 99_999_999_999n });
  });

  it.each([
    ['1.001', 2],
    ['10.5', 0],
    ['0', 2],
    ['0.00', 2],
    ['-5', 2],
    ['+5', 2],
    ['1e3', 2],
    ['', 2],
    ['.5', 2],
    ['5.', 2],
    ['05', 2],
    [' 5', 2],
    ['abc', 2],
    ['1,50', 2],
    ['NaN', 2],
    ['Infinity', 2],
    ['1000000000', 2],
    ['123456789012345678901234567890', 0],
  ])('refuses %j with exponent %i', (text, exponent) => {
    expect(parseAmount(text, exponent).ok).toBe(false);
  });

  it('formats minor units with the full number of decimals', () => {
    expect(formatMinor(2500n, 2)).toBe('25.00');
    expect(formatMinor(5n, 2)).toBe('0.05');
    expect(formatMinor(1500n, 0)).toBe('1500');
    expect(formatMinor(1n, 3)).toBe('0.001');
  });
});

describe('cards', () => {
  it('has Luhn-valid test cards, each found by its number with spaces or dashes', () => {
    for (const card of TEST_CARDS) {
      expect(luhnValid(card.number)).toBe(true);
      expect(findTestCard(normalizeCardNumber(card.number.replace(/(.{4})/g, '$1 ')))).toBe(card);
      expect(findTestCard(normalizeCardNumber(card.number.replace(/(.{4})(?=.)/g, '$1-')))).toBe(card);
    }
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
  });

  it('knows the brands', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
  });

  it('accepts an expiry through the last day of its month', () => {
    const now = new Date(Date.UTC(2030, 5, 30, 23, 59));
    expect(expiryValid('06/30', now)).toBe(true);
    expect(expiryValid('06 / 2030', now)).toBe(true);
    expect(expiryValid('05/30', now)).toBe(false);
    expect(expiryValid('13/30', now)).toBe(false);
    expect(expiryValid('6/30', now)).toBe(false);
    expect(expiryValid('junk', now)).toBe(false);
  });
});

describe('IBANs', () => {
  it('checks length and mod-97', () => {
    expect(ibanValid('FR76 3000 6000 0112 3456 7890 189')).toBe(true);
    expect(ibanValid('DE89370400440532013000')).toBe(true);
    expect(ibanValid('GB82WEST12345698765432')).toBe(true);
    expect(ibanValid('FR76 3000 6000 0112 3456 7890 188')).toBe(false);
    expect(ibanValid('DE8937040044053201300')).toBe(false);
    expect(ibanValid('XX89370400440532013000')).toBe(false);
    expect(ibanValid('')).toBe(false);
  });

  it('builds valid IBANs, including the provider collection account', () => {
    expect(ibanValid(COLLECTION_ACCOUNT.iban)).toBe(true);
    const declining = ibanFromBban('FR', '30001007941234567890000');
    expect(ibanValid(declining)).toBe(true);
    expect(declining.endsWith('0000')).toBe(true);
  });

  it('lists banks with well-formed BICs', () => {
    for (const bank of BANKS) expect(bank.bic).toMatch(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/);
  });
});

describe('webhook signature', () => {
  it('signs as the protocol says and verifies within the tolerance', () => {
    const header = signatureHeader('whsec_test', 1_795_240_000, '{"a":1}');
    expect(header).toMatch(/^t=1795240000,v1=[0-9a-f]{64}$/);
    expect(verifySignature('whsec_test', header, '{"a":1}', 1_795_240_100)).toBe(true);
    expect(verifySignature('whsec_test', header, '{"a":2}', 1_795_240_100)).toBe(false);
    expect(verifySignature('other', header, '{"a":1}', 1_795_240_100)).toBe(false);
    expect(verifySignature('whsec_test', header, '{"a":1}', 1_795_240_301)).toBe(false);
  });
});

describe('return URL', () => {
  it('appends the status with ? or &, before any fragment', () => {
    expect(returnLocation('https://site/cashier/payresult/dep_1', 'success')).toBe(
      'https://site/cashier/payresult/dep_1?status=success',
    );
    expect(returnLocation('https://site/r?x=a%20b', 'fail')).toBe('https://site/r?x=a%20b&status=fail');
    expect(returnLocation('https://site/r?', 'cancel')).toBe('https://site/r?status=cancel');
    expect(returnLocation('https://site/r#top', 'pending')).toBe('https://site/r?status=pending#top');
  });
});

describe('sandbox back-off and payout rules', () => {
  it('doubles from 1 s and caps at an hour', () => {
    expect([1, 2, 3, 4].map(webhookRetryDelayMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(webhookRetryDelayMs(13)).toBe(3_600_000);
    expect(webhookRetryDelayMs(500)).toBe(3_600_000);
  });

  it('declines IBANs ending in 0000 and amounts ending in .13', () => {
    expect(payoutDeclined(1013n, null)).toBe(true);
    expect(payoutDeclined(1012n, 'FR7630001007941234567890185')).toBe(false);
    expect(payoutDeclined(1012n, 'FR1230001007941234567890000')).toBe(true);
  });
});

describe('sandboxPspCredentials', () => {
  it('derives stable, distinct defaults from APP_SECRET', () => {
    const config = loadConfig({ NODE_ENV: 'test', APP_SECRET: 'a'.repeat(32), PORT: '4100' });
    const first = sandboxPspCredentials(config);
    expect(first).toEqual(sandboxPspCredentials(config));
    expect(first.apiKey).not.toBe(first.webhookSecret);
    expect(first.apiKey.length).toBeGreaterThanOrEqual(32);
    expect(first.baseUrl).toBe('http://127.0.0.1:4100/sandbox/psp');
    const other = sandboxPspCredentials(loadConfig({ NODE_ENV: 'test', APP_SECRET: 'b'.repeat(32) }));
    expect(other.apiKey).not.toBe(first.apiKey);
  });

  it('takes explicit settings and PUBLIC_URL', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'https://casino.example/',
      PSP_API_KEY: 'sk_explicit_0123456789',
      PSP_WEBHOOK_SECRET: 'whsec_explicit_0123456789',
    });
    expect(sandboxPspCredentials(config)).toEqual({
      apiKey: 'sk_explicit_0123456789',
      webhookSecret: 'whsec_explicit_0123456789',
      baseUrl: 'https://casino.example/sandbox/psp',
    });
    expect(
      sandboxPspCredentials(loadConfig({ NODE_ENV: 'test', PSP_BASE_URL: 'https://psp.example/v/' })).baseUrl,
    ).toBe('https://psp.example/v');
  });
});
