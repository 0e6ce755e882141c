/**
 * The launcher's sportsbook frame path (ADR 035): /bets/{path} frames `/platform/game/{sysname}/play`
 * with `path`, which reaches the provider's launch URL only as a plain relative path. The in-house
 * book is the provider here: its catalogue entry launches `/frame/launch`.
 */
import { describe, expect, test } from 'vitest';
import type { SessionService } from '../auth/session.service.ts';
import { type LaunchDeps, resolveLaunch } from './games.launch.ts';
import type { GameRecord } from './games.repository.ts';

const BOOK = {
  id: 90n,
  sysname: 'house-book',
  providerGameCode: 'sportsbook',
  walletProvider: 'croupier-sportsbook',
  launchUrl: '/frame/launch',
  hasDemo: true,
  isActive: true,
} as GameRecord;

const session = { playerId: 7n, playerStatus: 'active' } as unknown as Awaited<
  ReturnType<SessionService['resolve']>
>;

function deps(signedIn: boolean): LaunchDeps {
  return {
    sessions: { resolve: async () => (signedIn ? session : undefined) },
    findGame: async (by) => ('sysname' in by && by.sysname === BOOK.sysname ? BOOK : null),
    playerCurrency: async () => 'EUR',
    defaultCurrency: async () => 'EUR',
    gameWallet: { openSession: async () => ({ token: 'tok' }) },
    realMoneyRefusal: async () => null,
  };
}

function query(location: string): URLSearchParams {
  return new URL(location, 'https://casino.example').searchParams;
}

describe('the sportsbook frame launch', () => {
  test('a player’s launch passes the frame path on to the provider', async () => {
    const result = await resolveLaunch(deps(true), {
      game: { sysname: 'house-book' },
      mode: 'real',
      locale: 'fr',
      sessionToken: 's',
      path: '/event/sr:match:12',
    });
    expect(result.ok).toBe(true);
    expect(result.location.startsWith('/frame/launch?')).toBe(true);
    expect(query(result.location).get('path')).toBe('/event/sr:match:12');
    expect(query(result.location).get('lang')).toBe('fr');
    expect(query(result.location).get('token')).toBe('tok');
  });

  test('a path that is not plain is left out; no path, no parameter', async () => {
    for (const path of ['//evil.example/x', '/a/../b', 'https://evil.example', '/a b']) {
      const result = await resolveLaunch(deps(true), {
        game: { sysname: 'house-book' },
        mode: 'real',
        locale: 'en',
        sessionToken: 's',
        path,
      });
      expect(query(result.location).has('path')).toBe(false);
    }
    const plain = await resolveLaunch(deps(false), {
      game: { sysname: 'house-book' },
      mode: 'demo',
      locale: 'en',
      sessionToken: undefined,
    });
    expect(plain.ok).toBe(true);
    expect(query(plain.location).has('path')).toBe(false);
  });

  test('an unknown frame sysname fails like any game: the slot error page', async () => {
    const result = await resolveLaunch(deps(true), {
      game: { sysname: 'nobody' },
      mode: 'real',
      locale: 'en',
      sessionToken: 's',
      path: '/live',
    });
    expect(result).toMatchObject({ ok: false, reason: 'game_not_found' });
  });
});
