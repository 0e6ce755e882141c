/**
 * The bet board drawn in SVG from board.ts's geometry: red and black numbers in the real
 * three-column layout, zero, the "2 to 1" columns, dozens and even-money boxes, clickable borders
 * and corners for splits, streets, corners and six-lines, the chips on their spots, the numbers a
 * hovered spot covers, and after a spin the winning number and which chips won.
 */
import { type KeyboardEvent, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.tsx';
import { BOARD_SIZE, INSIDE_KINDS, numberCell, type Orientation, type Spot } from './board.ts';
import { ChipGlyph } from './chip-glyph.tsx';
import { pocketColour } from './wheel.ts';

export interface BoardTheme {
  felt: string;
  feltDark: string;
  line: string;
  red: string;
  black: string;
  green: string;
  text: string;
  highlight: string;
}

/** Pixels per board unit; portrait rows are flatter so the board fits a phone with little scrolling. */
const SCALE: Record<Orientation, { x: number; y: number }> = {
  landscape: { x: 60, y: 62 },
  portrait: { x: 64, y: 38 },
};

export interface BoardResult {
  number: number;
  /** Spot ids whose bet won. */
  winning: ReadonlySet<string>;
}

interface RouletteBoardProps {
  orientation: Orientation;
  spots: readonly Spot[];
  theme: BoardTheme;
  /** Amount per spot id, minor units. */
  amounts: ReadonlyMap<string, bigint>;
  /** Chip colour index per amount (the largest chip that divides it), and its short label. */
  chipLook: (amountMinor: bigint) => { colour: number; label: string };
  onPick: (spot: Spot) => void;
  disabled: boolean;
  result: BoardResult | null;
  spotLabel: (spot: Spot) => string;
  className?: string;
}

export function RouletteBoard({
  orientation,
  spots,
  theme,
  amounts,
  chipLook,
  onPick,
  disabled,
  result,
  spotLabel,
  className,
}: RouletteBoardProps) {
  const { t } = useTranslation('rgs-table');
  const [hover, setHover] = useState<Spot | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const scale = SCALE[orientation];
  const size = BOARD_SIZE[orientation];
  const width = size.width * scale.x;
  const height = size.height * scale.y;
  const px = (rect: { x: number; y: number; width: number; height: number }) => ({
    x: rect.x * scale.x,
    y: rect.y * scale.y,
    width: rect.width * scale.x,
    height: rect.height * scale.y,
  });
  const covered = useMemo(() => new Set(hover && !disabled ? hover.numbers : []), [hover, disabled]);
  const outside = spots.filter((spot) => !INSIDE_KINDS.has(spot.kind));
  const borders = spots.filter((spot) => INSIDE_KINDS.has(spot.kind) && spot.kind !== 'straight');
  const chipRadius = Math.min(scale.x, scale.y) * 0.34;
  const portrait = orientation === 'portrait';

  function keyPick(event: KeyboardEvent, spot: Spot) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (!disabled) onPick(spot);
    }
  }

  const outsideLabel = (spot: Spot): string => {
    switch (spot.kind) {
      case 'column':
        return t('roulette.board.column');
      case 'dozen':
        return t(`roulette.board.dozen${spot.id.slice(-1)}`);
      default:
        return t(`roulette.board.${spot.kind}`);
    }
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: the board is an SVG drawing; a <fieldset> cannot hold it.
    <svg
      viewBox={`-4 -4 ${width + 8} ${height + 8}`}
      className={className}
      role="group"
      aria-label={t('roulette.board.label')}
      data-testid={`roulette-board-${orientation}`}
      onPointerLeave={() => setHover(null)}
    >
      <defs>
        <radialGradient id={`felt-${orientation}`} cx="50%" cy="40%" r="75%">
          <stop offset="0%" stopColor={theme.felt} />
          <stop offset="100%" stopColor={theme.feltDark} />
        </radialGradient>
        <filter id={`chip-shadow-${orientation}`} x="-50%" y="-50%" width="200%" height="200%">
          <feDropShadow dx="0" dy="1.5" stdDeviation="1.5" floodColor="#000" floodOpacity="0.55" />
        </filter>
      </defs>
      <rect x={-4} y={-4} width={width + 8} height={height + 8} rx={14} fill={`url(#felt-${orientation})`} />

      {/* Numbers and zero. */}
      {spots
        .filter((spot) => spot.kind === 'straight')
        .map((spot) => {
          const n = spot.numbers[0]!;
          const rect = px(numberCell(n, orientation));
          const colour = pocketColour(n);
          const fill = colour === 'red' ? theme.red : colour === 'black' ? theme.black : theme.green;
          const winner = result?.number === n;
          const textX = rect.x + rect.width / 2;
          const textY = rect.y + rect.height / 2;
          return (
            <g key={spot.id}>
              {n === 0 ? (
                <path d={zeroPath(rect, orientation)} fill={fill} stroke={theme.line} strokeWidth={1.5} />
              ) : (
                <rect {...rect} fill={theme.feltDark} stroke={theme.line} strokeWidth={1.5} />
              )}
              {n !== 0 && (
                <rect
                  x={rect.x + 5}
                  y={rect.y + 5}
                  width={rect.width - 10}
                  height={rect.height - 10}
                  rx={portrait ? 6 : 8}
                  fill={fill}
                />
              )}
              {covered.has(n) && (
                <rect
                  {...rect}
                  fill={theme.highlight}
                  opacity={0.28}
                  pointerEvents="none"
                  data-covered="true"
                />
              )}
              {winner && (
                <g pointerEvents="none" data-testid="board-winner">
                  <rect {...rect} fill="#fde68a" opacity={0.22} />
                  <rect
                    x={rect.x + 2}
                    y={rect.y + 2}
                    width={rect.width - 4}
                    height={rect.height - 4}
                    rx={8}
                    fill="none"
                    stroke="#fde68a"
                    strokeWidth={5}
                    className="motion-safe:animate-pulse"
                  />
                </g>
              )}
              <text
                x={textX}
                y={textY}
                fill={theme.text}
                fontSize={portrait ? 17 : 21}
                fontWeight={700}
                textAnchor="middle"
                dominantBaseline="central"
                pointerEvents="none"
              >
                {n}
              </text>
            </g>
          );
        })}

      {/* Outside bets. */}
      {outside.map((spot) => {
        const rect = px(spot.hit);
        const cx = rect.x + rect.width / 2;
        const cy = rect.y + rect.height / 2;
        const vertical = portrait && spot.kind !== 'column';
        const allCovered = spot.numbers.every((n) => covered.has(n)) && hover?.id === spot.id;
        return (
          <g key={spot.id}>
            <rect {...rect} fill="transparent" stroke={theme.line} strokeWidth={1.5} />
            {allCovered && <rect {...rect} fill={theme.highlight} opacity={0.18} pointerEvents="none" />}
            {spot.kind === 'red' || spot.kind === 'black' ? (
              <path
                d={diamond(
                  cx,
                  cy,
                  vertical ? rect.width * 0.32 : rect.width * 0.2,
                  vertical ? rect.height * 0.3 : rect.height * 0.32,
                )}
                fill={spot.kind === 'red' ? theme.red : theme.black}
                stroke={theme.line}
                strokeWidth={1}
                pointerEvents="none"
              />
            ) : (
              <text
                x={cx}
                y={cy}
                fill={theme.text}
                fontSize={portrait ? 13 : spot.kind === 'column' ? 14 : 17}
                fontWeight={700}
                letterSpacing={0.5}
                textAnchor="middle"
                dominantBaseline="central"
                transform={vertical ? `rotate(-90 ${cx} ${cy})` : undefined}
                pointerEvents="none"
              >
                {outsideLabel(spot)}
              </text>
            )}
          </g>
        );
      })}

      {/* Click targets, topmost last: cells, then borders and points. */}
      {[...spots.filter((spot) => spot.kind === 'straight' || !INSIDE_KINDS.has(spot.kind)), ...borders].map(
        (spot) => {
          const rect = px(spot.hit);
          const isCell = spot.kind === 'straight' || !INSIDE_KINDS.has(spot.kind);
          return (
            // biome-ignore lint/a11y/useSemanticElements: an SVG area cannot be a <button>; it has the role, name and keys of one.
            <rect
              key={`hit-${spot.id}`}
              {...rect}
              rx={isCell ? 0 : 6}
              fill="transparent"
              role="button"
              tabIndex={isCell && !disabled ? 0 : -1}
              aria-label={spotLabel(spot)}
              aria-disabled={disabled || undefined}
              className={disabled ? 'cursor-not-allowed' : 'cursor-pointer'}
              style={{ outline: 'none' }}
              data-spot={spot.id}
              onPointerEnter={() => setHover(spot)}
              onClick={() => !disabled && onPick(spot)}
              onKeyDown={(event) => keyPick(event, spot)}
              onFocus={(event) => {
                setHover(spot);
                // Keyboard focus gets a drawn ring (the browser's outline does not follow SVG shapes).
                setFocused(focusVisible(event.currentTarget) ? spot.id : null);
              }}
              onBlur={() => setFocused(null)}
            />
          );
        },
      )}

      {/* Chips. */}
      {[...amounts].map(([spotId, amount]) => {
        const spot = spots.find((candidate) => candidate.id === spotId);
        if (!spot || amount <= 0n) return null;
        const look = chipLook(amount);
        const won = result ? result.winning.has(spotId) : null;
        return (
          <g
            key={`chip-${spotId}`}
            transform={`translate(${spot.chipAt.x * scale.x} ${spot.chipAt.y * scale.y})`}
            opacity={won === false ? 0.22 : 1}
            filter={`url(#chip-shadow-${orientation})`}
            pointerEvents="none"
            data-chip={spotId}
            data-won={won === null ? undefined : String(won)}
          >
            {won && (
              <circle
                r={chipRadius + 5}
                fill="none"
                stroke="#fde68a"
                strokeWidth={3}
                className="motion-safe:animate-pulse"
              />
            )}
            <ChipGlyph radius={chipRadius} colour={look.colour} label={look.label} />
          </g>
        );
      })}
      {focused &&
        (() => {
          const spot = spots.find((candidate) => candidate.id === focused);
          if (!spot) return null;
          const rect = px(spot.hit);
          return (
            <rect
              {...rect}
              rx={6}
              fill="none"
              stroke={theme.highlight}
              strokeWidth={3}
              strokeDasharray="6 4"
              pointerEvents="none"
              data-testid="board-focus"
            />
          );
        })()}
    </svg>
  );
}

function diamond(cx: number, cy: number, rx: number, ry: number): string {
  return `M${cx} ${cy - ry} L${cx + rx} ${cy} L${cx} ${cy + ry} L${cx - rx} ${cy} Z`;
}

/** Zero's cell with the pointed end that faces away from the numbers, as on a real layout. */
function zeroPath(
  rect: { x: number; y: number; width: number; height: number },
  orientation: Orientation,
): string {
  const { x, y, width, height } = rect;
  if (orientation === 'landscape') {
    const tip = width * 0.45;
    return `M${x + tip} ${y} L${x + width} ${y} L${x + width} ${y + height} L${x + tip} ${y + height} L${x} ${y + height / 2} Z`;
  }
  const tip = height * 0.5;
  return `M${x} ${y + tip} L${x + width / 2} ${y} L${x + width} ${y + tip} L${x + width} ${y + height} L${x} ${y + height} Z`;
}

/** `:focus-visible`, false where the engine does not know the selector. */
function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false;
  }
}
