/** Money text of the fairness page (bigint minor units, no float). */
import { formatMoneyMinor } from '../../../ui/format.ts';

/** Amounts on this page have no currency (the seeds do not say which); two decimals as usual. */
export function minorText(minor: bigint): string {
  return formatMoneyMinor(minor, { exponent: 2, symbol: '' });
}

/** payout / stake with two decimals, exact (bigint), rounded down: "×2.50". */
export function multiplierText(stake: bigint, payout: bigint): string {
  if (stake <= 0n) return '×0.00';
  const hundredths = (payout * 100n) / stake;
  return `×${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}
