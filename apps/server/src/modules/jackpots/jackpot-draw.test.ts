import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  applyRound,
  commitmentOf,
  contributionOf,
  declaredPayoutRatio,
  dropPoint,
  type JackpotRules,
  nextStart,
  validateRules,
  verifyCycle,
} from './jackpot-draw.ts';
import { simulate } from './jackpot-simulation.ts';

describe('drop point', () => {
  it('is always in [start, ceiling]', () => {
    for (let i = 0; i < 2_000; i += 1) {
      const seed = `seed-${i}`;
      const start = BigInt(i * 7);
      const ceiling = start + BigInt(i % 13);
      const point = dropPoint(seed, 42n, i, start, ceiling);
      expect(point >= start && point <= ceiling).toBe(true);
    }
  });

  it('is start + HMAC-SHA256(seed, "id:cycle") mod (ceiling − start + 1), as the ADR says', () => {
    const seed = 'a'.repeat(64);
    const mac = createHmac('sha256', seed).update('7:3').digest('hex');
    expect(dropPoint(seed, 7n, 3, 100_000n, 500_000n)).toBe(100_000n + (BigInt(`0x${mac}`) % 400_001n));
  });

  it('covers the whole range roughly uniformly', () => {
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 20_000; i += 1) counts[Number(dropPoint(`s${i}`, 1n, 1, 0n, 9n))] += 1;
    for (const count of counts) expect(Math.abs(count - 2_000)).toBeLessThan(200);
  });

  it('refuses a start above the ceiling', () => {
    expect(() => dropPoint('s', 1n, 1, 11n, 10n)).toThrow();
  });
});

describe('verification of a revealed seed', () => {
  const serverSeed = 'f'.repeat(63).concat('0');
  const commitment = createHash('sha256').update(serverSeed).digest('hex');
  const won = dropPoint(serverSeed, 5n, 2, 1_000n, 5_000n);

  it('the commitment is the SHA-256 of the seed string', () => {
    expect(commitmentOf(serverSeed)).toBe(commitment);
  });

  it('accepts the revealed seed and the amount won', () => {
    const input = {
      serverSeed,
      commitment,
      jackpotId: 5n,
      cycle: 2,
      startMinor: 1_000n,
      ceilingMinor: 5_000n,
    };
    expect(verifyCycle({ ...input, wonMinor: won })).toBe(true);
    expect(verifyCycle({ ...input, wonMinor: won + 1n })).toBe(false);
    expect(verifyCycle({ ...input, serverSeed: 'other', wonMinor: won })).toBe(false);
    expect(verifyCycle({ ...input, cycle: 3, wonMinor: won })).toBe(
      won === dropPoint(serverSeed, 5n, 3, 1_000n, 5_000n),
    );
  });
});

describe('contributions', () => {
  it('carries the remainder so a run of stakes contributes floor(Σ stake × bp / 10 000)', () => {
    const rules = { contributionBp: 150, reserveBp: 2_000 };
    let carry = 0n;
    let total = 0n;
    let stakes = 0n;
    let reserve = 0n;
    for (let i = 1; i <= 1_000; i += 1) {
      const stake = BigInt(i * 37);
      stakes += stake;
      const share = contributionOf(rules, stake, carry, total);
      expect(share.poolMinor + share.reserveMinor).toBe(share.contributionMinor);
      carry = share.carry;
      total += share.contributionMinor;
      reserve += share.reserveMinor;
      expect(share.contributedMinor).toBe(total);
    }
    expect(total).toBe((stakes * 150n) / 10_000n);
    expect(reserve).toBe((total * 2_000n) / 10_000n);
  });

  it('splits the reserve share', () => {
    expect(contributionOf({ contributionBp: 100, reserveBp: 2_000 }, 10_000n, 0n, 0n)).toEqual({
      contributionMinor: 100n,
      poolMinor: 80n,
      reserveMinor: 20n,
      carry: 0n,
      contributedMinor: 100n,
    });
  });
});

describe('a round', () => {
  it('wins exactly the drop point when the pool reaches it, carrying the rest', () => {
    expect(applyRound({ currentMinor: 90n, dropPointMinor: 100n }, 5n)).toEqual({
      won: false,
      currentMinor: 95n,
    });
    expect(applyRound({ currentMinor: 95n, dropPointMinor: 100n }, 8n)).toEqual({
      won: true,
      winMinor: 100n,
      overflowMinor: 3n,
    });
  });

  it('a drop point equal to the start is won by the next eligible round', () => {
    expect(applyRound({ currentMinor: 100n, dropPointMinor: 100n }, 0n)).toMatchObject({
      won: true,
      winMinor: 100n,
    });
  });

  it('the next start is seed + overflow, capped at the ceiling', () => {
    expect(nextStart({ seedMinor: 100n, ceilingMinor: 500n }, 3n)).toEqual({
      startMinor: 103n,
      toReserveMinor: 0n,
    });
    expect(nextStart({ seedMinor: 100n, ceilingMinor: 500n }, 450n)).toEqual({
      startMinor: 500n,
      toReserveMinor: 50n,
    });
  });

  it('refuses bad rules', () => {
    const good: JackpotRules = { contributionBp: 100, reserveBp: 2_000, seedMinor: 100n, ceilingMinor: 500n };
    expect(validateRules(good)).toBeUndefined();
    expect(validateRules({ ...good, contributionBp: 0 })).toBe('contribution_bp');
    expect(validateRules({ ...good, reserveBp: 10_000 })).toBe('reserve_bp');
    expect(validateRules({ ...good, seedMinor: 0n })).toBe('seed');
    expect(validateRules({ ...good, ceilingMinor: 100n })).toBe('ceiling');
  });
});

describe('simulation over 10⁷ eligible rounds', () => {
  const rules: JackpotRules = {
    contributionBp: 100,
    reserveBp: 2_000,
    seedMinor: 10_000n,
    ceilingMinor: 50_000n,
  };
  const result = simulate(rules, 10_000_000, 20261126);

  it('always drops at or below the ceiling, never below the cycle start', () => {
    expect(result.wins).toBeGreaterThan(20_000);
    expect(result.maxWin <= rules.ceilingMinor).toBe(true);
    expect(result.belowStart).toBe(0);
  });

  it('conserves the money exactly: wins + the open pool = seeds + pool contributions', () => {
    expect(result.paid + result.current).toBe(result.seedFunding + result.poolContributions);
  });

  it('pays out the declared pool share of the contributions above the seeds', () => {
    const poolShare =
      Number(result.paid + result.current - result.seedFunding) / Number(result.contributions);
    expect(Math.abs(poolShare - 0.8)).toBeLessThan(0.000_01);
  });

  it('measures the declared contribution-to-payout ratio p · (C + S) / (C − S) within 1 %', () => {
    const declared = declaredPayoutRatio(rules);
    expect(declared).toBeCloseTo(1.2, 10);
    const measured = Number(result.paid) / Number(result.contributions);
    expect(Math.abs(measured / declared - 1)).toBeLessThan(0.01);
  });
});
