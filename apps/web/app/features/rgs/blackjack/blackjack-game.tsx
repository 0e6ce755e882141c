/**
 * Blackjack in the game shell (themes classic and frost). Deal with the shell's stake (POST
 * /rgs/api/rounds `{ stake }`), then only the actions the server lists in the view (POST
 * /rgs/api/rounds/{id}/actions `{ action: { type } }`): hit, stand, double, split, insurance or
 * no insurance. Split hands sit side by side with the active one lit. When the round ends the hole
 * card turns and the dealer's draws appear one by one before the results and the payout; the win
 * reaches the balance then (shell.reveal). An unfinished round from an earlier visit
 * (session.openRound) is put back on the table on load.
 */
import type { BlackjackActionType, BlackjackView, HandView } from '@croupier/games/blackjack';
import { Layers, Plus, ShieldCheck, ShieldOff, Split, Hand as StandIcon } from 'lucide-react';
import { type CSSProperties, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import type { TFunction } from '../../../i18n/translator.ts';
import { useTranslation } from '../../../i18n/use-translation.tsx';
import { cx } from '../../../ui/class-names.ts';
import { useToasts } from '../../../ui/toasts.tsx';
import { type GameModule, useGameShell } from '../shell/game-shell-context.ts';
import { GameControls, GameStage } from '../shell/game-stage.tsx';
import { PlayButton } from '../shell/play-button.tsx';
import type { RoundView } from '../shell/rgs-client.ts';
import { actionButtons, blackjackViewOf, handBadge } from './blackjack-actions.ts';
import { BlackjackRoundResult, BlackjackRules } from './blackjack-panels.tsx';
import { CARD_BACKS, type CardBackTheme, PlayingCard } from './playing-card.tsx';
import './blackjack.css';

interface TableTheme {
  background: string;
  felt: string;
  feltEdge: string;
  print: string;
  accent: string;
  accentContrast: string;
  cards: CardBackTheme;
}

const TABLE_THEMES: Record<string, TableTheme> = {
  classic: {
    background: 'radial-gradient(130% 100% at 50% 0%, #0f4d2f 0%, #0a2a1b 55%, #05100b 100%)',
    felt: '#11603a',
    feltEdge: '#5b3a1e',
    print: 'rgba(240, 226, 178, 0.75)',
    accent: '#f5b82e',
    accentContrast: '#1f1500',
    cards: CARD_BACKS.classic!,
  },
  frost: {
    background: 'radial-gradient(130% 100% at 50% 0%, #17456b 0%, #0b2238 55%, #050c16 100%)',
    felt: '#1a4f78',
    feltEdge: '#b9d9ee',
    print: 'rgba(214, 238, 255, 0.75)',
    accent: '#7dd3fc',
    accentContrast: '#04263a',
    cards: CARD_BACKS.frost!,
  },
};

/** Pause between the dealer's cards once the player is done, so the draw can be followed. */
const DEALER_STEP_MS = 550;

interface Shown {
  round: RoundView;
  view: BlackjackView;
  /** Dealer cards on the table (the rest are still "in the shoe" for the animation). */
  dealerShown: number;
  /** The results are shown and the win is in the balance. */
  settled: boolean;
}

function BlackjackGame() {
  const { t } = useTranslation('rgs-table');
  const shell = useGameShell();
  const toasts = useToasts();
  const theme = TABLE_THEMES[shell.session.game.theme] ?? TABLE_THEMES.classic!;
  const [shown, setShown] = useState<Shown | null>(null);
  const [acting, setActing] = useState(false);
  const timer = useRef<number | null>(null);
  const resumed = useRef(false);

  const clearTimer = useCallback(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => clearTimer, [clearTimer]);

  /** Puts a round view on the table; a finished round plays the dealer's cards out first. */
  const present = useCallback(
    (round: RoundView, previousDealer: number) => {
      const view = blackjackViewOf(round.view);
      if (!view) return;
      clearTimer();
      const total = view.dealer.cards.length;
      if (!round.done) {
        setShown({ round, view, dealerShown: total, settled: false });
        return;
      }
      // The hole card turns over first, then each draw.
      let count = Math.min(total, Math.max(2, previousDealer));
      const finish = () => {
        setShown({ round, view, dealerShown: total, settled: true });
        shell.reveal(round);
        const payout = view.payout === null ? 0n : BigInt(view.payout);
        shell.sound.play(payout > BigInt(view.staked) ? 'win' : payout > 0n ? 'click' : 'lose');
      };
      setShown({ round, view, dealerShown: count, settled: false });
      if (shell.reducedMotion || count >= total) {
        timer.current = window.setTimeout(finish, shell.reducedMotion ? 0 : DEALER_STEP_MS);
        return;
      }
      const step = () => {
        count += 1;
        shell.sound.play('card');
        setShown({ round, view, dealerShown: count, settled: false });
        timer.current = window.setTimeout(count >= total ? finish : step, DEALER_STEP_MS);
      };
      timer.current = window.setTimeout(step, DEALER_STEP_MS);
    },
    [shell, clearTimer],
  );

  // An unfinished round from an earlier visit goes back on the table once, after hydration.
  useEffect(() => {
    if (resumed.current) return;
    resumed.current = true;
    const open = shell.session.openRound;
    if (open && !open.done && blackjackViewOf(open.view)) {
      present(open, 1);
      toasts.show({ kind: 'info', title: t('blackjack.resumed') });
    }
  }, [shell.session.openRound, present, toasts, t]);

  const view = shown?.view ?? null;
  const inRound = view !== null && !(shown?.settled ?? false) && view.phase !== 'done';
  const animating = view !== null && view.phase === 'done' && !(shown?.settled ?? false);

  async function deal() {
    if (inRound || animating || shell.busy) return;
    clearTimer();
    shell.sound.play('card');
    const round = await shell.play({ stake: shell.stakeMinor.toString() });
    if (round) present(round, 1);
  }

  async function act(action: BlackjackActionType) {
    if (!shown || acting) return;
    setActing(true);
    shell.sound.play(action === 'stand' || action === 'decline_insurance' ? 'click' : 'card');
    const before = shown.view.dealer.cards.length;
    const round = await shell.act(shown.round.id, { type: action });
    setActing(false);
    if (round) present(round, before);
  }

  const style = {
    background: theme.background,
    '--game-accent': theme.accent,
    '--game-accent-contrast': theme.accentContrast,
    '--game-glow': theme.accent,
  } as CSSProperties;

  const buttons = view && inRound ? actionButtons(view) : [];

  return (
    <GameStage
      style={style}
      board={
        <div
          className="absolute inset-0 flex flex-col items-center overflow-hidden px-2 py-3 tablet:py-5"
          data-testid="blackjack-table"
        >
          <DealerArea view={view} dealerShown={shown?.dealerShown ?? 0} theme={theme} />
          <div className="flex min-h-0 w-full flex-1 flex-col items-center justify-center gap-1 py-1">
            <div className="flex min-h-0 w-full flex-1 items-center justify-center">
              <TablePrint theme={theme} />
            </div>
            <div className="flex h-11 shrink-0 items-center">
              <TableMessage shown={shown} />
            </div>
          </div>
          <PlayerArea view={view} settled={shown?.settled ?? false} theme={theme} />
        </div>
      }
      controls={
        inRound ? (
          <div
            className="mx-auto flex w-full max-w-3xl flex-wrap items-center justify-center gap-2 tablet:gap-3"
            data-testid="blackjack-actions"
          >
            {view?.phase === 'insurance' && (
              <p className="w-full text-center text-sm font-semibold text-text">
                {t('blackjack.insuranceOffer')}
              </p>
            )}
            {buttons.map((button) => (
              <ActionButton
                key={button.action}
                action={button.action}
                cost={button.costMinor > 0n ? shell.money(button.costMinor) : null}
                primary={button.primary}
                disabled={acting || shell.busy}
                onClick={() => void act(button.action)}
              />
            ))}
          </div>
        ) : (
          <GameControls
            betDisabled={animating}
            action={
              <PlayButton
                label={view ? t('blackjack.dealAgain') : t('blackjack.deal')}
                onPlay={() => void deal()}
                disabled={animating}
                icon={<Layers className="size-5" aria-hidden />}
              />
            }
          />
        )
      }
    />
  );
}

function TablePrint({ theme }: { theme: TableTheme }) {
  const { t } = useTranslation('rgs-table');
  return (
    <svg
      viewBox="0 0 800 250"
      className="pointer-events-none h-full max-h-52 w-full max-w-3xl"
      aria-hidden="true"
      data-testid="blackjack-print"
    >
      <defs>
        <path id="bj-arc" d="M 70 50 Q 400 250 730 50" />
        <path id="bj-arc-small" d="M 30 105 Q 400 320 770 105" />
      </defs>
      <path
        d="M 30 30 Q 400 250 770 30"
        fill="none"
        stroke={theme.print}
        strokeOpacity="0.3"
        strokeWidth="2"
      />
      <text fill={theme.print} fontSize="27" fontWeight="800" letterSpacing="4" textAnchor="middle">
        <textPath href="#bj-arc" startOffset="50%">
          {t('blackjack.print.payout')}
        </textPath>
      </text>
      <text
        fill={theme.print}
        fontSize="16"
        fontWeight="600"
        letterSpacing="2"
        textAnchor="middle"
        opacity="0.85"
      >
        <textPath href="#bj-arc-small" startOffset="50%">
          {t('blackjack.print.rules')}
        </textPath>
      </text>
    </svg>
  );
}

function DealerArea({
  view,
  dealerShown,
  theme,
}: {
  view: BlackjackView | null;
  dealerShown: number;
  theme: TableTheme;
}) {
  const { t } = useTranslation('rgs-table');
  const cards = view ? view.dealer.cards.slice(0, Math.max(dealerShown, 0)) : [];
  // The dealer's total as the player can see it: only the cards on the table.
  const visibleTotal = view && dealerShown >= view.dealer.cards.length ? view.dealer : null;
  return (
    <section
      className="relative z-[1] flex flex-col items-center gap-2"
      aria-label={t('blackjack.dealer')}
      data-testid="blackjack-dealer"
    >
      <div className="flex items-center gap-2 text-[0.65rem] font-bold tracking-[0.2em] text-white/60 uppercase">
        {t('blackjack.dealer')}
        {view && cards.length > 0 && (
          <TotalBadge
            label={
              visibleTotal?.blackjack
                ? t('blackjack.badge.blackjack')
                : visibleTotal?.bust
                  ? t('blackjack.badge.bust')
                  : visibleTotal
                    ? totalText(t, visibleTotal.total, visibleTotal.soft)
                    : null
            }
            tone={visibleTotal?.bust ? 'bad' : 'neutral'}
          />
        )}
      </div>
      <div className="flex min-h-[var(--card-h)] items-center [--card-h:5.25rem] tablet:[--card-h:7.5rem] laptop:[--card-h:9rem]">
        {cards.map((card, index) => (
          <CardSlot
            // biome-ignore lint/suspicious/noArrayIndexKey: a card's place in the hand is its identity; the hole card remounts (and flips) when turned.
            key={`${index}-${card ? 'up' : 'down'}`}
            index={index}
            flip={index === 1 && card !== null}
          >
            <PlayingCard
              card={card}
              theme={theme.cards}
              dealIndex={index}
              hiddenLabel={t('blackjack.hiddenCard')}
              className="h-full w-auto"
            />
          </CardSlot>
        ))}
        {cards.length === 0 && <EmptySlot />}
      </div>
    </section>
  );
}

function PlayerArea({
  view,
  settled,
  theme,
}: {
  view: BlackjackView | null;
  settled: boolean;
  theme: TableTheme;
}) {
  const { t } = useTranslation('rgs-table');
  const hands = view?.hands ?? [];
  return (
    <section
      className="relative z-[1] flex w-full flex-col items-center gap-2"
      aria-label={t('blackjack.player')}
      data-testid="blackjack-player"
    >
      <div className="flex w-full items-end justify-center gap-2 tablet:gap-6">
        {hands.length === 0 && (
          <div className="flex min-h-[var(--card-h)] items-center [--card-h:5.25rem] tablet:[--card-h:7.5rem] laptop:[--card-h:9rem]">
            <EmptySlot />
          </div>
        )}
        {hands.map((hand, index) => (
          <HandSpot
            // biome-ignore lint/suspicious/noArrayIndexKey: hands keep their order; a split inserts after the split hand.
            key={index}
            hand={hand}
            index={index}
            count={hands.length}
            active={view?.activeHand === index && view.phase === 'play'}
            settled={settled}
            theme={theme}
          />
        ))}
      </div>
      {view && view.insurance.status === 'taken' && (
        <p className="text-xs text-white/70">
          {t('blackjack.insuranceTaken')}
          {view.insurance.result && ` · ${t(`blackjack.insurance.${view.insurance.result}`)}`}
        </p>
      )}
    </section>
  );
}

function HandSpot({
  hand,
  index,
  count,
  active,
  settled,
  theme,
}: {
  hand: HandView;
  index: number;
  count: number;
  active: boolean;
  settled: boolean;
  theme: TableTheme;
}) {
  const { t } = useTranslation('rgs-table');
  const shell = useGameShell();
  const badge = handBadge(hand);
  const result = settled ? hand.result : null;
  // Four split hands share a phone's width: their cards get smaller.
  const sizeClass =
    count >= 3
      ? '[--card-h:4.25rem] tablet:[--card-h:6.5rem] laptop:[--card-h:8rem]'
      : '[--card-h:5.25rem] tablet:[--card-h:7.5rem] laptop:[--card-h:9rem]';
  return (
    <div
      className={cx(
        'flex flex-col items-center gap-1.5 rounded-2xl px-1.5 pt-2 pb-1.5 transition-[background-color,box-shadow,opacity] duration-200 tablet:px-3',
        active && 'bg-white/8 shadow-[0_0_0_2px_var(--game-accent),0_0_28px_-6px_var(--game-accent)]',
        !active && count > 1 && !settled && 'opacity-75',
      )}
      data-testid={`blackjack-hand-${index}`}
      data-active={active ? 'true' : undefined}
      aria-current={active ? 'true' : undefined}
    >
      <div className={cx('flex min-h-[var(--card-h)] items-center', sizeClass)}>
        {hand.cards.map((card, cardIndex) => (
          <CardSlot
            // biome-ignore lint/suspicious/noArrayIndexKey: cards never move within a hand; the same card can appear twice (infinite deck).
            key={`${cardIndex}-${card.rank}${card.suit}`}
            index={cardIndex}
            flip={false}
            doubled={hand.doubled && cardIndex === 2}
          >
            <PlayingCard card={card} theme={theme.cards} dealIndex={cardIndex} className="h-full w-auto" />
          </CardSlot>
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-center gap-1.5">
        <TotalBadge
          label={
            badge.kind === 'bust'
              ? t('blackjack.badge.bust')
              : badge.kind === 'blackjack'
                ? t('blackjack.badge.blackjack')
                : totalText(t, badge.total, badge.soft)
          }
          tone={badge.kind === 'bust' ? 'bad' : badge.kind === 'blackjack' ? 'good' : 'neutral'}
        />
        <span className="amount rounded-full bg-black/40 px-2 py-0.5 text-xs font-semibold text-white/90">
          {shell.money(hand.bet)}
          {hand.doubled && ' ×2'}
        </span>
      </div>
      {count > 1 && (
        <span className="text-[0.6rem] font-semibold tracking-wider text-white/60 uppercase">
          {active ? t('blackjack.yourTurn') : t('blackjack.hand', { number: index + 1 })}
        </span>
      )}
      {result && (
        <span
          className={cx(
            'rounded-lg px-2 py-0.5 text-xs font-extrabold tracking-wide uppercase motion-safe:animate-pop-in',
            result === 'win' || result === 'blackjack'
              ? 'bg-(--game-accent) text-(--game-accent-contrast)'
              : result === 'push'
                ? 'bg-white/20 text-white'
                : 'bg-black/50 text-white/70',
          )}
          data-testid={`blackjack-result-${index}`}
        >
          {t(`blackjack.result.${result}`)}
          {hand.payout && BigInt(hand.payout) > 0n && result !== 'push' && ` ${shell.money(hand.payout)}`}
        </span>
      )}
    </div>
  );
}

function TableMessage({ shown }: { shown: Shown | null }) {
  const { t } = useTranslation('rgs-table');
  const shell = useGameShell();
  if (!shown) {
    return (
      <p className="relative z-[1] rounded-full bg-black/30 px-4 py-1.5 text-sm font-semibold text-white/85">
        {t('blackjack.placeBet')}
      </p>
    );
  }
  if (!shown.settled) return null;
  const payout = shown.view.payout === null ? 0n : BigInt(shown.view.payout);
  const staked = BigInt(shown.view.staked);
  const text =
    payout > staked
      ? t('blackjack.roundWin', { amount: shell.money(payout) })
      : payout === staked && payout > 0n
        ? t('blackjack.roundPush')
        : payout > 0n
          ? t('blackjack.roundBack', { amount: shell.money(payout) })
          : t('blackjack.roundLose');
  return (
    <p
      className={cx(
        'amount relative z-[1] rounded-full px-5 py-2 text-base font-extrabold shadow-lg motion-safe:animate-pop-in tablet:text-lg',
        payout > staked ? 'bg-(--game-accent) text-(--game-accent-contrast)' : 'bg-black/55 text-white',
      )}
      role="status"
      data-testid="blackjack-outcome"
    >
      {text}
    </p>
  );
}

function CardSlot({
  index,
  flip,
  doubled = false,
  children,
}: {
  index: number;
  flip: boolean;
  doubled?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={cx(
        'h-[var(--card-h)] drop-shadow-[0_6px_10px_rgba(0,0,0,0.45)] [perspective:600px]',
        index > 0 && '-ml-[calc(var(--card-h)*0.42)]',
        doubled && 'rotate-90 translate-x-[calc(var(--card-h)*0.12)]',
        flip && 'motion-safe:[&>svg]:animate-[card-flip_320ms_ease-out_both]',
      )}
    >
      {children}
    </div>
  );
}

function EmptySlot() {
  return (
    <div
      className="aspect-[60/84] h-[var(--card-h)] rounded-lg border-2 border-dashed border-white/20"
      aria-hidden="true"
    />
  );
}

function TotalBadge({ label, tone }: { label: string | null; tone: 'good' | 'bad' | 'neutral' }) {
  if (!label) return null;
  return (
    <span
      className={cx(
        'amount rounded-full px-2.5 py-0.5 text-xs font-bold tracking-normal normal-case',
        tone === 'good'
          ? 'bg-(--game-accent) text-(--game-accent-contrast)'
          : tone === 'bad'
            ? 'bg-danger-strong text-white'
            : 'bg-black/55 text-white',
      )}
    >
      {label}
    </span>
  );
}

function totalText(t: TFunction, total: number, soft: boolean): string {
  return soft ? t('blackjack.badge.soft', { low: total - 10, high: total }) : String(total);
}

const ACTION_ICONS: Record<BlackjackActionType, ReactNode> = {
  hit: <Plus className="size-5" aria-hidden />,
  stand: <StandIcon className="size-5" aria-hidden />,
  double: <span className="text-sm font-black">2×</span>,
  split: <Split className="size-5" aria-hidden />,
  insurance: <ShieldCheck className="size-5" aria-hidden />,
  decline_insurance: <ShieldOff className="size-5" aria-hidden />,
};

function ActionButton({
  action,
  cost,
  primary,
  disabled,
  onClick,
}: {
  action: BlackjackActionType;
  cost: string | null;
  primary: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation('rgs-table');
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      data-action={action}
      className={cx(
        'inline-flex min-h-12 min-w-[5.5rem] flex-col items-center justify-center rounded-2xl px-3 py-1.5 leading-tight font-bold transition-[transform,filter,background-color] duration-150 active:scale-95 disabled:opacity-50 tablet:min-h-14 tablet:min-w-28 tablet:flex-row tablet:gap-2 tablet:px-5',
        primary
          ? 'bg-(--game-accent) text-(--game-accent-contrast) shadow-[0_0_20px_-6px_var(--game-glow)] hover:brightness-110'
          : 'border border-white/15 bg-white/8 text-text hover:bg-white/15',
      )}
    >
      {ACTION_ICONS[action]}
      <span className="flex flex-col items-center tablet:items-start">
        <span className="text-sm tablet:text-base">{t(`blackjack.actions.${action}`)}</span>
        {cost && <span className="amount text-[0.65rem] font-semibold opacity-80">+{cost}</span>}
      </span>
    </button>
  );
}

export const blackjackModule: GameModule = {
  Game: BlackjackGame,
  Rules: BlackjackRules,
  RoundResult: BlackjackRoundResult,
};
