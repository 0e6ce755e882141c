/**
 * European roulette in the game shell (themes classic and royale): chips placed on the full bet
 * board, undo / clear / rebet, the total stake against the session's limits, then a spin — the
 * server draws the number (POST /rgs/api/rounds with the engine's `{ bets }` payload), the wheel
 * shows it, and the board marks the winning number and which bets won.
 *
 * Round phases: 'betting' (chips editable) → 'spinning' (locked) → 'result' (last bets still on
 * the board, winners lit). From 'result', Spin plays the same bets again; touching the board
 * starts a fresh layout (the last one stays available to Rebet).
 */
import type { RouletteState } from '@croupier/games/roulette';
import { Eraser, Repeat, Undo2 } from 'lucide-react';
import { type CSSProperties, type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.tsx';
import { cx } from '../../../ui/class-names.ts';
import { useToasts } from '../../../ui/toasts.tsx';
import { type GameModule, useGameShell } from '../shell/game-shell-context.ts';
import { GameStage } from '../shell/game-stage.tsx';
import { decimalToMinor } from '../shell/money.ts';
import { PlayButton } from '../shell/play-button.tsx';
import type { RoundView } from '../shell/rgs-client.ts';
import { boardSpots, type Spot, toRouletteBet } from './board.ts';
import { ChipGlyph } from './chip-glyph.tsx';
import {
  chipLabel,
  chipRank,
  chipValues,
  type PlacedChip,
  placeChip,
  rebet,
  stacks,
  stakeProblem,
  totalStake,
  undoChip,
} from './chips.ts';
import { type BoardResult, type BoardTheme, RouletteBoard } from './roulette-board.tsx';
import {
  NumberBadge,
  RecentNumbers,
  RouletteRoundResult,
  RouletteRules,
  rouletteViewOf,
} from './roulette-panels.tsx';
import { RouletteWheel, type SpinRequest, WHEEL_THEMES } from './roulette-wheel.tsx';

/** The engine's limit on positions per spin (packages/games/src/roulette.ts MAX_POSITIONS). */
const MAX_POSITIONS = 50;

interface TableTheme {
  board: BoardTheme;
  background: string;
  accent: string;
  accentContrast: string;
}

const TABLE_THEMES: Record<string, TableTheme> = {
  classic: {
    board: {
      felt: '#12703f',
      feltDark: '#0b4d2b',
      line: '#d5eadb',
      red: '#c0262d',
      black: '#16181d',
      green: '#13a352',
      text: '#ffffff',
      highlight: '#ffffff',
    },
    background: 'radial-gradient(120% 90% at 50% 0%, #0f3d26 0%, #08150f 55%, #050a08 100%)',
    accent: '#f5b82e',
    accentContrast: '#1f1500',
  },
  royale: {
    board: {
      felt: '#5a1a3a',
      feltDark: '#35102a',
      line: '#ecd190',
      red: '#c8283f',
      black: '#15121c',
      green: '#0f8a66',
      text: '#fff8e7',
      highlight: '#fff3c4',
    },
    background: 'radial-gradient(120% 90% at 50% 0%, #3a1238 0%, #140915 55%, #08050a 100%)',
    accent: '#e9c46a',
    accentContrast: '#231703',
  },
};

type Phase = 'betting' | 'spinning' | 'result';

function RouletteGame() {
  const { t } = useTranslation('rgs-table');
  const shell = useGameShell();
  const toasts = useToasts();
  const { session, minStakeMinor, maxStakeMinor, reducedMotion } = shell;
  const theme = TABLE_THEMES[session.game.theme] ?? TABLE_THEMES.classic!;
  const wheelTheme = WHEEL_THEMES[session.game.theme] ?? WHEEL_THEMES.classic!;
  const limits = useMemo(
    () => ({ minMinor: minStakeMinor, maxMinor: maxStakeMinor }),
    [minStakeMinor, maxStakeMinor],
  );
  const chipSet = useMemo(() => chipValues(limits), [limits]);
  const landscape = useMemo(() => boardSpots('landscape'), []);
  const portrait = useMemo(() => boardSpots('portrait'), []);

  const [chip, setChip] = useState<bigint>(() => chipSet[Math.min(2, chipSet.length - 1)] ?? minStakeMinor);
  const [chips, setChips] = useState<PlacedChip[]>([]);
  const [previous, setPrevious] = useState<PlacedChip[]>([]);
  const [phase, setPhase] = useState<Phase>('betting');
  const [spin, setSpin] = useState<SpinRequest | null>(null);
  const [outcome, setOutcome] = useState<{ view: RouletteState; round: RoundView } | null>(null);
  const pending = useRef<{ view: RouletteState; round: RoundView; bets: PlacedChip[] } | null>(null);

  const amounts = useMemo(() => stacks(chips), [chips]);
  const total = totalStake(chips);
  const balanceMinor = useMemo(() => {
    try {
      return decimalToMinor(shell.balance, session.exponent);
    } catch {
      return null;
    }
  }, [shell.balance, session.exponent]);

  const spotLabel = useCallback(
    (spot: Spot): string => {
      switch (spot.kind) {
        case 'column':
        case 'dozen':
          return t(`roulette.bets.${spot.kind}`, { index: spot.id.slice(-1) });
        case 'red':
        case 'black':
        case 'odd':
        case 'even':
        case 'low':
        case 'high':
        case 'first_four':
          return t(`roulette.bets.${spot.kind}`);
        default:
          return t(`roulette.bets.${spot.kind}`, { numbers: spot.numbers.join('-') });
      }
    },
    [t],
  );

  const chipLook = useCallback(
    (amount: bigint) => ({ colour: chipRank(amount, chipSet), label: chipLabel(amount, session.exponent) }),
    [chipSet, session.exponent],
  );

  const warn = (title: string) => toasts.show({ kind: 'error', title });

  function pick(spot: Spot) {
    if (phase === 'spinning') return;
    // After a result, the first chip starts a new layout; the last one stays for Rebet.
    const base = phase === 'result' ? [] : chips;
    if (phase === 'result') {
      setPhase('betting');
      setOutcome(null);
    }
    if (!stacks(base).has(spot.id) && stacks(base).size >= MAX_POSITIONS) {
      warn(t('roulette.problems.maxPositions', { count: MAX_POSITIONS }));
      setChips(base);
      return;
    }
    const placed = placeChip(base, spot.id, chip, limits);
    if (!placed.ok) {
      warn(t('roulette.problems.over_max', { max: shell.money(maxStakeMinor) }));
      setChips(base);
      return;
    }
    shell.sound.play('chip');
    setChips(placed.chips);
  }

  function undo() {
    if (phase !== 'betting') return;
    setChips(undoChip(chips));
  }

  function clear() {
    if (phase === 'spinning') return;
    setPhase('betting');
    setOutcome(null);
    setChips([]);
  }

  function restore() {
    if (phase === 'spinning') return;
    const again = rebet(previous, limits);
    if (!again) {
      warn(t('roulette.problems.over_max', { max: shell.money(maxStakeMinor) }));
      return;
    }
    setPhase('betting');
    setOutcome(null);
    setChips(again);
  }

  async function play() {
    if (phase === 'spinning' || shell.busy) return;
    const problem = stakeProblem(chips, limits, balanceMinor);
    if (problem) {
      warn(
        t(`roulette.problems.${problem}`, {
          min: shell.money(minStakeMinor),
          max: shell.money(maxStakeMinor),
        }),
      );
      return;
    }
    const bets = chips;
    setPhase('spinning');
    setOutcome(null);
    const round = await shell.play(toRouletteBet(stacks(bets), landscape));
    const view = round ? rouletteViewOf(round.view) : undefined;
    if (!round || !view) {
      setPhase('betting');
      return;
    }
    setPrevious(bets);
    pending.current = { view, round, bets };
    shell.sound.play('spin');
    setSpin({ key: round.id, result: view.number });
  }

  const settled = useCallback(
    (key: string) => {
      const done = pending.current;
      if (!done || done.round.id !== key) return;
      pending.current = null;
      setOutcome({ view: done.view, round: done.round });
      setPhase('result');
      shell.reveal(done.round);
      shell.sound.play(BigInt(done.view.payout) > 0n ? 'win' : 'lose');
    },
    [shell],
  );

  const boardResult = useMemo<BoardResult | null>(() => {
    if (!outcome) return null;
    const winning = new Set<string>();
    for (const bet of outcome.view.bets) {
      if (!bet.won) continue;
      const spot = landscape.find(
        (candidate) => candidate.kind === bet.type && candidate.numbers.join('-') === bet.numbers.join('-'),
      );
      if (spot) winning.add(spot.id);
    }
    return { number: outcome.view.number, winning };
  }, [outcome, landscape]);

  const recentNumbers = useMemo(
    () =>
      shell.recent
        .map((round) => rouletteViewOf(round.view)?.number)
        .filter((n): n is number => n !== undefined),
    [shell.recent],
  );

  const spinning = phase === 'spinning';
  const style = {
    background: theme.background,
    '--game-accent': theme.accent,
    '--game-accent-contrast': theme.accentContrast,
    '--game-glow': theme.accent,
  } as CSSProperties;

  const boardProps = {
    theme: theme.board,
    amounts,
    chipLook,
    onPick: pick,
    disabled: spinning,
    result: phase === 'result' ? boardResult : null,
    spotLabel,
  };

  const payout = outcome ? BigInt(outcome.view.payout) : 0n;

  return (
    <GameStage
      style={style}
      board={
        <div
          className="absolute inset-0 flex flex-col gap-2 tablet:gap-3 laptop:flex-row laptop:items-center laptop:gap-6"
          data-testid="roulette-table"
        >
          {/* Wheel, result and recent numbers. On phones the wheel is small and grows over the board while it spins. */}
          <div className="flex shrink-0 items-center gap-3 laptop:h-full laptop:w-[min(36%,26rem)] laptop:flex-col laptop:justify-center laptop:gap-4">
            {spinning && (
              <div
                className="fixed inset-0 z-20 bg-black/60 backdrop-blur-[2px] motion-safe:animate-fade-in tablet:hidden"
                aria-hidden="true"
              />
            )}
            <div
              className={cx(
                'relative aspect-square shrink-0 transition-[width] duration-300',
                spinning
                  ? 'max-tablet:fixed max-tablet:top-1/2 max-tablet:left-1/2 max-tablet:z-30 max-tablet:w-[min(82vw,22rem)] max-tablet:-translate-x-1/2 max-tablet:-translate-y-1/2'
                  : 'w-28',
                'tablet:w-44 laptop:w-full laptop:max-w-[24rem]',
              )}
            >
              <RouletteWheel
                theme={wheelTheme}
                spin={spin}
                onSettled={settled}
                label={t('roulette.wheel')}
                reducedMotion={reducedMotion}
              />
            </div>
            <div className="flex min-w-0 flex-1 flex-col gap-2 laptop:h-64 laptop:w-full laptop:flex-none">
              <ResultLine phase={phase} outcome={outcome} payout={payout} />
              <RecentNumbers numbers={recentNumbers} />
              {outcome && outcome.view.bets.length > 0 && (
                <BetResults
                  view={outcome.view}
                  labelOf={(type, numbers) => labelForBet(landscape, spotLabel, type, numbers)}
                />
              )}
            </div>
          </div>
          {/* The board: landscape from tablets up, portrait (scrolling) on phones. */}
          <div className="min-h-0 min-w-0 flex-1 overflow-y-auto overscroll-contain px-1 pb-1 tablet:flex tablet:items-center tablet:justify-center tablet:overflow-visible">
            <RouletteBoard
              orientation="portrait"
              spots={portrait}
              className="mx-auto block w-full max-w-[26rem] tablet:hidden"
              {...boardProps}
            />
            <RouletteBoard
              orientation="landscape"
              spots={landscape}
              className="hidden max-h-full w-full max-w-[60rem] tablet:block"
              {...boardProps}
            />
          </div>
        </div>
      }
      controls={
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-2 laptop:flex-row laptop:items-center laptop:gap-4">
          <ChipSelector
            values={chipSet}
            selected={chip}
            onSelect={setChip}
            exponent={session.exponent}
            disabled={spinning}
          />
          <div className="flex items-center gap-2 laptop:ml-auto">
            <ToolButton
              label={t('roulette.undo')}
              onClick={undo}
              disabled={phase !== 'betting' || chips.length === 0}
            >
              <Undo2 className="size-5" aria-hidden />
            </ToolButton>
            <ToolButton label={t('roulette.clear')} onClick={clear} disabled={spinning || chips.length === 0}>
              <Eraser className="size-5" aria-hidden />
            </ToolButton>
            <ToolButton
              label={t('roulette.rebet')}
              onClick={restore}
              disabled={spinning || previous.length === 0 || (phase === 'result' && chips === previous)}
            >
              <Repeat className="size-5" aria-hidden />
            </ToolButton>
            <div className="flex min-w-0 flex-1 flex-col items-end px-1 leading-tight laptop:min-w-32">
              <span className="text-[0.6rem] font-semibold tracking-wider text-muted uppercase">
                {t('roulette.totalBet')}
              </span>
              <output className="amount text-base font-bold text-text" data-testid="roulette-total">
                {shell.money(total)}
              </output>
              <span className="amount hidden text-[0.65rem] text-muted tablet:block">
                {t('roulette.limits', { min: shell.money(minStakeMinor), max: shell.money(maxStakeMinor) })}
              </span>
            </div>
            <PlayButton
              label={t('roulette.spin')}
              onPlay={() => void play()}
              busy={spinning}
              disabled={chips.length === 0}
            />
          </div>
        </div>
      }
    />
  );
}

function labelForBet(
  spots: readonly Spot[],
  spotLabel: (spot: Spot) => string,
  type: string,
  numbers: number[],
): string {
  const spot = spots.find(
    (candidate) => candidate.kind === type && candidate.numbers.join('-') === numbers.join('-'),
  );
  return spot ? spotLabel(spot) : `${type} ${numbers.join('-')}`;
}

function ResultLine({
  phase,
  outcome,
  payout,
}: {
  phase: Phase;
  outcome: { view: RouletteState } | null;
  payout: bigint;
}) {
  const { t } = useTranslation('rgs-table');
  const shell = useGameShell();
  if (phase === 'spinning' || !outcome) {
    return (
      <p className="self-start rounded-full border border-white/10 bg-black/30 px-4 py-1.5 text-xs font-bold tracking-[0.18em] text-white/80 uppercase laptop:self-center laptop:text-sm">
        {phase === 'spinning' ? t('roulette.noMoreBets') : t('roulette.placeBets')}
      </p>
    );
  }
  return (
    <div className="flex items-center gap-3" data-testid="roulette-result" aria-live="polite">
      <NumberBadge number={outcome.view.number} size="lg" />
      <div className="min-w-0 leading-tight">
        <p className="text-sm text-muted">{t(`roulette.colours.${outcome.view.colour}`)}</p>
        {payout > 0n ? (
          <p className="amount text-lg font-extrabold text-(--game-accent)">
            {t('roulette.win', { amount: shell.money(payout) })}
          </p>
        ) : (
          <p className="text-base font-semibold text-text">{t('roulette.noWin')}</p>
        )}
      </div>
    </div>
  );
}

function BetResults({
  view,
  labelOf,
}: {
  view: RouletteState;
  labelOf: (type: string, numbers: number[]) => string;
}) {
  const { t } = useTranslation('rgs-table');
  const shell = useGameShell();
  const summary = t('roulette.betResults', {
    won: view.bets.filter((bet) => bet.won).length,
    total: view.bets.length,
  });
  return (
    <>
      <p className="text-xs text-muted laptop:hidden">{summary}</p>
      <div className="hidden min-h-0 flex-col rounded-xl border border-white/10 bg-black/25 text-sm laptop:flex">
        <p className="px-3 pt-2 pb-1 font-semibold text-muted">{summary}</p>
        <ul className="min-h-0 overflow-y-auto px-3 pb-2" data-testid="roulette-bet-results">
          {view.bets.map((bet) => (
            <li
              key={`${bet.type}:${bet.numbers.join('-')}`}
              className="flex items-center justify-between gap-3 py-0.5"
            >
              <span className={cx('truncate', bet.won ? 'text-text' : 'text-muted')}>
                {labelOf(bet.type, bet.numbers)}
              </span>
              <span
                className={cx('amount shrink-0', bet.won ? 'font-bold text-(--game-accent)' : 'text-muted')}
              >
                {bet.won ? `+${shell.money(bet.payout)}` : `−${shell.money(bet.stake)}`}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

function ChipSelector({
  values,
  selected,
  onSelect,
  exponent,
  disabled,
}: {
  values: readonly bigint[];
  selected: bigint;
  onSelect: (value: bigint) => void;
  exponent: number;
  disabled: boolean;
}) {
  const { t } = useTranslation('rgs-table');
  const shell = useGameShell();
  return (
    <div
      role="radiogroup"
      aria-label={t('roulette.chips')}
      className="flex items-center justify-center gap-1.5 overflow-x-auto tablet:gap-2"
      data-testid="roulette-chips"
    >
      {values.map((value, index) => {
        const active = value === selected;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a chip is drawn, not a native radio; it has the role and state of one.
          <button
            key={value.toString()}
            type="button"
            role="radio"
            aria-checked={active}
            aria-label={t('roulette.chip', { amount: shell.money(value) })}
            disabled={disabled}
            onClick={() => {
              shell.sound.play('click');
              onSelect(value);
            }}
            className={cx(
              'relative size-12 shrink-0 rounded-full transition-transform duration-150 disabled:opacity-50 tablet:size-14',
              active
                ? '-translate-y-1 ring-2 ring-(--game-accent) ring-offset-2 ring-offset-black'
                : 'hover:-translate-y-0.5',
            )}
          >
            <svg viewBox="-24 -24 48 48" className="size-full" aria-hidden="true">
              <ChipGlyph radius={23} colour={index} label={chipLabel(value, exponent)} />
            </svg>
          </button>
        );
      })}
    </div>
  );
}

function ToolButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
      className="inline-flex size-11 shrink-0 flex-col items-center justify-center rounded-xl border border-white/10 bg-white/5 text-text transition-colors hover:bg-white/10 disabled:opacity-35 disabled:hover:bg-white/5 tablet:h-12 tablet:w-auto tablet:flex-row tablet:gap-1.5 tablet:px-3 laptop:w-12 laptop:px-0 desktop:w-auto desktop:px-3"
    >
      {children}
      <span className="hidden text-sm font-semibold tablet:inline laptop:hidden desktop:inline">{label}</span>
    </button>
  );
}

export const rouletteModule: GameModule = {
  Game: RouletteGame,
  Rules: RouletteRules,
  RoundResult: RouletteRoundResult,
};
