/**
 * A replayed round's outcome in a readable form, per game: the slot grid with its winning lines,
 * the roulette number, the dice roll against its target, the plinko path, the blackjack cards.
 * The view comes from the engine itself (engine.view), so its shape is the engine's; a shape this
 * page does not recognise falls back to the raw JSON shown under the result.
 */
import type { GameName } from '@croupier/games/engine';
import { useTranslation } from '../../../i18n/use-translation.tsx';
import { cx } from '../../../ui/class-names.ts';
import { BlackjackOutcome } from './outcome-blackjack.tsx';
import { PlinkoOutcome, RouletteOutcome } from './outcome-table.tsx';
import { isRecord } from './view-guards.ts';

export function OutcomeView({ game, view }: { game: GameName; view: unknown }) {
  const { t } = useTranslation('fairness');
  const body =
    game === 'slot' ? (
      <SlotOutcome view={view} />
    ) : game === 'dice' ? (
      <DiceOutcome view={view} />
    ) : game === 'roulette' ? (
      <RouletteOutcome view={view} />
    ) : game === 'plinko' ? (
      <PlinkoOutcome view={view} />
    ) : (
      <BlackjackOutcome view={view} />
    );
  return body ?? <p className="text-sm text-muted">{t('outcome.noDetail')}</p>;
}

interface SlotSpinLike {
  kind: string;
  grid: string[][];
  lineWins: Array<{
    line: number;
    symbol: string;
    count: number;
    positions: [number, number][];
    amount: string;
  }>;
  scatter: { count: number; positions: [number, number][]; amount: string };
  freeSpinsWon: number;
  win: string;
}

function isSlotSpin(value: unknown): value is SlotSpinLike {
  return (
    isRecord(value) &&
    Array.isArray(value.grid) &&
    value.grid.every((reel) => Array.isArray(reel)) &&
    Array.isArray(value.lineWins) &&
    isRecord(value.scatter)
  );
}

const SYMBOL_STYLE: Record<string, string> = {
  wild: 'bg-gold/20 text-gold ring-gold/50',
  scatter: 'bg-info/20 text-info ring-info/50',
  h1: 'bg-danger/15 text-[#fca5a5] ring-danger/30',
  h2: 'bg-[#a855f7]/15 text-[#d8b4fe] ring-[#a855f7]/30',
  h3: 'bg-[#f97316]/15 text-[#fdba74] ring-[#f97316]/30',
  h4: 'bg-accent/15 text-[#86efac] ring-accent/30',
};

function SlotOutcome({ view }: { view: unknown }): React.ReactElement | null {
  const { t } = useTranslation('fairness');
  if (!isRecord(view) || !Array.isArray(view.spins) || !view.spins.every(isSlotSpin)) return null;
  const spins = view.spins as SlotSpinLike[];
  return (
    <div className="flex flex-col gap-4" data-testid="outcome-slot">
      {spins.map((spin, index) => {
        const winning = new Set<string>();
        for (const win of spin.lineWins)
          for (const [reel, row] of win.positions) winning.add(`${reel}:${row}`);
        for (const [reel, row] of spin.scatter.positions)
          if (spin.scatter.amount !== '0') winning.add(`${reel}:${row}`);
        const rows = spin.grid[0]?.length ?? 0;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: spins are a fixed, ordered list.
          <div key={index} className="rounded-xl border border-border bg-background/60 p-3">
            <p className="mb-2 text-sm font-semibold">
              {index === 0 ? t('outcome.spinBase') : t('outcome.spinFree', { number: index })}
            </p>
            <div
              className="grid gap-1"
              style={{ gridTemplateColumns: `repeat(${spin.grid.length}, minmax(0, 1fr))` }}
            >
              {Array.from({ length: rows }, (_, row) =>
                spin.grid.map((reel, reelIndex) => {
                  const symbol = reel[row] ?? '';
                  return (
                    <span
                      // biome-ignore lint/suspicious/noArrayIndexKey: grid cells are fixed positions (reel, row).
                      key={`${reelIndex}-${row}`}
                      className={cx(
                        'flex h-9 items-center justify-center rounded-lg text-xs font-bold uppercase ring-1',
                        SYMBOL_STYLE[symbol] ?? 'bg-raised text-muted ring-border',
                        winning.has(`${reelIndex}:${row}`) && 'outline-2 outline-offset-1 outline-accent',
                      )}
                    >
                      {symbol}
                    </span>
                  );
                }),
              )}
            </div>
            {(spin.lineWins.length > 0 || spin.scatter.amount !== '0' || spin.freeSpinsWon > 0) && (
              <ul className="mt-2 flex flex-col gap-0.5 text-xs text-muted">
                {spin.lineWins.map((win) => (
                  <li key={win.line}>
                    {t('outcome.lineWin', {
                      line: win.line + 1,
                      count: win.count,
                      symbol: win.symbol.toUpperCase(),
                    })}
                  </li>
                ))}
                {spin.scatter.amount !== '0' && (
                  <li>{t('outcome.scatterWin', { count: spin.scatter.count })}</li>
                )}
                {spin.freeSpinsWon > 0 && (
                  <li className="text-gold">{t('outcome.freeSpinsWon', { count: spin.freeSpinsWon })}</li>
                )}
              </ul>
            )}
          </div>
        );
      })}
    </div>
  );
}

function DiceOutcome({ view }: { view: unknown }): React.ReactElement | null {
  const { t } = useTranslation('fairness');
  if (
    !isRecord(view) ||
    typeof view.roll !== 'number' ||
    typeof view.target !== 'number' ||
    (view.direction !== 'over' && view.direction !== 'under')
  ) {
    return null;
  }
  const rollText = typeof view.rollText === 'string' ? view.rollText : String(view.roll);
  const targetText = `${Math.floor(view.target / 100)}.${String(view.target % 100).padStart(2, '0')}`;
  const win = view.win === true;
  const over = view.direction === 'over';
  const rollPct = (view.roll / 10_000) * 100;
  const targetPct = (view.target / 10_000) * 100;
  return (
    <div className="rounded-xl border border-border bg-background/60 p-4" data-testid="outcome-dice">
      <div className="flex items-baseline justify-between gap-3">
        <div className={cx('amount text-3xl font-extrabold', win ? 'text-accent' : 'text-text')}>
          {t('outcome.roll', { roll: rollText })}
        </div>
        <p className="text-sm text-muted">
          {t('outcome.target', { direction: t(over ? 'outcome.over' : 'outcome.under'), target: targetText })}
        </p>
      </div>
      <div className="relative mt-4 h-3 rounded-full bg-danger/40">
        <div
          className="absolute inset-y-0 rounded-full bg-accent/70"
          style={over ? { left: `${targetPct}%`, right: 0 } : { left: 0, width: `${targetPct}%` }}
        />
        <div
          className="absolute -top-1.5 size-6 -translate-x-1/2 rounded-md border-2 border-background bg-text shadow"
          style={{ left: `${rollPct}%` }}
          aria-hidden="true"
        />
      </div>
      <p className={cx('mt-3 text-sm font-semibold', win ? 'text-accent' : 'text-muted')}>
        {win ? t('outcome.win') : t('outcome.lose')}
      </p>
    </div>
  );
}
