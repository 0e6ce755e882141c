/** Fairness outcomes for plinko (the ball's path through the pegs) and roulette (the number). */
import { useTranslation } from '../../../i18n/use-translation.tsx';
import { cx } from '../../../ui/class-names.ts';
import { pocketColour } from '../roulette/wheel.ts';
import { minorText } from './money-text.ts';
import { isNumberArray, isRecord } from './view-guards.ts';

export function PlinkoOutcome({ view }: { view: unknown }) {
  const { t } = useTranslation('fairness');
  if (!isRecord(view) || !isNumberArray(view.path) || typeof view.bucket !== 'number') return null;
  const path = view.path;
  const rows = path.length;
  const multiplier100 = typeof view.multiplier100 === 'number' ? view.multiplier100 : null;
  // Pegs: row r has r + 3 pegs, centred. The ball hits one peg per row (offset = rights − lefts over
  // two, in peg gaps) and lands in bucket k = rights, at offset k − rows / 2.
  const gap = 20;
  const width = (rows + 3) * gap;
  const height = (rows + 1) * gap + 8;
  const cx0 = width / 2;
  const points: Array<[number, number]> = [[cx0, 0]];
  let offset = 0;
  points.push([cx0, gap / 2 - 5]);
  path.forEach((step, row) => {
    offset += step === 1 ? 0.5 : -0.5;
    points.push([cx0 + offset * gap, (row + 1.5) * gap - 5]);
  });
  const bucketY = (rows + 0.5) * gap;
  return (
    <div className="rounded-xl border border-border bg-background/60 p-4" data-testid="outcome-plinko">
      <svg
        viewBox={`0 -6 ${width} ${height + 6}`}
        className="mx-auto block max-h-64 w-full"
        aria-hidden="true"
      >
        {Array.from({ length: rows }, (_, row) =>
          Array.from({ length: row + 3 }, (_, peg) => {
            const x = cx0 + (peg - (row + 2) / 2) * gap;
            const y = (row + 0.5) * gap;
            // biome-ignore lint/suspicious/noArrayIndexKey: pegs are a fixed grid; row and place are their identity.
            return <circle key={`${row}-${peg}`} cx={x} cy={y} r="2.4" fill="#3b4675" />;
          }),
        )}
        {Array.from({ length: rows + 1 }, (_, k) => (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: buckets are fixed positions.
            key={k}
            x={cx0 + (k - rows / 2) * gap - gap / 2 + 1.5}
            y={bucketY - 1}
            width={gap - 3}
            height={10}
            rx={3}
            fill={k === view.bucket ? '#f5b82e' : '#1c2440'}
          />
        ))}
        <polyline
          points={points.map(([x, y]) => `${x},${y}`).join(' ')}
          fill="none"
          stroke="#22c55e"
          strokeWidth="2.5"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
        <circle
          cx={points.at(-1)?.[0]}
          cy={bucketY - 6}
          r="5"
          fill="#f5b82e"
          stroke="#0b1020"
          strokeWidth="1.5"
        />
      </svg>
      <p className="mt-3 font-mono text-sm break-all text-muted">
        {t('outcome.path')}:{' '}
        {path.map((step) => (step === 1 ? t('outcome.right') : t('outcome.left'))).join(' ')}
      </p>
      <p className="mt-1 text-base font-semibold">
        {t('outcome.bucket', {
          index: view.bucket,
          multiplier:
            multiplier100 === null
              ? '?'
              : `${Math.floor(multiplier100 / 100)}.${String(multiplier100 % 100).padStart(2, '0')}`,
        })}
      </p>
    </div>
  );
}

export function RouletteOutcome({ view }: { view: unknown }) {
  const { t } = useTranslation('fairness');
  const number = isRecord(view) ? rouletteNumberOf(view) : undefined;
  if (number === undefined) return null;
  const colour = pocketColour(number);
  const bets = isRecord(view) && Array.isArray(view.bets) ? view.bets.filter(isRouletteBet) : [];
  return (
    <div className="rounded-xl border border-border bg-background/60 p-4" data-testid="outcome-roulette">
      <div className="flex items-center gap-4">
        <span
          className={cx(
            'inline-flex size-16 shrink-0 items-center justify-center rounded-full text-2xl font-extrabold text-white ring-4 ring-white/10',
            colour === 'red' ? 'bg-[#c0262d]' : colour === 'black' ? 'bg-[#16181d]' : 'bg-[#178a4a]',
          )}
        >
          {number}
        </span>
        <div>
          <p className="text-lg font-semibold">{t('outcome.number', { number })}</p>
          <p className="text-sm text-muted">{t(`outcome.${colour}`)}</p>
        </div>
      </div>
      {bets.length > 0 && (
        <ul className="mt-3 flex flex-col gap-1 border-t border-border pt-3 text-sm">
          {bets.map((bet) => (
            <li
              key={`${bet.type}:${bet.numbers.join('-')}`}
              className="flex items-center justify-between gap-3"
            >
              <span className={cx('min-w-0 truncate', bet.won ? 'text-text' : 'text-muted')}>
                {t(`outcome.betTypes.${bet.type}`)}{' '}
                <span className="amount text-xs text-muted">
                  {bet.numbers.length <= 6 ? bet.numbers.join(' ') : ''}
                </span>
              </span>
              <span className={cx('amount shrink-0', bet.won ? 'font-semibold text-accent' : 'text-muted')}>
                {minorText(BigInt(bet.stake))} → {minorText(BigInt(bet.payout))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface RouletteBetLike {
  type: string;
  numbers: number[];
  stake: string;
  won: boolean;
  payout: string;
}

function isRouletteBet(value: unknown): value is RouletteBetLike {
  return (
    isRecord(value) &&
    typeof value.type === 'string' &&
    isNumberArray(value.numbers) &&
    typeof value.stake === 'string' &&
    /^[0-9]{1,30}$/.test(value.stake) &&
    typeof value.payout === 'string' &&
    /^[0-9]{1,30}$/.test(value.payout) &&
    typeof value.won === 'boolean'
  );
}

/** The winning number of a roulette view. */
export function rouletteNumberOf(view: Record<string, unknown>): number | undefined {
  const value = view.number ?? view.result ?? view.winningNumber;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 36
    ? value
    : undefined;
}
