/**
 * Card handling on the hosted page. The sandbox accepts only its documented test cards (a real card
 * number typed here is refused, as test modes of real providers do) and keeps nothing of a card but
 * its brand and last four digits.
 */

export type CardOutcome =
  | 'success'
  | 'declined'
  | 'insufficient_funds'
  | 'challenge'
  | 'pending_success'
  | 'pending_failure';

export interface TestCard {
  number: string;
  outcome: CardOutcome;
  description: string;
}

/** The table of docs/payment-provider-protocol.md, shown on the hosted page. */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', outcome: 'success', description: 'Succeeds' },
  { number: '4000000000000002', outcome: 'declined', description: 'Declined (card_declined)' },
  {
    number: '4000000000009995',
    outcome: 'insufficient_funds',
    description: 'Declined for insufficient funds (insufficient_funds)',
  },
  {
    number: '4000000000003220',
    outcome: 'challenge',
    description: '3-D Secure challenge: enter 123456 to succeed, anything else fails',
  },
  {
    number: '4000000000000077',
    outcome: 'pending_success',
    description: 'Pending, then succeeds a few seconds later',
  },
  {
    number: '4000000000000085',
    outcome: 'pending_failure',
    description: 'Pending, then fails a few seconds later (card_declined)',
  },
];

/** The one-time code the sandbox's 3-D Secure challenge accepts. */
export const THREE_DS_CODE = '123456';

export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function luhnValid(digits: string): boolean {
  if (!/^[0-9]{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|[3-6][0-9]{2}|7[01][0-9]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

export function formatCardNumber(digits: string): string {
  return digits.replace(/(.{4})(?=.)/g, '$1 ');
}

export function findTestCard(digits: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.number === digits);
}

/**
 * `MM/YY` or `MM/YYYY` (spaces allowed around the slash); valid through the last day of that month,
 * in UTC, like card networks.
 */
export function expiryValid(input: string, now: Date): boolean {
  const match = /^\s*(0[1-9]|1[0-2])\s*\/\s*([0-9]{2}|[0-9]{4})\s*$/.exec(input);
  if (!match) return false;
  const month = Number(match[1]);
  const yearText = match[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const endOfMonth = Date.UTC(year, month, 1);
  return endOfMonth > now.getTime();
}

export function cvcValid(input: string): boolean {
  return /^[0-9]{3,4}$/.test(input.trim());
}
