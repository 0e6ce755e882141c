/**
 * Dice ("dice-duel" neon, "lucky-dice" gems): roll 00.00–99.99 over or under a target the player
 * slides. The win chance, multiplier and payout preview are computed from the engine's describe()
 * (payoutBp / chanceBp, floored to a minor unit exactly as packages/games/src/dice.ts pays).
 */
import type { DiceDirection, DiceState } from '@croupier/games/dice';
import { ArrowDownToLine, ArrowUpToLine, Dices } from 'lucide-react';
import { type CSSProperties, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.tsx';
import { cx } from '../../../ui/class-names.ts';
import { type GameModule, useGameShell } from '../shell/game-shell-context.ts';
import { GameControls, GameStage, Stat } from '../shell/game-stage.tsx';
import { wait } from '../shell/hooks.ts';
import { minorToDecimal, trimPercent } from '../shell/money.ts';
import { PlayButton } from '../shell/play-button.tsx';
import type { RoundDetail, RoundView } from '../shell/rgs-client.ts';
import { Segmented } from '../shell/segmented.tsx';
import { type DiceTheme, diceTheme } from './dice-themes.ts';

export interface DiceRules {
  outcomes: number;
  rollScale: number;
  minChanceBp: number;
  maxChanceBp: number;
  payoutBp: number;
  rtpPercent: string;
}

/** The engine's describe(), checked: a shape change is a loud error, not a wrong payout preview. */
export function parseDiceDescribe(describe: unknown): DiceRules {
  const d = describe as Partial<Record<string, unknown>> | null;
  const rtp = d?.rtp as { percent?: unknown } | undefined;
  const numbers = ['outcomes', 'rollScale', 'minChanceBp', 'maxChanceBp', 'payoutBp'] as const;
  if (!d || numbers.some((key) => typeof d[key] !== 'number') || typeof rtp?.percent !== 'string') {
    throw new Error('dice: unexpected describe() shape');
  }
  return {
    outcomes: d.outcomes as number,
    rollScale: d.rollScale as number,
    minChanceBp: d.minChanceBp as number,
    maxChanceBp: d.maxChanceBp as number,
    payoutBp: d.payoutBp as number,
    rtpPercent: rtp.percent,
  };
}

export function chanceOf(rules: DiceRules, target: number, direction: DiceDirection): number {
  return direction === 'over' ? rules.outcomes - 1 - target : target;
}

/** The targets whose chance is allowed for a direction. */
export function targetRange(rules: DiceRules, direction: DiceDirection): { min: number; max: number } {
  return direction === 'over'
    ? { min: rules.outcomes - 1 - rules.maxChanceBp, max: rules.outcomes - 1 - rules.minChanceBp }
    : { min: rules.minChanceBp, max: rules.maxChanceBp };
}

/** "42.07" from 4207 (hundredths). */
export function rollText(value: number): string {
  return `${Math.floor(value / 100)
    .toString()
    .padStart(2, '0')}.${(value % 100).toString().padStart(2, '0')}`;
}

/** payoutBp / chance as "1.9800" (four decimals, rounded down). */
export function multiplierOf(rules: DiceRules, chanceBp: number): string {
  const scaled = (BigInt(rules.payoutBp) * 10_000n) / BigInt(chanceBp);
  return minorToDecimal(scaled, 4);
}

/** floor(stake × payoutBp / chance): the engine's payout for a win. */
export function payoutOf(rules: DiceRules, stakeMinor: bigint, chanceBp: number): bigint {
  return (stakeMinor * BigInt(rules.payoutBp)) / BigInt(chanceBp);
}

function trimMultiplier(text: string): string {
  return text.replace(/0{1,2}$/, '');
}

const ROLL_MS = 900;

function DiceGame() {
  const { t } = useTranslation('rgs');
  const shell = useGameShell();
  const { session, reducedMotion } = shell;
  const rules = parseDiceDescribe(session.describe);
  const theme = diceTheme(session.game.theme);
  const resumed = session.openRound?.view as DiceState | undefined;

  const [direction, setDirection] = useState<DiceDirection>(resumed?.direction ?? 'under');
  const [target, setTarget] = useState(resumed?.target ?? 5000);
  const [rolling, setRolling] = useState(false);
  const [shown, setShown] = useState<DiceState | null>(resumed ?? null);
  const [display, setDisplay] = useState<number | null>(resumed?.roll ?? null);
  const [flash, setFlash] = useState(0);
  const scramble = useRef<number | null>(null);

  const chance = chanceOf(rules, target, direction);
  const multiplier = multiplierOf(rules, chance);
  const payout = payoutOf(rules, shell.stakeMinor, chance);
  const range = targetRange(rules, direction);

  useEffect(
    () => () => {
      if (scramble.current !== null) cancelAnimationFrame(scramble.current);
    },
    [],
  );

  const flip = () => {
    // Mirroring the target keeps the win chance (and so the multiplier) the same.
    setDirection((current) => (current === 'over' ? 'under' : 'over'));
    setTarget((current) => rules.outcomes - 1 - current);
    shell.sound.play('click');
  };

  const roll = async () => {
    if (rolling) return;
    setRolling(true);
    shell.sound.play('roll');
    const bet = { stake: shell.stakeMinor.toString(), target, direction };
    const started = performance.now();
    if (!reducedMotion) {
      // The scramble is decoration while the request and the animation run; the result comes from the server.
      const tick = () => {
        setDisplay(Math.floor(Math.random() * rules.outcomes));
        scramble.current = requestAnimationFrame(tick);
      };
      scramble.current = requestAnimationFrame(tick);
    }
    const round = (await shell.play(bet)) as RoundView<DiceState> | null;
    if (round && !reducedMotion) await wait(ROLL_MS - (performance.now() - started));
    if (scramble.current !== null) cancelAnimationFrame(scramble.current);
    scramble.current = null;
    if (!round) {
      setDisplay(shown?.roll ?? null);
      setRolling(false);
      return;
    }
    setShown(round.view);
    setDisplay(round.view.roll);
    setFlash((value) => value + 1);
    shell.sound.play(round.view.win ? 'win' : 'lose');
    shell.reveal(round);
    setRolling(false);
  };

  const history = shell.recent.slice(0, 16).map((round) => round.view as DiceState);
  const won = shown?.win ?? false;

  return (
    <GameStage
      style={theme.vars as CSSProperties}
      className={theme.background}
      board={
        <div className="flex w-full max-w-3xl flex-col items-center gap-4 tablet:gap-8">
          <ResultHistory items={history} />
          <div className="flex items-center gap-4 tablet:gap-8">
            <DieArt theme={theme} rolling={rolling} face={display ?? 0} reducedMotion={reducedMotion} />
            <div className="flex flex-col items-start">
              <span className="text-xs font-semibold tracking-widest text-white/50 uppercase">
                {t('dice.result')}
              </span>
              <p
                key={flash}
                aria-hidden={rolling || undefined}
                data-testid="dice-roll"
                className={cx(
                  'amount text-6xl font-black tracking-tight tablet:text-8xl',
                  display === null && 'text-white/20',
                  display !== null && (rolling || !shown) && 'text-white',
                  !rolling && shown && (won ? 'text-(--game-accent)' : 'text-white/70'),
                  !rolling && shown && !reducedMotion && 'motion-safe:animate-pop-in',
                )}
                style={!rolling && shown && won ? { textShadow: '0 0 32px var(--game-glow)' } : undefined}
              >
                {display === null ? '00.00' : rollText(display)}
              </p>
              <span
                aria-live="polite"
                className={cx('h-6 text-sm font-bold', won ? 'text-(--game-accent)' : 'text-white/50')}
              >
                {!rolling && shown
                  ? won
                    ? t('dice.won', { amount: shell.money(shown.payout) })
                    : t('dice.lost', {
                        target: rollText(shown.target),
                        direction: t(`dice.${shown.direction}`),
                      })
                  : ''}
              </span>
            </div>
          </div>
          <Track
            rules={rules}
            theme={theme}
            target={target}
            direction={direction}
            range={range}
            onTarget={(value) => {
              setTarget(value);
            }}
            marker={!rolling && shown ? { roll: shown.roll, win: shown.win } : null}
            disabled={rolling}
          />
          <div className="grid w-full grid-cols-3 gap-2 tablet:gap-3">
            <StatBox label={t('dice.multiplier')} value={`×${trimMultiplier(multiplier)}`} />
            <StatBox
              label={direction === 'over' ? t('dice.rollOver') : t('dice.rollUnder')}
              value={rollText(target)}
              action={
                <button
                  type="button"
                  onClick={flip}
                  disabled={rolling}
                  aria-label={t('dice.flip')}
                  title={t('dice.flip')}
                  className="hidden size-9 items-center justify-center rounded-lg bg-white/10 text-white hover:bg-white/20 disabled:opacity-50 tablet:inline-flex"
                >
                  {direction === 'over' ? (
                    <ArrowUpToLine className="size-4" aria-hidden />
                  ) : (
                    <ArrowDownToLine className="size-4" aria-hidden />
                  )}
                </button>
              }
            />
            <StatBox label={t('dice.chance')} value={`${minorToDecimal(BigInt(chance), 2)} %`} />
          </div>
        </div>
      }
      controls={
        <GameControls
          betDisabled={rolling}
          extra={
            <div className="flex items-center justify-between gap-4 tablet:justify-start">
              <DirectionToggle
                direction={direction}
                onChange={(next) => next !== direction && flip()}
                disabled={rolling}
              />
              <Stat label={t('dice.payoutOnWin')} value={shell.money(payout)} tone="win" />
            </div>
          }
          action={
            <PlayButton
              label={t('dice.roll')}
              onPlay={() => void roll()}
              busy={rolling}
              icon={<Dices className="size-5" aria-hidden />}
            />
          }
        />
      }
    />
  );
}

function StatBox({ label, value, action }: { label: string; value: string; action?: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-2 rounded-2xl border border-white/10 bg-black/30 px-3 py-2 tablet:px-4 tablet:py-3">
      <div className="flex min-w-0 flex-col">
        <span className="truncate text-[0.65rem] font-semibold tracking-wider text-white/50 uppercase">
          {label}
        </span>
        <span className="amount truncate text-lg font-bold text-white tablet:text-2xl">{value}</span>
      </div>
      {action}
    </div>
  );
}

function DirectionToggle({
  direction,
  onChange,
  disabled,
}: {
  direction: DiceDirection;
  onChange: (direction: DiceDirection) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('rgs');
  return (
    <Segmented
      label={t('dice.direction')}
      showLabel={false}
      value={direction}
      onChange={onChange}
      disabled={disabled}
      options={[
        { value: 'under', label: t('dice.under'), icon: <ArrowDownToLine className="size-4" aria-hidden /> },
        { value: 'over', label: t('dice.over'), icon: <ArrowUpToLine className="size-4" aria-hidden /> },
      ]}
    />
  );
}

/**
 * The 0–100 track: the winning zone in the accent colour, the target handle, and after a roll a
 * marker at the result. A native range input (invisible, on top) gives keyboard and screen-reader
 * control; values outside the allowed chances are clamped.
 */
function Track({
  rules,
  theme,
  target,
  direction,
  range,
  onTarget,
  marker,
  disabled,
}: {
  rules: DiceRules;
  theme: DiceTheme;
  target: number;
  direction: DiceDirection;
  range: { min: number; max: number };
  onTarget: (value: number) => void;
  marker: { roll: number; win: boolean } | null;
  disabled: boolean;
}) {
  const { t } = useTranslation('rgs');
  const id = useId();
  const percent = (value: number) => `${(value / (rules.outcomes - 1)) * 100}%`;
  const winLeft = direction === 'over';
  return (
    <div className="w-full px-3 pt-8 pb-2">
      <div className="relative h-4">
        <div className="absolute inset-0 overflow-hidden rounded-full bg-white/10 ring-1 ring-white/10">
          <div
            className="absolute inset-y-0 bg-(--game-lose)"
            style={winLeft ? { left: 0, width: percent(target) } : { left: percent(target), right: 0 }}
          />
          <div
            className="absolute inset-y-0 bg-(--game-accent)"
            style={
              winLeft
                ? { left: percent(target), right: 0, boxShadow: '0 0 16px var(--game-glow)' }
                : { left: 0, width: percent(target), boxShadow: '0 0 16px var(--game-glow)' }
            }
          />
        </div>
        {marker && (
          <div
            className="absolute -top-9 -translate-x-1/2 transition-[left] duration-500 ease-out motion-reduce:transition-none"
            style={{ left: percent(marker.roll) }}
            aria-hidden
          >
            <div
              className={cx(
                'amount rounded-lg px-2 py-0.5 text-xs font-black shadow-lg',
                marker.win ? 'bg-(--game-accent) text-(--game-accent-contrast)' : 'bg-white text-black',
              )}
            >
              {rollText(marker.roll)}
            </div>
            <div
              className={cx(
                'mx-auto size-0 border-x-[6px] border-t-[6px] border-x-transparent',
                marker.win ? 'border-t-(--game-accent)' : 'border-t-white',
              )}
            />
          </div>
        )}
        <input
          id={id}
          type="range"
          min={0}
          max={rules.outcomes - 1}
          step={1}
          value={target}
          disabled={disabled}
          aria-label={direction === 'over' ? t('dice.rollOver') : t('dice.rollUnder')}
          aria-valuetext={`${rollText(target)}`}
          onChange={(event) => {
            const value = Math.min(range.max, Math.max(range.min, Number(event.target.value)));
            onTarget(value);
          }}
          className="peer absolute inset-x-0 -inset-y-3 z-10 w-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
        <div
          className="pointer-events-none absolute top-1/2 size-8 -translate-x-1/2 -translate-y-1/2 rounded-xl border-2 border-white bg-(--game-handle) shadow-[0_4px_16px_rgba(0,0,0,0.5)] peer-focus-visible:ring-4 peer-focus-visible:ring-(--game-accent)/60"
          style={{ left: percent(target) }}
          aria-hidden
        >
          <div className="flex h-full items-center justify-center gap-0.5">
            <span className="h-3 w-0.5 rounded bg-white/70" />
            <span className="h-3 w-0.5 rounded bg-white/70" />
            <span className="h-3 w-0.5 rounded bg-white/70" />
          </div>
        </div>
      </div>
      <div className="mt-3 flex justify-between text-xs font-semibold text-white/40 amount" aria-hidden>
        {[0, 25, 50, 75, 100].map((tick) => (
          <span key={tick}>{tick}</span>
        ))}
      </div>
      <span className="sr-only">{theme.name}</span>
    </div>
  );
}

function ResultHistory({ items }: { items: DiceState[] }) {
  const { t } = useTranslation('rgs');
  return (
    <ol
      aria-label={t('dice.recent')}
      className="flex h-8 w-full items-center justify-end gap-1.5 overflow-hidden"
      data-testid="dice-history"
    >
      {items.length === 0 ? (
        <li className="text-xs text-white/40">{t('dice.noRolls')}</li>
      ) : (
        items
          .slice()
          .reverse()
          .map((item, index) => (
            <li
              // Items are only ever prepended; the index from the oldest is stable.
              // biome-ignore lint/suspicious/noArrayIndexKey: positions are stable for a prepend-only list.
              key={index}
              className={cx(
                'amount shrink-0 rounded-lg px-2 py-1 text-xs font-bold',
                item.win ? 'bg-(--game-accent) text-(--game-accent-contrast)' : 'bg-white/10 text-white/70',
                index === items.length - 1 && 'motion-safe:animate-pop-in',
              )}
            >
              {item.rollText}
            </li>
          ))
      )}
    </ol>
  );
}

/** The die: an SVG cube (neon) or a cut gem (gems) that tumbles while rolling. */
function DieArt({
  theme,
  rolling,
  face,
  reducedMotion,
}: {
  theme: DiceTheme;
  rolling: boolean;
  face: number;
  reducedMotion: boolean;
}) {
  const pips = (face % 6) + 1;
  const spots: Record<number, [number, number][]> = {
    1: [[50, 50]],
    2: [
      [30, 30],
      [70, 70],
    ],
    3: [
      [28, 28],
      [50, 50],
      [72, 72],
    ],
    4: [
      [30, 30],
      [70, 30],
      [30, 70],
      [70, 70],
    ],
    5: [
      [28, 28],
      [72, 28],
      [50, 50],
      [28, 72],
      [72, 72],
    ],
    6: [
      [30, 26],
      [70, 26],
      [30, 50],
      [70, 50],
      [30, 74],
      [70, 74],
    ],
  };
  return (
    <svg
      viewBox="0 0 100 100"
      className={cx('size-20 shrink-0 tablet:size-32', rolling && !reducedMotion && 'rgs-dice-tumble')}
      aria-hidden
      focusable="false"
    >
      <defs>
        <linearGradient id="dice-face" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={theme.dieLight} />
          <stop offset="1" stopColor={theme.dieDark} />
        </linearGradient>
        <filter id="dice-glow" x="-50%" y="-50%" width="200%" height="200%">
          <feGaussianBlur stdDeviation="4" result="blur" />
          <feMerge>
            <feMergeNode in="blur" />
            <feMergeNode in="SourceGraphic" />
          </feMerge>
        </filter>
      </defs>
      {theme.shape === 'gem' ? (
        <g filter="url(#dice-glow)">
          <polygon
            points="50,4 92,30 92,70 50,96 8,70 8,30"
            fill="url(#dice-face)"
            stroke={theme.dieEdge}
            strokeWidth="2.5"
          />
          <polygon points="50,4 92,30 50,42 8,30" fill="white" opacity="0.22" />
          <polygon points="8,30 50,42 50,96 8,70" fill="black" opacity="0.15" />
          <line x1="50" y1="42" x2="50" y2="96" stroke={theme.dieEdge} strokeWidth="1.5" opacity="0.6" />
          <text x="50" y="78" textAnchor="middle" fontSize="22" fontWeight="900" fill="white" opacity="0.9">
            {pips}
          </text>
        </g>
      ) : (
        <g filter="url(#dice-glow)">
          <rect
            x="8"
            y="8"
            width="84"
            height="84"
            rx="20"
            fill="url(#dice-face)"
            stroke={theme.dieEdge}
            strokeWidth="3"
          />
          <rect x="14" y="12" width="72" height="30" rx="14" fill="white" opacity="0.12" />
          {(spots[pips] ?? []).map(([cx_, cy]) => (
            <circle key={`${cx_}-${cy}`} cx={cx_} cy={cy} r="7.5" fill={theme.pip} />
          ))}
        </g>
      )}
    </svg>
  );
}

function DiceRulesView() {
  const { t } = useTranslation('rgs');
  const { session } = useGameShell();
  const rules = parseDiceDescribe(session.describe);
  const minChance = minorToDecimal(BigInt(rules.minChanceBp), 2);
  const maxChance = minorToDecimal(BigInt(rules.maxChanceBp), 2);
  return (
    <div className="flex flex-col gap-3 text-sm text-muted">
      <p>{t('dice.rules.how')}</p>
      <p>{t('dice.rules.chance', { min: minChance, max: maxChance })}</p>
      <p>{t('dice.rules.payout', { payout: minorToDecimal(BigInt(rules.payoutBp), 2) })}</p>
      <p className="rounded-xl bg-raised p-3 font-semibold text-text">
        {t('dice.rules.rtp', { rtp: trimPercent(rules.rtpPercent) })}
      </p>
      <p>{t('dice.rules.fair')}</p>
    </div>
  );
}

function DiceRoundResult({ detail }: { detail: RoundDetail }) {
  const { t } = useTranslation('rgs');
  const view = detail.view as DiceState;
  return (
    <p className="rounded-xl bg-raised px-3 py-2 text-sm text-text">
      {t('dice.summary', {
        roll: view.rollText,
        direction: t(`dice.${view.direction}`),
        target: rollText(view.target),
        multiplier: trimMultiplier(view.multiplier),
      })}
    </p>
  );
}

export const diceModule: GameModule = { Game: DiceGame, Rules: DiceRulesView, RoundResult: DiceRoundResult };
