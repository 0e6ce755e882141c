/**
 * Jackpot simulation benchmark (not a test; ADR 032): 10⁷ eligible rounds through the real drop
 * maths, per configuration: every drop at or below the ceiling, the money conserved exactly, the
 * pool share paid out, and the measured ratio of wins to contributions against the declared one.
 * Usage: node bench/jackpots.bench.ts [--rounds 10000000]
 */
import { parseArgs } from 'node:util';
import { declaredPayoutRatio, type JackpotRules } from '../apps/server/src/modules/jackpots/jackpot-draw.ts';
import { simulate } from '../apps/server/src/modules/jackpots/jackpot-simulation.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '10000000' } } });
const rounds = Number(values.rounds);

const CONFIGS: { name: string; rules: JackpotRules }[] = [
  {
    name: 'demo Mega Reels',
    rules: { contributionBp: 100, reserveBp: 2_000, seedMinor: 100_000n, ceilingMinor: 500_000n },
  },
  {
    name: 'demo Quick Drop',
    rules: { contributionBp: 50, reserveBp: 1_000, seedMinor: 5_000n, ceilingMinor: 25_000n },
  },
  {
    name: 'small, no reserve',
    rules: { contributionBp: 100, reserveBp: 0, seedMinor: 10_000n, ceilingMinor: 50_000n },
  },
];

let failed = false;
for (const { name, rules } of CONFIGS) {
  const started = performance.now();
  const r = simulate(rules, rounds, 1);
  const seconds = (performance.now() - started) / 1000;
  const conserved = r.paid + r.current === r.seedFunding + r.poolContributions;
  const underCeiling = r.maxWin <= rules.ceilingMinor && r.belowStart === 0;
  const poolShare = Number(r.paid + r.current - r.seedFunding) / Number(r.contributions);
  const measured = Number(r.paid) / Number(r.contributions);
  const declared = declaredPayoutRatio(rules);
  if (!conserved || !underCeiling) failed = true;
  console.log(
    `${name}: ${rounds} rounds in ${seconds.toFixed(1)} s, ${r.wins} drops, max win ${r.maxWin} ≤ ceiling ${rules.ceilingMinor}: ${underCeiling}, ` +
      `conserved: ${conserved}, pool share ${(poolShare * 100).toFixed(4)} % (declared ${(10_000 - rules.reserveBp) / 100} %), ` +
      `wins / contributions ${measured.toFixed(4)} (declared ${declared.toFixed(4)}, ${((measured / declared - 1) * 100).toFixed(2)} %)`,
  );
}
process.exit(failed ? 1 : 0);
