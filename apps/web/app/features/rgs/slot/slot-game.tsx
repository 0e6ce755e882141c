/**
 * The 5 × 3 video slot (Neon Reels, Aurora Reels, Gem Cascade, Tidal Treasure: one engine, four
 * themes). A round arrives whole from the server (the paid spin and every free spin it led to);
 * this page replays it: reels stop left to right, winning lines light up, the win counts up, and
 * the free-spins feature gets its banner, spin count, multiplier and running total. Pressing the
 * button (or Space) again during the show hurries it along.
 */
import { Gift, Lock, Sparkles, Zap } from 'lucide-react';
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.tsx';
import { type GameModule, useGameShell } from '../shell/game-shell-context.ts';
import { GameControls, GameStage, Stat } from '../shell/game-stage.tsx';
import { PlayButton } from '../shell/play-button.tsx';
import type { RoundDetail, RoundView } from '../shell/rgs-client.ts';
import {
  featureTotal,
  parseSlotDescribe,
  type SlotDescribe,
  type SlotState,
  type SpinResult,
  windowAt,
} from './slot-describe.ts';
import { afterRound, type FreeRoundsState, initialFreeRounds } from './slot-free-rounds.ts';
import { type Highlight, type ReelsHandle, SlotReels } from './slot-reels.tsx';
import { SlotRules } from './slot-rules.tsx';
import { SlotDefs, SymbolArt } from './slot-symbols.tsx';
import { type SlotTheme, slotTheme } from './slot-themes.ts';

type Banner =
  | { kind: 'feature'; count: number; multiplier: number }
  | { kind: 'retrigger'; count: number }
  | { kind: 'featureEnd'; amount: bigint; count: number }
  | { kind: 'bigWin' | 'megaWin'; amount: bigint };

interface FeatureState {
  /** 1-based number of the free spin on screen. */
  played: number;
  awarded: number;
  multiplier: number;
  totalMinor: bigint;
}

/** Wins of at least this many stakes get the big-win banner; MEGA from the second. */
const BIG_WIN_STAKES = 10n;
const MEGA_WIN_STAKES = 30n;

export function highlightOf(
  spin: SpinResult,
  describe: SlotDescribe,
  theme: SlotTheme,
  onlyLine?: number,
): Highlight {
  const cells = new Set<string>();
  const lines: Highlight['lines'] = [];
  for (const win of spin.lineWins) {
    if (onlyLine !== undefined && win.line !== onlyLine) continue;
    for (const [reel, row] of win.positions) cells.add(`${reel}:${row}`);
    lines.push({
      rows: describe.paylines[win.line] ?? [],
      color: theme.lineColors[win.line % theme.lineColors.length] ?? '#fff',
      key: `line-${win.line}`,
    });
  }
  if (onlyLine === undefined && BigInt(spin.scatter.amount) > 0n) {
    for (const [reel, row] of spin.scatter.positions) cells.add(`${reel}:${row}`);
  }
  if (onlyLine === undefined && spin.freeSpinsWon > 0) {
    for (const [reel, row] of spin.scatter.positions) cells.add(`${reel}:${row}`);
  }
  return { cells, lines };
}

function initialGrid(describe: SlotDescribe, resumed: SlotState | undefined): SpinResult['grid'] {
  const last = resumed?.spins.at(-1);
  if (last) return last.grid;
  return describe.strips.base.map((strip) => windowAt(strip, 0, describe.rows));
}

/** Counts a displayed amount up to its target (display only; the amount itself is exact). */
function useCountUp(reducedMotion: boolean, initial: bigint) {
  const [value, setValue] = useState(initial);
  const frame = useRef<number | null>(null);
  const current = useRef(initial);
  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );
  const set = (target: bigint, durationMs: number) => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    const from = target >= current.current ? current.current : 0n;
    if (reducedMotion || durationMs <= 0 || target === from) {
      current.current = target;
      setValue(target);
      return;
    }
    const started = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, (now - started) / durationMs);
      // Ease out; the fraction only picks an intermediate figure to show.
      const eased = 1 - (1 - progress) ** 3;
      const shown = from + ((target - from) * BigInt(Math.round(eased * 1000))) / 1000n;
      current.current = shown;
      setValue(shown);
      frame.current = progress < 1 ? requestAnimationFrame(step) : null;
    };
    frame.current = requestAnimationFrame(step);
  };
  return [value, set] as const;
}

function SlotGame() {
  const { t } = useTranslation('rgs');
  const shell = useGameShell();
  const { session, reducedMotion } = shell;
  const describe = useMemo(() => parseSlotDescribe(session.describe), [session.describe]);
  const theme = slotTheme(session.game.theme);
  const resumed = session.openRound?.view as SlotState | undefined;

  const reels = useRef<ReelsHandle>(null);
  const [grid] = useState(() => initialGrid(describe, resumed));
  const [running, setRunning] = useState(false);
  const [highlight, setHighlight] = useState<Highlight | null>(null);
  const [feature, setFeature] = useState<FeatureState | null>(null);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [lastSpin, setLastSpin] = useState<SpinResult | null>(resumed?.spins.at(-1) ?? null);
  const [lineIndex, setLineIndex] = useState<number | null>(null);
  const [counter, countTo] = useCountUp(reducedMotion, resumed ? BigInt(resumed.payout) : 0n);
  const [lastWin, setLastWin] = useState<bigint>(resumed ? BigInt(resumed.payout) : 0n);
  const [announcement, setAnnouncement] = useState('');
  // A bonus's free spins, played before paid spins at their fixed stake (ADR 024).
  const [freeRounds, setFreeRounds] = useState<FreeRoundsState | null>(() => initialFreeRounds(session));
  const hurry = useRef(false);
  const skipWait = useRef<(() => void) | null>(null);

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        skipWait.current = null;
        resolve();
      };
      const timer = setTimeout(done, hurry.current ? Math.min(ms, 180) : ms);
      skipWait.current = done;
    });

  const hurryUp = () => {
    hurry.current = true;
    skipWait.current?.();
  };

  // Idle: cycle through the winning lines of the last spin, one at a time.
  useEffect(() => {
    if (running || !lastSpin || lastSpin.lineWins.length < 2) return;
    const timer = setInterval(() => {
      setLineIndex((index) => (index === null ? 0 : (index + 1) % lastSpin.lineWins.length));
    }, 1600);
    return () => clearInterval(timer);
  }, [running, lastSpin]);
  const cycling =
    running || !lastSpin
      ? undefined
      : lastSpin.lineWins.length === 1
        ? lastSpin.lineWins[0]
        : lineIndex !== null
          ? lastSpin.lineWins[lineIndex]
          : undefined;
  const shownHighlight =
    cycling && lastSpin && lastSpin.lineWins.length > 1
      ? highlightOf(lastSpin, describe, theme, cycling.line)
      : highlight;

  async function showSpin(spin: SpinResult, index: number, stake: bigint, featureSoFar: bigint) {
    const fast = index > 0 || hurry.current;
    shell.sound.play('spin');
    await reels.current?.spin(spin, {
      strips: spin.kind === 'free' ? describe.strips.free : describe.strips.base,
      fast,
      onReelStop: () => shell.sound.play('reelStop'),
    });
    const win = BigInt(spin.win);
    if (win > 0n || spin.freeSpinsWon > 0) {
      setHighlight(highlightOf(spin, describe, theme));
    }
    if (win > 0n) {
      shell.sound.play(win >= stake * BIG_WIN_STAKES ? 'bigWin' : 'win');
      countTo(index === 0 ? win : featureSoFar + win, hurry.current ? 0 : 900);
      await pause(index === 0 ? 1300 : 900);
    } else if (index > 0) {
      await pause(350);
    }
    if (spin.freeSpinsWon > 0) {
      shell.sound.play('feature');
      setBanner(
        index === 0
          ? { kind: 'feature', count: spin.freeSpinsWon, multiplier: describe.freeSpins.multiplier }
          : { kind: 'retrigger', count: spin.freeSpinsWon },
      );
      await pause(2400);
      setBanner(null);
    }
  }

  const spinRound = async () => {
    if (running) {
      hurryUp();
      return;
    }
    hurry.current = false;
    setRunning(true);
    setHighlight(null);
    setLineIndex(null);
    setLastWin(0n);
    setAnnouncement('');
    countTo(0n, 0);
    const free = freeRounds;
    const stake = free ? free.stakeMinor : shell.stakeMinor;
    const round = (await shell.play(
      { stake: stake.toString() },
      free ? { freeRound: { packId: free.packId } } : undefined,
    )) as RoundView<SlotState> | null;
    if (!round) {
      // A refused free spin (used up, expired …): the session says what is left to play.
      if (free) {
        shell.client
          .getSession()
          .then((fresh) => setFreeRounds(initialFreeRounds(fresh)))
          .catch(() => setFreeRounds(null));
      }
      setRunning(false);
      return;
    }
    const nextFreeRounds = afterRound(free, round);
    const state = round.view;
    let featureSoFar = 0n;
    for (const [index, spin] of state.spins.entries()) {
      if (index > 0) {
        setHighlight(null);
        setFeature({
          played: index,
          awarded: state.spins.slice(0, index).reduce((sum, s) => sum + s.freeSpinsWon, 0),
          multiplier: spin.multiplier,
          totalMinor: featureSoFar,
        });
      }
      await showSpin(spin, index, stake, featureSoFar);
      if (index > 0) {
        featureSoFar += BigInt(spin.win);
        setFeature((current) => (current ? { ...current, totalMinor: featureSoFar } : current));
      }
    }
    const payout = BigInt(state.payout);
    if (state.spins.length > 1) {
      setBanner({ kind: 'featureEnd', amount: featureTotal(state), count: state.freeSpinsPlayed });
      countTo(payout, hurry.current ? 0 : 1200);
      await pause(2600);
      setBanner(null);
      setFeature(null);
    }
    if (payout >= stake * BIG_WIN_STAKES) {
      setBanner({ kind: payout >= stake * MEGA_WIN_STAKES ? 'megaWin' : 'bigWin', amount: payout });
      shell.sound.play('bigWin');
      await pause(2600);
      setBanner(null);
    }
    countTo(payout, 0);
    setLastWin(payout);
    const result = payout > 0n ? `${t('slot.win')} ${shell.money(payout)}` : t('slot.noWin');
    setAnnouncement(free && !nextFreeRounds ? `${result}. ${t('slot.freeRounds.over')}` : result);
    setFreeRounds(nextFreeRounds);
    const last = state.spins.at(-1) ?? null;
    setLastSpin(last);
    if (last && state.spins.length > 1) setHighlight(highlightOf(last, describe, theme));
    if (payout === 0n) shell.sound.play('lose');
    shell.reveal(round);
    setRunning(false);
  };

  const stakeMinor = freeRounds ? freeRounds.stakeMinor : shell.stakeMinor;
  const lineBet = stakeMinor / BigInt(describe.paylines.length);
  const showingWin = counter > 0n;

  return (
    <GameStage
      style={theme.vars as CSSProperties}
      className={theme.background}
      board={
        <div className="relative h-full w-full max-w-5xl [container-type:size]">
          <SlotDefs theme={theme} />
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 tablet:gap-3">
            <SlotLogo name={session.game.name} theme={theme} />
            {freeRounds && !feature ? (
              <FreeRoundsBar freeRounds={freeRounds} theme={theme} />
            ) : (
              <FeatureBar feature={feature} theme={theme} />
            )}
            <div className="relative">
              <SlotReels
                ref={reels}
                theme={theme}
                grid={grid}
                rows={describe.rows}
                highlight={running && !highlight ? null : shownHighlight}
                feature={feature !== null}
                reducedMotion={reducedMotion}
                label={t('slot.reelsLabel')}
              />
              {banner && <SlotBanner banner={banner} onSkip={hurryUp} />}
            </div>
            {/* Announced once per round (the counter itself changes too fast to be read out). */}
            <p className="sr-only" aria-live="polite">
              {announcement}
            </p>
            <div className="flex h-14 flex-col items-center justify-center">
              {showingWin ? (
                // A display figure, not a paragraph: a large bold <p> above the line win reads as
                // an unmarked heading (axe p-as-heading). The round is announced above.
                <div
                  className="amount text-2xl leading-tight font-black tracking-wide text-(--game-gold) tablet:text-4xl"
                  style={{ textShadow: '0 0 24px var(--game-glow)' }}
                  data-testid="slot-win"
                >
                  {feature ? t('slot.featureWin') : t('slot.win')} {shell.money(counter)}
                </div>
              ) : (
                <p className="text-sm font-semibold tracking-widest text-white/40 uppercase">
                  {running
                    ? t('slot.goodLuck')
                    : freeRounds
                      ? t('slot.freeRounds.placeBet')
                      : t('slot.placeBet')}
                </p>
              )}
              {cycling && (
                <p className="amount text-xs font-semibold text-white/70 tablet:text-sm">
                  {t('slot.lineWin', {
                    line: cycling.line + 1,
                    count: cycling.count,
                    amount: shell.money(cycling.amount),
                  })}
                </p>
              )}
            </div>
          </div>
        </div>
      }
      controls={
        <GameControls
          betDisabled={running}
          bet={freeRounds ? <FreeRoundsStake stakeMinor={freeRounds.stakeMinor} /> : undefined}
          info={
            <div className="flex gap-4">
              <Stat label={t('slot.lineBet')} value={shell.money(lineBet)} />
              <Stat
                label={t('shell.lastWin')}
                value={shell.money(lastWin)}
                tone={lastWin > 0n ? 'win' : 'muted'}
              />
            </div>
          }
          action={
            <PlayButton
              label={running ? t('slot.skip') : freeRounds ? t('slot.freeRounds.spin') : t('slot.spin')}
              onPlay={() => void spinRound()}
              busy={shell.busy}
              icon={
                running ? <Zap className="size-5" aria-hidden /> : <Sparkles className="size-5" aria-hidden />
              }
            />
          }
        />
      }
    />
  );
}

/** The game's name as a glowing wordmark, shown above the reels when the screen is portrait. */
function SlotLogo({ name, theme }: { name: string; theme: SlotTheme }) {
  const text = name.toUpperCase();
  // Long names are squeezed to fit the mark rather than overflow it.
  const textLength = Math.min(360, text.length * 34);
  return (
    <svg
      viewBox="0 0 400 80"
      className="rgs-slot-logo w-[min(88cqw,26rem)] overflow-visible"
      aria-hidden
      focusable="false"
    >
      <defs>
        <linearGradient id="rgs-slot-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={theme.frameFrom} />
          <stop offset="1" stopColor={theme.frameTo} />
        </linearGradient>
      </defs>
      <text
        x="200"
        y="56"
        textAnchor="middle"
        fontSize="50"
        fontWeight="900"
        fontStyle="italic"
        letterSpacing="2"
        textLength={textLength}
        lengthAdjust="spacingAndGlyphs"
        fill="url(#rgs-slot-logo)"
        stroke="#ffffff"
        strokeWidth="1.2"
        paintOrder="stroke"
        fontFamily="Inter Variable, system-ui, sans-serif"
        style={{ filter: `drop-shadow(0 0 10px ${theme.frameFrom}aa)` }}
      >
        {text}
      </text>
    </svg>
  );
}

/** The pack's count above the reels while its free spins are played. */
function FreeRoundsBar({ freeRounds, theme }: { freeRounds: FreeRoundsState; theme: SlotTheme }) {
  const { t } = useTranslation('rgs');
  return (
    <div
      className="flex h-9 max-w-full items-center gap-2 rounded-full border px-4 text-xs font-bold tracking-wider uppercase tablet:h-10 tablet:gap-3 tablet:text-sm"
      style={{ borderColor: theme.frameFrom, background: `${theme.featureReelBg}cc`, color: theme.frameFrom }}
      data-testid="slot-free-rounds"
    >
      <Gift className="size-4 shrink-0" aria-hidden />
      <span className="truncate">{t('slot.freeRounds.left', { count: freeRounds.remaining })}</span>
      <span className="hidden text-white/70 normal-case tablet:inline">{t('slot.freeRounds.note')}</span>
    </div>
  );
}

/** In place of the bet selector: the free spins' stake, fixed by the pack. */
function FreeRoundsStake({ stakeMinor }: { stakeMinor: bigint }) {
  const { t } = useTranslation('rgs');
  const shell = useGameShell();
  return (
    <div
      className="flex h-[3.375rem] min-w-0 items-center gap-3 rounded-2xl border border-white/10 bg-white/5 px-4"
      data-testid="slot-free-stake"
    >
      <Lock className="size-4 shrink-0 text-muted" aria-hidden />
      <div className="flex min-w-0 flex-col leading-tight">
        <span className="truncate text-[0.65rem] font-semibold tracking-wider text-muted uppercase">
          {t('slot.freeRounds.stake')}
        </span>
        <span className="amount truncate text-sm font-bold tablet:text-base">{shell.money(stakeMinor)}</span>
      </div>
    </div>
  );
}

function FeatureBar({ feature, theme }: { feature: FeatureState | null; theme: SlotTheme }) {
  const { t } = useTranslation('rgs');
  const shell = useGameShell();
  if (!feature) return <div className="h-9 tablet:h-10" aria-hidden />;
  return (
    <div
      className="rgs-banner-in flex h-9 items-center gap-3 rounded-full border px-4 text-xs font-bold tracking-wider uppercase tablet:h-10 tablet:gap-5 tablet:text-sm"
      style={{ borderColor: theme.frameFrom, background: `${theme.featureReelBg}cc`, color: theme.frameFrom }}
      data-testid="slot-feature"
    >
      <span>{t('slot.freeSpinCount', { played: feature.played, awarded: feature.awarded })}</span>
      <span className="text-(--game-gold)">×{feature.multiplier}</span>
      <span className="amount text-white">
        {t('slot.featureTotal', { amount: shell.money(feature.totalMinor) })}
      </span>
    </div>
  );
}

function SlotBanner({ banner, onSkip }: { banner: Banner; onSkip: () => void }) {
  const { t } = useTranslation('rgs');
  const shell = useGameShell();
  let title = '';
  let text = '';
  switch (banner.kind) {
    case 'feature':
      title = t('slot.banner.feature');
      text = t('slot.banner.featureText', { count: banner.count, multiplier: banner.multiplier });
      break;
    case 'retrigger':
      title = t('slot.banner.retrigger', { count: banner.count });
      text = t('slot.banner.retriggerText');
      break;
    case 'featureEnd':
      title = t('slot.banner.featureEnd');
      text = t('slot.banner.featureEndText', { amount: shell.money(banner.amount), count: banner.count });
      break;
    case 'bigWin':
    case 'megaWin':
      title = t(`slot.banner.${banner.kind}`);
      text = shell.money(banner.amount);
      break;
  }
  return (
    <button
      type="button"
      onClick={onSkip}
      className="rgs-banner-in absolute inset-0 z-10 m-auto flex h-fit max-w-[90%] flex-col items-center gap-1 rounded-3xl border-2 border-(--game-gold) bg-black/85 px-8 py-5 text-center shadow-[0_0_60px_-10px_var(--game-glow)] backdrop-blur tablet:px-14 tablet:py-8"
      aria-live="polite"
      data-testid="slot-banner"
    >
      <span className="bg-gradient-to-b from-white to-(--game-gold) bg-clip-text text-3xl font-black tracking-wide text-transparent uppercase tablet:text-5xl">
        {title}
      </span>
      <span className="amount text-lg font-bold text-white tablet:text-2xl">{text}</span>
    </button>
  );
}

/** The grid's cells in reading order (row by row), each with a stable key. */
function cellsByRow(grid: SpinResult['grid']): { key: string; symbol: SpinResult['grid'][number][number] }[] {
  const rows = grid[0]?.length ?? 0;
  const cells: { key: string; symbol: SpinResult['grid'][number][number] }[] = [];
  for (let row = 0; row < rows; row += 1) {
    grid.forEach((column, reel) => {
      const symbol = column[row];
      if (symbol) cells.push({ key: `${reel}:${row}`, symbol });
    });
  }
  return cells;
}

function SlotRoundResult({ detail }: { detail: RoundDetail }) {
  const { t } = useTranslation('rgs');
  const shell = useGameShell();
  const theme = slotTheme(shell.session.game.theme);
  const state = detail.view as SlotState;
  const first = state.spins[0];
  if (!first) return null;
  return (
    <div className="flex flex-col gap-2">
      <div
        className="grid w-full max-w-xs grid-cols-5 gap-0.5 rounded-xl p-1.5"
        style={{ background: theme.reelBg }}
        role="img"
        aria-label={t('slot.reelsLabel')}
      >
        {cellsByRow(first.grid).map((cell) => (
          <SymbolArt key={cell.key} theme={theme} symbol={cell.symbol} className="aspect-square w-full" />
        ))}
      </div>
      {state.spins.length > 1 && (
        <p className="text-sm text-text">
          {t('slot.historyFeature', {
            count: state.freeSpinsPlayed,
            amount: shell.money(featureTotal(state)),
          })}
        </p>
      )}
    </div>
  );
}

export const slotModule: GameModule = { Game: SlotGame, Rules: SlotRules, RoundResult: SlotRoundResult };
