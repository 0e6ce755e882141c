/**
 * A playing card in SVG, from the blackjack view's `{ rank, suit }` (packages/games/src/blackjack.ts
 * CardView), or its back for the dealer's face-down hole card. Cards slide in when dealt.
 */

import type { CardView } from '@croupier/games/blackjack';
import type { Rank, Suit } from '@croupier/games/blackjack-rules';
import { cx } from '../../../ui/class-names.ts';

const SUIT_SYMBOL: Record<Suit, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const RED_SUITS: ReadonlySet<Suit> = new Set(['H', 'D']);

export interface CardBackTheme {
  back: string;
  backPattern: string;
}

export const CARD_BACKS: Record<string, CardBackTheme> = {
  classic: { back: '#8f1d2c', backPattern: '#c2364a' },
  frost: { back: '#1b4f7a', backPattern: '#5fb3e6' },
};

/** "Q♥" for screen readers and the fairness page. */
export function cardLabel(card: CardView): string {
  return `${card.rank}${SUIT_SYMBOL[card.suit]}`;
}

/** Pip layout (x, y in a 60×84 card) for number cards; faces and aces get one large symbol. */
const PIPS: Record<string, Array<[number, number]>> = {
  '2': [
    [30, 22],
    [30, 62],
  ],
  '3': [
    [30, 20],
    [30, 42],
    [30, 64],
  ],
  '4': [
    [20, 22],
    [40, 22],
    [20, 62],
    [40, 62],
  ],
  '5': [
    [20, 22],
    [40, 22],
    [30, 42],
    [20, 62],
    [40, 62],
  ],
  '6': [
    [20, 22],
    [40, 22],
    [20, 42],
    [40, 42],
    [20, 62],
    [40, 62],
  ],
  '7': [
    [20, 22],
    [40, 22],
    [30, 32],
    [20, 42],
    [40, 42],
    [20, 62],
    [40, 62],
  ],
  '8': [
    [20, 22],
    [40, 22],
    [30, 32],
    [20, 42],
    [40, 42],
    [30, 52],
    [20, 62],
    [40, 62],
  ],
  '9': [
    [20, 20],
    [40, 20],
    [20, 35],
    [40, 35],
    [30, 42],
    [20, 49],
    [40, 49],
    [20, 64],
    [40, 64],
  ],
  '10': [
    [20, 20],
    [40, 20],
    [30, 28],
    [20, 35],
    [40, 35],
    [20, 49],
    [40, 49],
    [30, 56],
    [20, 64],
    [40, 64],
  ],
};

interface PlayingCardProps {
  /** The card, or null for a face-down card. */
  card: CardView | null;
  theme?: CardBackTheme;
  className?: string;
  /** Index in the hand: staggers the deal animation. */
  dealIndex?: number;
  hiddenLabel?: string;
}

export function PlayingCard({
  card,
  theme = CARD_BACKS.classic!,
  className,
  dealIndex = 0,
  hiddenLabel,
}: PlayingCardProps) {
  const style = { animationDelay: `${Math.min(dealIndex, 6) * 90}ms` };
  if (card === null) {
    return (
      <svg
        viewBox="0 0 60 84"
        className={cx('motion-safe:animate-[card-deal_260ms_cubic-bezier(0.2,0.8,0.2,1)_both]', className)}
        style={style}
        role="img"
        aria-label={hiddenLabel}
        data-card="hidden"
      >
        <defs>
          <pattern
            id={`card-back-${theme.back.slice(1)}`}
            width="6"
            height="6"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect width="6" height="6" fill={theme.back} />
            <rect width="3" height="6" fill={theme.backPattern} opacity="0.35" />
          </pattern>
        </defs>
        <rect x="0.5" y="0.5" width="59" height="83" rx="5" fill="#f8fafc" stroke="#cbd5e1" />
        <rect x="4" y="4" width="52" height="76" rx="3" fill={`url(#card-back-${theme.back.slice(1)})`} />
        <rect
          x="4"
          y="4"
          width="52"
          height="76"
          rx="3"
          fill="none"
          stroke={theme.backPattern}
          strokeWidth="1"
        />
      </svg>
    );
  }
  const rank: Rank = card.rank;
  const suit: Suit = card.suit;
  const symbol = SUIT_SYMBOL[suit];
  const colour = RED_SUITS.has(suit) ? '#c81e3a' : '#111827';
  const pips = PIPS[rank];
  const isFace = rank === 'J' || rank === 'Q' || rank === 'K';
  return (
    <svg
      viewBox="0 0 60 84"
      className={cx('motion-safe:animate-[card-deal_260ms_cubic-bezier(0.2,0.8,0.2,1)_both]', className)}
      style={style}
      role="img"
      aria-label={cardLabel(card)}
      data-card={`${rank}${suit}`}
    >
      <rect x="0.5" y="0.5" width="59" height="83" rx="5" fill="#fdfdfb" stroke="#cbd5e1" />
      <g fill={colour} fontFamily="Inter Variable, system-ui, sans-serif" fontWeight="700">
        <text x="5" y="13" fontSize={rank === '10' ? 9.5 : 11} letterSpacing={rank === '10' ? -0.8 : 0}>
          {rank}
        </text>
        <text x="5.5" y="22" fontSize="8.5">
          {symbol}
        </text>
        <g transform="rotate(180 30 42)">
          <text x="5" y="13" fontSize={rank === '10' ? 9.5 : 11} letterSpacing={rank === '10' ? -0.8 : 0}>
            {rank}
          </text>
          <text x="5.5" y="22" fontSize="8.5">
            {symbol}
          </text>
        </g>
        {pips ? (
          pips.map(([x, y]) => (
            <text
              key={`${x}-${y}`}
              x={x}
              y={y}
              fontSize="12"
              textAnchor="middle"
              dominantBaseline="central"
              transform={y > 44 ? `rotate(180 ${x} ${y})` : undefined}
            >
              {symbol}
            </text>
          ))
        ) : isFace ? (
          <g>
            <rect x="14" y="18" width="32" height="48" rx="3" fill={colour} opacity="0.08" />
            <rect
              x="14"
              y="18"
              width="32"
              height="48"
              rx="3"
              fill="none"
              stroke={colour}
              strokeWidth="1"
              opacity="0.5"
            />
            <text x="30" y="38" fontSize="20" textAnchor="middle" dominantBaseline="central">
              {rank}
            </text>
            <text x="30" y="56" fontSize="12" textAnchor="middle" dominantBaseline="central">
              {symbol}
            </text>
          </g>
        ) : (
          <text x="30" y="43" fontSize="30" textAnchor="middle" dominantBaseline="central">
            {symbol}
          </text>
        )}
      </g>
    </svg>
  );
}
