import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BonusTemplateError,
  type BonusTemplateInput,
  contributionPercent,
  grantAmount,
  validateTemplate,
} from './bonus-template.ts';
import { DEMO_BONUS_TEMPLATES } from './seed-bonuses.ts';

const welcome = DEMO_BONUS_TEMPLATES.find((t) => t.key === 'welcome-100')!;

function refused(template: BonusTemplateInput, max = 10): string {
  try {
    validateTemplate(template, max);
  } catch (error) {
    expect(error).toBeInstanceOf(BonusTemplateError);
    return (error as BonusTemplateError).field;
  }
  throw new Error('accepted');
}

describe('bonus templates', () => {
  it('accepts every demo template under the UKGC cap', () => {
    for (const template of DEMO_BONUS_TEMPLATES) expect(() => validateTemplate(template, 10)).not.toThrow();
  });

  it('refuses negative, absurd and inconsistent values, naming the field', () => {
    expect(refused({ ...welcome, wageringMultiplier: 11 })).toBe('wagering_multiplier');
    expect(refused({ ...welcome, wageringMultiplier: 5 }, 4)).toBe('wagering_multiplier');
    expect(refused({ ...welcome, wageringMultiplier: -1 })).toBe('wagering_multiplier');
    expect(refused({ ...welcome, percent: 0 })).toBe('percent');
    expect(refused({ ...welcome, percent: 1001 })).toBe('percent');
    expect(refused({ ...welcome, percent: 12.5 })).toBe('percent');
    expect(refused({ ...welcome, kind: 'fixed' })).toBe('percent');
    expect(refused({ ...welcome, activationDays: 0 })).toBe('activation_days');
    expect(refused({ ...welcome, wageringDays: 366 })).toBe('wagering_days');
    expect(refused({ ...welcome, contributions: { slot: -1 } })).toBe('contributions.slot');
    expect(refused({ ...welcome, gameContributions: { 'neon-reels': 101 } })).toBe(
      'game_contributions.neon-reels',
    );
    expect(refused({ ...welcome, allowedGameTypes: ['poker' as 'slot'] })).toBe('allowed_game_types');
    expect(refused({ ...welcome, amounts: {} })).toBe('amounts');
    expect(refused({ ...welcome, amounts: { EUR: { ...welcome.amounts.EUR!, capMinor: 0n } } })).toBe(
      'amounts.EUR.cap',
    );
    expect(
      refused({ ...welcome, amounts: { EUR: { ...welcome.amounts.EUR!, maxWinMinor: 10n ** 13n } } }),
    ).toBe('amounts.EUR.max_win');
    expect(refused({ ...welcome, amounts: { EUR: { ...welcome.amounts.EUR!, fixedMinor: 100n } } })).toBe(
      'amounts.EUR.fixed',
    );
    expect(refused({ ...welcome, amounts: { ABC: welcome.amounts.EUR! } })).toBe('amounts.ABC');
    expect(refused({ ...welcome, name: { en: '', fr: 'x' } })).toBe('name.en');
    expect(refused({ ...welcome, key: 'Bad Key' })).toBe('key');
    expect(refused({ ...welcome, freespinCount: 5 })).toBe('freespin_game');
  });

  it('matches a deposit by percent, rounded down and capped per currency', () => {
    expect(grantAmount(welcome, 'EUR', 5_000n)).toEqual({ ok: true, amountMinor: 5_000n });
    expect(grantAmount(welcome, 'EUR', 50_000n)).toEqual({ ok: true, amountMinor: 20_000n });
    expect(grantAmount(welcome, 'JPY', 10_000n)).toEqual({ ok: true, amountMinor: 10_000n });
    expect(grantAmount(welcome, 'EUR', 999n)).toEqual({ ok: false, reason: 'deposit_too_small' });
    expect(grantAmount(welcome, 'EUR', null)).toEqual({ ok: false, reason: 'deposit_required' });
    expect(grantAmount(welcome, 'CHF', 5_000n)).toEqual({ ok: false, reason: 'currency' });
    const reload = DEMO_BONUS_TEMPLATES.find((t) => t.key === 'reload-50')!;
    expect(grantAmount(reload, 'EUR', 2_001n)).toEqual({ ok: true, amountMinor: 1_000n });
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), (deposit) => {
        const given = grantAmount(reload, 'EUR', deposit);
        if (!given.ok) return deposit < 2_000n;
        return given.amountMinor <= 10_000n && given.amountMinor * 2n <= deposit;
      }),
    );
  });

  it('weights games by type, by game override and by the allowed lists', () => {
    const template = {
      contributions: { slot: 100, casino: 10 },
      gameContributions: { 'lucky-table': 50 },
      allowedGameTypes: [],
      allowedGames: [],
    };
    expect(contributionPercent(template, { sysname: 'neon-reels', type: 'slot' })).toBe(100);
    expect(contributionPercent(template, { sysname: 'roulette', type: 'casino' })).toBe(10);
    expect(contributionPercent(template, { sysname: 'lucky-table', type: 'casino' })).toBe(50);
    expect(contributionPercent(template, { sysname: 'crash', type: 'fast' })).toBe(100);
    expect(contributionPercent(template, { sysname: 'dealer', type: 'live' })).toBe(10);
    expect(contributionPercent(template, null)).toBe(0);
    expect(
      contributionPercent(
        { ...template, allowedGameTypes: ['slot'] },
        { sysname: 'roulette', type: 'casino' },
      ),
    ).toBe(0);
    expect(
      contributionPercent({ ...template, allowedGames: ['neon-reels'] }, { sysname: 'other', type: 'slot' }),
    ).toBe(0);
  });
});
