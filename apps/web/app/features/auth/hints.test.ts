import { describe, expect, test } from 'vitest';
import {
  CONFIRM_HINT_MS,
  confirmSentMarkerKey,
  isHintExcludedPath,
  REGISTRATION_HINT_MS,
  shouldShowConfirmHint,
  shouldShowRegistrationHint,
} from './hints.ts';

const REG_TIME = 1_700_000_000;
const REG_MS = REG_TIME * 1000;
const player = {
  uid: 7,
  reg_time: REG_TIME,
  login_type: 'email',
  is_login_confirmed: false,
  has_deposit: false,
} as const;

describe('registration hint (2 hours, no deposit)', () => {
  test('shows right after registration and until 7,200,000 ms', () => {
    expect(shouldShowRegistrationHint({ account: player, nowMs: REG_MS })).toBe(true);
    expect(
      shouldShowRegistrationHint({
        account: player,
        nowMs: REG_MS + REGISTRATION_HINT_MS - 1,
      }),
    ).toBe(true);
    expect(
      shouldShowRegistrationHint({
        account: player,
        nowMs: REG_MS + REGISTRATION_HINT_MS,
      }),
    ).toBe(false);
  });

  test('not once a deposit exists, never for a guest', () => {
    expect(shouldShowRegistrationHint({ account: { ...player, has_deposit: true }, nowMs: REG_MS })).toBe(
      false,
    );
    expect(shouldShowRegistrationHint({ account: { ...player, uid: 0 }, nowMs: REG_MS })).toBe(false);
  });
});

describe('confirm-contact hint (5 days, unconfirmed login contact, no marker)', () => {
  const base = { account: player, nowMs: REG_MS + 1000, enabled: true, markerSet: false };

  test('shows for an unconfirmed email or phone login until 432,000,000 ms', () => {
    expect(shouldShowConfirmHint(base)).toBe(true);
    expect(shouldShowConfirmHint({ ...base, account: { ...player, login_type: 'phone' } })).toBe(true);
    expect(shouldShowConfirmHint({ ...base, nowMs: REG_MS + CONFIRM_HINT_MS - 1 })).toBe(true);
    expect(shouldShowConfirmHint({ ...base, nowMs: REG_MS + CONFIRM_HINT_MS })).toBe(false);
  });

  test('not when confirmed, marked, disabled, external or a guest', () => {
    expect(shouldShowConfirmHint({ ...base, account: { ...player, is_login_confirmed: true } })).toBe(false);
    expect(shouldShowConfirmHint({ ...base, markerSet: true })).toBe(false);
    expect(shouldShowConfirmHint({ ...base, enabled: false })).toBe(false);
    expect(shouldShowConfirmHint({ ...base, account: { ...player, login_type: 'external' } })).toBe(false);
    expect(shouldShowConfirmHint({ ...base, account: { ...player, uid: 0 } })).toBe(false);
  });

  test('the marker key names the player', () => {
    expect(confirmSentMarkerKey(42)).toBe('confirm_sent_42');
  });
});

describe('isHintExcludedPath', () => {
  const exceptions = ['/cashier', '/game', '/forms'];
  test.each(['/cashier', '/cashier/deposit', '/fr/cashier/deposit/', '/game/roulette', '/forms/sign_in'])(
    '%s is excluded',
    (path) => {
      expect(isHintExcludedPath(path, exceptions)).toBe(true);
    },
  );
  test.each(['/', '/fr', '/cashier-faq', '/gamehall', '/promotions'])('%s is not', (path) => {
    expect(isHintExcludedPath(path, exceptions)).toBe(false);
  });
  test('an exception of / excludes only the home page', () => {
    expect(isHintExcludedPath('/fr', ['/'])).toBe(true);
    expect(isHintExcludedPath('/about', ['/'])).toBe(false);
  });
});
