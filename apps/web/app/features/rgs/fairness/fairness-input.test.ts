/**
 * The fairness form: what the query prefills (the links the game's history builds), the typed
 * problem per malformed field, the round record handed to the verifier, and the command line.
 */
import { commitServerSeed } from '@croupier/games/fair';
import { describe, expect, test } from 'vitest';
import { fairnessHref } from '../shell/fairness-link.ts';
import {
  EMPTY_FORM,
  type FairnessForm,
  formFromQuery,
  isCompleteForm,
  parseForm,
  scriptCommand,
} from './fairness-input.ts';
import { verifyForm } from './verify-form.ts';

const SEED = 'a'.repeat(64);
const VALID: FairnessForm = {
  game: 'dice',
  serverSeed: SEED,
  serverSeedHash: commitServerSeed(SEED),
  clientSeed: 'player_1',
  nonce: '3',
  bet: '{"stake":"100","target":5049,"direction":"over"}',
  actions: '',
};

describe('query prefill', () => {
  test('a link from the game history prefills every field and is complete', () => {
    const href = fairnessHref(
      {
        game: 'blackjack',
        serverSeed: SEED,
        serverSeedHash: 'b'.repeat(64),
        clientSeed: 'x-y',
        nonce: 12,
        bet: { stake: '100' },
        actions: [{ type: 'hit' }, { type: 'stand' }],
      },
      'fr',
    );
    expect(href.startsWith('/fr/fairness?')).toBe(true);
    const form = formFromQuery(new URLSearchParams(href.split('?')[1]));
    expect(form).toEqual({
      game: 'blackjack',
      serverSeed: SEED,
      serverSeedHash: 'b'.repeat(64),
      clientSeed: 'x-y',
      nonce: '12',
      bet: '{"stake":"100"}',
      actions: '[{"type":"hit"},{"type":"stand"}]',
    });
    expect(isCompleteForm(form)).toBe(true);
  });

  test('missing parameters keep the defaults; a half-filled query is not verified by itself', () => {
    const form = formFromQuery(new URLSearchParams('client_seed=abc'));
    expect(form).toEqual({ ...EMPTY_FORM, clientSeed: 'abc' });
    expect(isCompleteForm(form)).toBe(false);
    expect(isCompleteForm({ ...VALID, game: 'poker' })).toBe(false);
  });

  test('overlong parameters are cut, not kept whole', () => {
    const form = formFromQuery(new URLSearchParams({ bet: 'x'.repeat(20_000) }));
    expect(form.bet.length).toBe(8_000);
  });
});

describe('parsing the form', () => {
  test('a valid form becomes the verifier record (numbers, JSON, optional hash)', () => {
    expect(parseForm({ ...VALID, nonce: ' 3 ', actions: '[{"type":"hit"}]' })).toEqual({
      ok: true,
      record: {
        game: 'dice',
        serverSeed: SEED,
        serverSeedHash: commitServerSeed(SEED),
        clientSeed: 'player_1',
        nonce: 3,
        bet: { stake: '100', target: 5049, direction: 'over' },
        actions: [{ type: 'hit' }],
      },
    });
    const withoutHash = parseForm({ ...VALID, serverSeedHash: '' });
    expect(withoutHash.ok && 'serverSeedHash' in withoutHash.record).toBe(false);
  });

  test('every malformed field is named with its problem, all at once', () => {
    const result = parseForm({
      game: 'poker',
      serverSeed: SEED.toUpperCase(),
      serverSeedHash: 'xyz',
      clientSeed: 'has space',
      nonce: '-1',
      bet: '{stake: 1}',
      actions: '{"type":"hit"}',
    });
    expect(result).toEqual({
      ok: false,
      problems: {
        game: 'game_unknown',
        serverSeed: 'server_seed_format',
        serverSeedHash: 'hash_format',
        clientSeed: 'client_seed_format',
        nonce: 'nonce_format',
        bet: 'json_invalid',
        actions: 'actions_not_list',
      },
    });
  });

  test('required fields, nonce range, short seeds', () => {
    expect(parseForm({ ...VALID, serverSeed: '', clientSeed: ' ', nonce: '', bet: '' })).toEqual({
      ok: false,
      problems: { serverSeed: 'required', clientSeed: 'required', nonce: 'required', bet: 'required' },
    });
    expect(parseForm({ ...VALID, nonce: '2147483648' })).toEqual({
      ok: false,
      problems: { nonce: 'nonce_range' },
    });
    expect(parseForm({ ...VALID, nonce: '2147483647' }).ok).toBe(true);
    expect(parseForm({ ...VALID, serverSeed: 'ab12' })).toEqual({
      ok: false,
      problems: { serverSeed: 'server_seed_format' },
    });
    expect(parseForm({ ...VALID, nonce: '1.5' })).toEqual({ ok: false, problems: { nonce: 'nonce_format' } });
  });
});

describe('verification', () => {
  test('a valid round replays, with the hash checked', () => {
    const result = verifyForm(VALID);
    if (result.kind !== 'verified') throw new Error(`expected a replay, got ${result.kind}`);
    expect(result.replay.hashMatches).toBe(true);
    expect(result.replay.stake).toBe(100n);
    expect(result.replay.done).toBe(true);
    const tampered = verifyForm({ ...VALID, serverSeedHash: commitServerSeed('b'.repeat(64)) });
    expect(tampered.kind === 'verified' && tampered.replay.hashMatches).toBe(false);
  });

  test('the engine refusing the bet is a typed result, not a crash', () => {
    expect(
      verifyForm({ ...VALID, bet: '{"stake":"100","target":5049,"direction":"sideways"}' }),
    ).toMatchObject({
      kind: 'rejected',
      code: 'direction_invalid',
      field: 'direction',
    });
    expect(
      verifyForm({
        ...VALID,
        game: 'roulette',
        bet: '{"bets":[{"type":"split","numbers":[1,5],"stake":"10"}]}',
      }),
    ).toMatchObject({
      kind: 'rejected',
      code: 'numbers_invalid',
    });
    expect(verifyForm({ ...VALID, actions: '[{"type":"hit"}]' })).toMatchObject({
      kind: 'rejected',
      code: 'illegal_action',
    });
    expect(verifyForm({ ...VALID, bet: 'null' })).toMatchObject({ kind: 'rejected', code: 'bet_invalid' });
  });

  test('field problems come back before the verifier runs', () => {
    expect(verifyForm({ ...VALID, bet: '{' })).toEqual({
      kind: 'problems',
      problems: { bet: 'json_invalid' },
    });
  });
});

describe('command line', () => {
  test('the form as a verify-round command, quoted for a POSIX shell', () => {
    expect(scriptCommand({ ...VALID, bet: `{"note":"it's"}`, actions: '[]' })).toBe(
      `npm run verify-round -- --game dice --server-seed ${SEED} --server-seed-hash ${commitServerSeed(SEED)} --client-seed player_1 --nonce 3 --bet '{"note":"it'\\''s"}' --actions '[]'`,
    );
    expect(scriptCommand(EMPTY_FORM)).toBe(
      "npm run verify-round -- --game slot --server-seed <server-seed> --client-seed <client-seed> --nonce <nonce> --bet '<bet JSON>'",
    );
  });
});
