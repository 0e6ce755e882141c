import { GAME_NAMES } from '@croupier/games/engine';
import { currencyExponent, isKnownCurrency } from '@croupier/money/currencies';
import { formatMinor } from '@croupier/money/decimal';
import { describe, expect, it } from 'vitest';
import { betLimits, findGameCode, GAME_CODES } from './game-codes.ts';
import {
  isSessionIdShape,
  lobbyPathOf,
  newRoundId,
  newSessionId,
  ROUND_ID,
  sameSitePath,
  sessionIdHash,
} from './session-id.ts';
import { parseWalletDecimal } from './wallet-decimal.ts';

describe('game codes', () => {
  it('holds the thirteen codes of the brief with engines and themes that exist', () => {
    expect(GAME_CODES).toHaveLength(13);
    const themes: Record<string, string[]> = {
      slot: ['neon', 'aurora', 'gems', 'ocean'],
      roulette: ['classic', 'royale'],
      blackjack: ['classic', 'frost'],
      dice: ['neon', 'gems'],
      plinko: ['neon', 'frost', 'ocean'],
    };
    for (const entry of GAME_CODES) {
      expect(GAME_NAMES).toContain(entry.engine);
      expect(themes[entry.engine]).toContain(entry.theme);
      expect(entry.code).toMatch(/^[a-z0-9][a-z0-9-]{0,63}$/);
      expect(entry.name.length).toBeGreaterThan(2);
    }
    expect(new Set(GAME_CODES.map((entry) => entry.code)).size).toBe(13);
    expect(findGameCode('neon-reels')).toMatchObject({ engine: 'slot', theme: 'neon', hallType: 'slot' });
    expect(findGameCode('frost-blackjack')).toMatchObject({
      engine: 'blackjack',
      studio: { sysname: 'northwind' },
    });
    expect(findGameCode('__proto__')).toBeUndefined();
    expect(findGameCode('nope')).toBeUndefined();
  });

  it('derives bet limits from the currency exponent', () => {
    expect(betLimits('EUR')).toEqual({ minStakeMinor: 10n, maxStakeMinor: 10_000n });
    expect(betLimits('FUN')).toEqual({ minStakeMinor: 10n, maxStakeMinor: 10_000n });
    expect(betLimits('KWD')).toEqual({ minStakeMinor: 100n, maxStakeMinor: 100_000n });
    expect(betLimits('JPY')).toEqual({ minStakeMinor: 10n, maxStakeMinor: 10_000n });
    expect(betLimits('XXX')).toBeUndefined();
    expect(betLimits('toString')).toBeUndefined();
  });
});

describe('money', () => {
  it('formats minor units with the exponent', () => {
    expect(formatMinor(1234n, 2)).toBe('12.34');
    expect(formatMinor(5n, 2)).toBe('0.05');
    expect(formatMinor(0n, 2)).toBe('0.00');
    expect(formatMinor(1234n, 0)).toBe('1234');
    expect(formatMinor(-5n, 2)).toBe('-0.05');
    expect(formatMinor(1n, 3)).toBe('0.001');
    expect(currencyExponent('JPY')).toBe(0);
    expect(isKnownCurrency('constructor')).toBe(false);
  });

  it('parses wallet decimals exactly and refuses what it cannot read exactly', () => {
    expect(parseWalletDecimal('12.34', 2)).toBe(1234n);
    expect(parseWalletDecimal('12.3', 2)).toBe(1230n);
    expect(parseWalletDecimal('12', 2)).toBe(1200n);
    expect(parseWalletDecimal('0.00', 2)).toBe(0n);
    expect(parseWalletDecimal('12.500', 2)).toBe(1250n);
    expect(parseWalletDecimal('100', 0)).toBe(100n);
    expect(parseWalletDecimal('12.345', 2)).toBeUndefined();
    expect(parseWalletDecimal('1.5', 0)).toBeUndefined();
    for (const bad of ['-1.00', '1e3', ' 1', '01', '1.', '.5', '', 'NaN', '0x10']) {
      expect(parseWalletDecimal(bad, 2), bad).toBeUndefined();
    }
    expect(parseWalletDecimal(12, 2)).toBeUndefined();
    expect(parseWalletDecimal(null, 2)).toBeUndefined();
  });
});

describe('same-site paths (no open redirect)', () => {
  it('accepts paths on this site', () => {
    for (const ok of ['/', '/gamehall', '/fr/gamehall?category=3', '/game/neon-reels#real', '/a%2Fb']) {
      expect(sameSitePath(ok), ok).toBe(ok);
    }
  });

  it('refuses everything that could leave the site', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'gamehall',
      '/ga mehall',
      '/\tevil',
      '/\n/evil.example',
      '',
      `/${'a'.repeat(600)}`,
    ]) {
      expect(sameSitePath(bad), bad).toBeNull();
    }
    expect(sameSitePath(undefined)).toBeNull();
    expect(sameSitePath(['/gamehall'])).toBeNull();
  });
});

describe('session ids', () => {
  it('are 256 random bits, with the lobby path carried under the hash', () => {
    const plain = newSessionId(null);
    expect(plain).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(isSessionIdShape(plain)).toBe(true);
    expect(lobbyPathOf(plain)).toBeNull();
    expect(newSessionId(null)).not.toBe(plain);

    const withLobby = newSessionId('/fr/gamehall?category=2');
    expect(isSessionIdShape(withLobby)).toBe(true);
    expect(lobbyPathOf(withLobby)).toBe('/fr/gamehall?category=2');
    // The hash covers the suffix: changing the lobby makes another (unknown) session id.
    const tampered = `${withLobby.split('.')[0]}.${Buffer.from('//evil.example').toString('base64url')}`;
    expect(sessionIdHash(tampered).equals(sessionIdHash(withLobby))).toBe(false);
    expect(lobbyPathOf(tampered)).toBeNull();
    expect(sessionIdHash(plain)).toHaveLength(32);
  });

  it('refuses malformed ids before any lookup', () => {
    for (const bad of ['', 'short', `${'a'.repeat(43)}.`, `${'a'.repeat(44)}`, `${'a'.repeat(42)}!`]) {
      expect(isSessionIdShape(bad), bad).toBe(false);
    }
    expect(isSessionIdShape(undefined)).toBe(false);
  });

  it('round ids are 128 random bits in hex', () => {
    const id = newRoundId();
    expect(ROUND_ID.test(id)).toBe(true);
    expect(ROUND_ID.test(`${id}'`)).toBe(false);
    expect(newRoundId()).not.toBe(id);
  });
});
