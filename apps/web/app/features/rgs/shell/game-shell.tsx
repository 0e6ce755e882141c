/**
 * The game shell: everything an in-house game page has around its board. Shared by every RGS game
 * (slot, dice, plinko here; roulette and blackjack in features/rgs/{roulette,blackjack}).
 *
 * ## How a game plugs in
 *
 * A game is a `GameModule` (below) registered by engine in `features/rgs/game-modules.tsx`:
 *
 *   export const diceModule: GameModule = { Game: DiceGame, Rules: DiceRules, RoundResult: DiceRoundResult };
 *
 * The route (`routes/rgs-play.tsx`) loads `GET /rgs/api/session`, then renders
 * `<GameShell session client lang module>`, which draws the top bar (name, DEMO badge, balance,
 * rules, fairness, history, sound), toasts, the retry banner, and the module's `Game` inside. The
 * displayed balance is posted to the parent page after every change (`../parent-messages.ts`).
 *
 * ## Inside a game: `useGameShell()`
 *
 *   const shell = useGameShell();
 *   shell.session            // GET /rgs/api/session answer: describe, theme, limits, rtp, openRound…
 *   shell.stakeMinor         // bigint minor units chosen in <BetSelector/>; shell.setStakeMinor(v)
 *   const round = await shell.play({ stake: shell.stakeMinor.toString(), …gameFields });
 *     // POST /rgs/api/rounds. Resolves the RoundView, or null after an error the shell has already
 *     // shown (toast, insufficient funds, or the retry banner for wallet_unavailable — the promise
 *     // stays pending while the player may retry, then resolves with the retried round).
 *     // A win is held back from the displayed balance until the game calls:
 *   shell.reveal(round);     // "the animation is over": show the win in the balance, log the round
 *   await shell.act(round.id, action)   // POST /rgs/api/rounds/{id}/actions (multi-step games)
 *   shell.sound.play('win')  // WebAudio synth; see shell/sound.ts for names
 *   shell.reducedMotion      // true → skip or shorten animations
 *   shell.money(minor)       // '€1.50' from minor units (bigint or integer string)
 *   shell.recent             // RoundViews revealed during this page visit, newest first (max 30)
 *   shell.busy               // a request is in flight
 *
 * ## Layout helpers
 *
 *   <GameStage board={<svg…/>} controls={<GameControls extra={…} action={<PlayButton…/>} />} />
 *   <BetSelector />   stake −/+ over the limits' 1-2-5 ladder, ½ and 2× (inside GameControls)
 *   <PlayButton label={t('rgs:slot.spin')} onPlay={spin} busy={spinning} />   Space triggers it too
 *
 * Themes: the game's root element sets CSS variables `--game-accent`, `--game-accent-contrast`
 * and `--game-glow`; the shell's controls read them.
 */
import type { Locale } from '@croupier/contract/locales';
import {
  BookOpen,
  History,
  Minus,
  Plus,
  RotateCcw,
  ShieldCheck,
  Volume2,
  VolumeX,
  WifiOff,
  X,
} from 'lucide-react';
import {
  type ComponentType,
  type CSSProperties,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../ui/class-names.ts';
import { DialogProvider, useDialogs } from '../../../ui/dialogs.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { ToastProvider, useToasts } from '../../../ui/toasts.tsx';
import { gameBalanceMessage, postToParent } from '../parent-messages.ts';
import {
  clampStake,
  defaultStake,
  type StakeRules,
  scaleStake,
  stakeSteps,
  stepStake,
  validRange,
} from './bet-steps.ts';
import { type ErrorMessage, errorMessage } from './error-messages.ts';
import { FairnessPanel } from './fairness-panel.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { useFirstInteraction, useReducedMotion, useSpaceKey } from './hooks.ts';
import { addDecimal, decimalToMinor, formatMinorMoney, formatMoneyText } from './money.ts';
import {
  RgsApiError,
  type RgsClient,
  type RgsFairness,
  type RgsSession,
  type RoundDetail,
  type RoundView,
} from './rgs-client.ts';
import {
  createSoundEngine,
  readSoundPreference,
  type SoundEngine,
  type SoundName,
  writeSoundPreference,
} from './sound.ts';

export interface GameModule {
  /** The board and its controls; rendered inside the shell, reads `useGameShell()`. */
  Game: ComponentType;
  /** Rules and paytable from `session.describe` (declared RTP included); opened from the top bar. */
  Rules?: ComponentType;
  /** A finished round drawn small for the history drawer, from its engine view. */
  RoundResult?: ComponentType<{ detail: RoundDetail }>;
}

export interface SoundApi {
  enabled: boolean;
  toggle(): void;
  play(name: SoundName): void;
}

export interface GameShellApi {
  session: RgsSession;
  client: RgsClient;
  lang: Locale;
  /** Stake bounds and unit, minor units (limits of the session, `describe().stakeMultipleOf`). */
  stakeRules: StakeRules;
  /** Lowest and highest valid stake, minor units (the limits, rounded to the stake unit). */
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  steps: readonly bigint[];
  stakeMinor: bigint;
  setStakeMinor(value: bigint): void;
  /** Displayed balance, decimal string (a win is held back until `reveal`). */
  balance: string;
  fairness: RgsFairness;
  busy: boolean;
  play(bet: unknown): Promise<RoundView | null>;
  act(roundId: string, action: unknown): Promise<RoundView | null>;
  reveal(round: RoundView): void;
  recent: readonly RoundView[];
  sound: SoundApi;
  reducedMotion: boolean;
  /** Minor units (bigint or integer string) → money text in the session currency. */
  money(minor: bigint | string): string;
  /** A top-level decimal amount → money text. */
  moneyText(decimal: string): string;
  /** Shows an API error the way the shell does (toast or banner). */
  showError(error: unknown): void;
}

/** `describe().stakeMultipleOf` when the engine declares one (the slot: stake ÷ 20 paylines). */
export function stakeMultipleOf(describe: unknown): bigint | undefined {
  if (typeof describe !== 'object' || describe === null) return undefined;
  const value = (describe as { stakeMultipleOf?: unknown }).stakeMultipleOf;
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? BigInt(value) : undefined;
}

const ShellContext = createContext<GameShellApi | null>(null);

export function useGameShell(): GameShellApi {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useGameShell must be used inside <GameShell>');
  return shell;
}

/** Rounds kept in `recent` (the dice strip, the plinko feed). */
export const RECENT_ROUNDS = 30;
/** Height of the top bar in px; toasts sit under it. */
const BAR_HEIGHT_PX = 52;

export interface GameShellProps {
  session: RgsSession;
  client: RgsClient;
  lang: Locale;
  module: GameModule;
}

/**
 * Providers first (toasts and dialogs in the game's language), then the shell itself. The toast
 * area has its own name: the site's root has one too, and two landmarks must not share a name.
 */
export function GameShell(props: GameShellProps) {
  const { t } = useTranslation('rgs');
  return (
    <ToastProvider topOffsetPx={BAR_HEIGHT_PX} label={t('shell.notifications')}>
      <ShellState {...props} />
    </ToastProvider>
  );
}

interface PendingRetry {
  message: ErrorMessage;
  retry: () => void;
  dismiss: () => void;
}

function ShellState({ session, client, lang, module }: GameShellProps) {
  const { t } = useTranslation('rgs');
  const toasts = useToasts();
  const reducedMotion = useReducedMotion();
  const { exponent, currency } = session;

  const stakeRules = useMemo<StakeRules>(
    () => ({
      min: decimalToMinor(session.limits.min, exponent),
      max: decimalToMinor(session.limits.max, exponent),
      multipleOf: stakeMultipleOf(session.describe),
    }),
    [session, exponent],
  );
  const steps = useMemo(() => stakeSteps(stakeRules), [stakeRules]);
  const validStakes = useMemo(() => validRange(stakeRules), [stakeRules]);
  const [stakeMinor, setStake] = useState(() => defaultStake(steps, exponent));
  const setStakeMinor = useCallback((value: bigint) => setStake(clampStake(value, stakeRules)), [stakeRules]);

  const [balance, setBalance] = useState(session.balance);
  /** Decimal wins not yet shown, by round id (the reels are still turning, the ball still falling). */
  const [heldWins, setHeldWins] = useState<Readonly<Record<string, string>>>({});
  const [fairness, setFairness] = useState(session.fairness);
  const [inFlight, setInFlight] = useState(0);
  const [recent, setRecent] = useState<readonly RoundView[]>([]);
  const [pendingRetry, setPendingRetry] = useState<PendingRetry | null>(null);
  const [fatal, setFatal] = useState<ErrorMessage | null>(null);

  const moneyText = useCallback(
    (decimal: string) => formatMoneyText(decimal, currency, exponent),
    [currency, exponent],
  );
  const money = useCallback(
    (minor: bigint | string) => formatMinorMoney(minor, currency, exponent),
    [currency, exponent],
  );

  // Sound: the saved choice, or off until the first interaction and then on.
  const engine = useRef<SoundEngine | null>(null);
  const [soundOn, setSoundOn] = useState(false);
  const interacted = useRef(false);
  useEffect(() => {
    const saved = readSoundPreference(window.localStorage);
    if (saved === 'on') setSoundOn(true);
    return () => engine.current?.close();
  }, []);
  useFirstInteraction(() => {
    interacted.current = true;
    if (readSoundPreference(window.localStorage) === null) setSoundOn(true);
  });
  const sound = useMemo<SoundApi>(
    () => ({
      enabled: soundOn,
      toggle() {
        setSoundOn((on) => {
          writeSoundPreference(window.localStorage, !on);
          return !on;
        });
      },
      play(name) {
        if (!soundOn || !interacted.current) return;
        engine.current ??= createSoundEngine();
        engine.current.play(name);
      },
    }),
    [soundOn],
  );

  const showError = useCallback(
    (error: unknown) => {
      const message = errorMessage(error, t, moneyText);
      if (message.fatal) {
        setFatal(message);
        return;
      }
      if (error instanceof RgsApiError && error.code === 'insufficient_funds' && error.balance) {
        setBalance(error.balance);
        setHeldWins({});
      }
      toasts.show({ kind: 'error', title: message.title, ...(message.text ? { text: message.text } : {}) });
    },
    [t, moneyText, toasts],
  );

  /**
   * Runs one request; a retryable failure (wallet down, network, rate limit) shows the retry banner
   * and keeps the caller waiting until the player retries or dismisses it.
   */
  const request = useCallback(
    (send: () => Promise<RoundView>): Promise<RoundView | null> =>
      new Promise((resolve) => {
        const attempt = () => {
          setInFlight((count) => count + 1);
          send().then(
            (round) => {
              setInFlight((count) => count - 1);
              setPendingRetry(null);
              resolve(round);
            },
            (error: unknown) => {
              setInFlight((count) => count - 1);
              const message = errorMessage(error, t, moneyText);
              if (message.retryable) {
                setPendingRetry({
                  message,
                  retry: () => {
                    setPendingRetry(null);
                    attempt();
                  },
                  dismiss: () => {
                    setPendingRetry(null);
                    resolve(null);
                  },
                });
                return;
              }
              setPendingRetry(null);
              showError(error);
              resolve(null);
            },
          );
        };
        attempt();
      }),
    [t, moneyText, showError],
  );

  const applyRound = useCallback((round: RoundView) => {
    setBalance(round.balance);
    setFairness((current) =>
      round.nonce >= current.nonce ? { ...current, nonce: round.nonce + 1 } : current,
    );
  }, []);

  const play = useCallback(
    async (bet: unknown) => {
      const round = await request(() => client.startRound(bet));
      if (!round) return null;
      applyRound(round);
      // The result is on the wire before the animation shows it: hold the win back until reveal.
      if (round.done && !/^0(\.0+)?$/.test(round.payout)) {
        setHeldWins((current) => ({ ...current, [round.id]: round.payout }));
      }
      return round;
    },
    [client, request, applyRound],
  );

  const act = useCallback(
    async (roundId: string, action: unknown) => {
      const round = await request(() => client.act(roundId, action));
      if (!round) return null;
      applyRound(round);
      return round;
    },
    [client, request, applyRound],
  );

  const reveal = useCallback(
    (round: RoundView) => {
      setHeldWins((current) => {
        if (!(round.id in current)) return current;
        const { [round.id]: _shown, ...rest } = current;
        return rest;
      });
      setRecent((current) =>
        [round, ...current.filter((item) => item.id !== round.id)].slice(0, RECENT_ROUNDS),
      );
      if (round.status === 'settling') {
        toasts.show({ kind: 'info', title: t('round.settlingTitle'), text: t('round.settlingText') });
      }
    },
    [toasts, t],
  );

  const shownBalance = useMemo(() => {
    try {
      let shown = balance;
      for (const win of Object.values(heldWins)) shown = addDecimal(shown, `-${win}`, exponent);
      return shown;
    } catch {
      return balance;
    }
  }, [balance, heldWins, exponent]);

  // The page around the frame shows the same balance as the game (features/rgs/parent-messages.ts).
  useEffect(() => {
    postToParent(gameBalanceMessage({ mode: session.mode, currency, balance: shownBalance }));
  }, [session.mode, currency, shownBalance]);

  const api = useMemo<GameShellApi>(
    () => ({
      session,
      client,
      lang,
      stakeRules,
      minStakeMinor: validStakes?.low ?? stakeRules.min,
      maxStakeMinor: validStakes?.high ?? stakeRules.max,
      steps,
      stakeMinor,
      setStakeMinor,
      balance: shownBalance,
      fairness,
      busy: inFlight > 0,
      play,
      act,
      reveal,
      recent,
      sound,
      reducedMotion,
      money,
      moneyText,
      showError,
    }),
    [
      session,
      client,
      lang,
      stakeRules,
      validStakes,
      steps,
      stakeMinor,
      setStakeMinor,
      shownBalance,
      fairness,
      inFlight,
      play,
      act,
      reveal,
      recent,
      sound,
      reducedMotion,
      money,
      moneyText,
      showError,
    ],
  );

  return (
    <ShellContext value={api}>
      <DialogProvider>
        <ShellFrame
          module={module}
          pendingRetry={pendingRetry}
          fatal={fatal}
          onFairnessChange={setFairness}
        />
      </DialogProvider>
    </ShellContext>
  );
}

function ShellFrame({
  module,
  pendingRetry,
  fatal,
  onFairnessChange,
}: {
  module: GameModule;
  pendingRetry: PendingRetry | null;
  fatal: ErrorMessage | null;
  onFairnessChange: (fairness: RgsFairness) => void;
}) {
  const { Game } = module;
  return (
    <div className="rgs-game relative flex h-dvh flex-col overflow-hidden bg-[#070b16] text-text">
      <TopBar module={module} onFairnessChange={onFairnessChange} />
      <main className="relative flex min-h-0 flex-1 flex-col">
        <Game />
      </main>
      {pendingRetry && <RetryBanner pending={pendingRetry} />}
      {fatal && <FatalOverlay message={fatal} />}
    </div>
  );
}

function TopBar({
  module,
  onFairnessChange,
}: {
  module: GameModule;
  onFairnessChange: (fairness: RgsFairness) => void;
}) {
  const { t } = useTranslation('rgs');
  const shell = useGameShell();
  const dialogs = useDialogs();
  const { session } = shell;
  const demo = session.mode !== 'real';
  const [historyLoading, setHistoryLoading] = useState(false);
  const { Rules, RoundResult } = module;

  const openHistory = async () => {
    setHistoryLoading(true);
    try {
      const rounds = await shell.client.listRounds(20);
      dialogs.open({
        type: 'curtain',
        title: t('history.title'),
        size: 'md',
        content: <HistoryPanel initialRounds={rounds} RoundResult={RoundResult} />,
      });
    } catch (error) {
      shell.showError(error);
    } finally {
      setHistoryLoading(false);
    }
  };

  return (
    <header
      style={{ height: BAR_HEIGHT_PX }}
      className="relative z-10 flex shrink-0 items-center gap-1 border-b border-white/5 bg-black/30 px-2 backdrop-blur-md tablet:gap-2 tablet:px-4"
    >
      <div className="flex min-w-0 flex-1 flex-col items-start gap-0.5 tablet:flex-row tablet:items-center tablet:gap-2">
        <h1
          className="max-w-full truncate text-[0.8rem] leading-tight font-bold tracking-wide text-text tablet:text-base"
          title={session.game.name}
        >
          {session.game.name}
        </h1>
        {demo && (
          <span
            className="shrink-0 rounded-md border border-gold/40 bg-gold/10 px-1 py-px text-[0.55rem] leading-tight font-bold tracking-widest text-gold uppercase tablet:px-1.5 tablet:py-0.5 tablet:text-[0.65rem]"
            title={t('shell.demoHint')}
          >
            {t('shell.demo')}
          </span>
        )}
      </div>
      <div
        className="flex min-w-0 shrink-0 flex-col items-end rounded-xl bg-white/5 px-2 py-1 leading-tight tablet:px-3"
        aria-live="off"
      >
        <span className="text-[0.55rem] font-semibold tracking-wider text-muted uppercase tablet:text-[0.6rem]">
          {t('shell.balance')}
        </span>
        <output
          className="amount truncate text-sm font-bold text-text tablet:text-base"
          aria-live="off"
          data-testid="rgs-balance"
        >
          {shell.moneyText(shell.balance)}
        </output>
      </div>
      {Rules && (
        <BarButton
          label={t('shell.rules')}
          onClick={() =>
            dialogs.open({
              type: 'popup',
              size: 'lg',
              title: t('shell.rulesTitle', { name: session.game.name }),
              content: <Rules />,
            })
          }
        >
          <BookOpen className="size-5" aria-hidden />
        </BarButton>
      )}
      <BarButton
        label={t('fairness.title')}
        onClick={() =>
          dialogs.open({
            type: 'curtain',
            size: 'md',
            title: t('fairness.title'),
            content: <FairnessPanel onChange={onFairnessChange} />,
          })
        }
      >
        <ShieldCheck className="size-5" aria-hidden />
      </BarButton>
      <BarButton label={t('history.title')} onClick={() => void openHistory()} busy={historyLoading}>
        <History className="size-5" aria-hidden />
      </BarButton>
      <BarButton
        label={shell.sound.enabled ? t('shell.soundOff') : t('shell.soundOn')}
        pressed={shell.sound.enabled}
        onClick={shell.sound.toggle}
      >
        {shell.sound.enabled ? (
          <Volume2 className="size-5" aria-hidden />
        ) : (
          <VolumeX className="size-5" aria-hidden />
        )}
      </BarButton>
    </header>
  );
}

function BarButton({
  label,
  onClick,
  children,
  pressed,
  busy,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  pressed?: boolean;
  busy?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={onClick}
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl text-muted transition-colors hover:bg-white/10 hover:text-text focus-visible:outline-2 focus-visible:outline-(--game-accent,var(--color-accent)) tablet:size-11"
    >
      {busy ? <Spinner size="sm" decorative /> : children}
    </button>
  );
}

function RetryBanner({ pending }: { pending: PendingRetry }) {
  const { t } = useTranslation('rgs');
  return (
    <div
      role="alert"
      className="absolute inset-x-2 bottom-2 z-20 mx-auto flex max-w-xl items-center gap-3 rounded-2xl border border-warning/40 bg-[#1f1808]/95 p-3 shadow-overlay backdrop-blur tablet:bottom-4"
    >
      <WifiOff className="size-6 shrink-0 text-warning" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-text">{pending.message.title}</p>
        {pending.message.text && <p className="text-sm text-muted">{pending.message.text}</p>}
      </div>
      <button
        type="button"
        onClick={pending.retry}
        className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-warning px-4 font-semibold text-black hover:brightness-110"
      >
        <RotateCcw className="size-4" aria-hidden />
        {t('shell.retry')}
      </button>
      <button
        type="button"
        onClick={pending.dismiss}
        aria-label={t('shell.dismiss')}
        className="inline-flex size-11 items-center justify-center rounded-xl text-muted hover:bg-white/10 hover:text-text"
      >
        <X className="size-5" aria-hidden />
      </button>
    </div>
  );
}

function FatalOverlay({ message }: { message: ErrorMessage }) {
  const { t } = useTranslation('rgs');
  const { session } = useGameShell();
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="rgs-fatal-title"
      className="absolute inset-0 z-30 flex items-center justify-center bg-black/80 p-6 backdrop-blur"
    >
      <div className="max-w-sm rounded-2xl border border-border bg-surface p-6 text-center shadow-overlay">
        <h2 id="rgs-fatal-title" className="text-lg font-bold text-text">
          {message.title}
        </h2>
        {message.text && <p className="mt-2 text-muted">{message.text}</p>}
        {session.lobbyUrl && (
          <a
            href={session.lobbyUrl}
            target="_top"
            className="mt-5 inline-flex min-h-11 items-center rounded-xl bg-accent px-5 font-semibold text-on-accent"
          >
            {t('shell.backToLobby')}
          </a>
        )}
      </div>
    </div>
  );
}

/**
 * The board area and the control bar under it. The board is centred and scales down to fit;
 * `aside` (a feed, a history strip) goes beside the board on wide screens and under it on phones.
 */
export function GameStage({
  board,
  controls,
  aside,
  className,
  style,
}: {
  board: ReactNode;
  controls: ReactNode;
  aside?: ReactNode;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <div className={cx('flex min-h-0 flex-1 flex-col', className)} style={style}>
      <div className="flex min-h-0 flex-1 flex-col gap-2 p-2 laptop:flex-row laptop:gap-4 laptop:p-4">
        <div className="relative flex min-h-0 min-w-0 flex-1 items-center justify-center">{board}</div>
        {aside && <div className="shrink-0 laptop:w-64">{aside}</div>}
      </div>
      <div className="shrink-0 border-t border-white/5 bg-black/40 px-2 py-2 backdrop-blur-md tablet:px-4 tablet:py-3">
        {controls}
      </div>
    </div>
  );
}

/** The control bar: the game's own inputs (`extra`), the bet selector, and the main action. */
export function GameControls({
  extra,
  action,
  info,
  betDisabled,
}: {
  extra?: ReactNode;
  action: ReactNode;
  /** Short stats (line bet, last win…) beside the bet on wide screens (from 1280 px); hidden below. */
  info?: ReactNode;
  betDisabled?: boolean;
}) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-2 laptop:flex-row laptop:items-center laptop:gap-4">
      {extra && <div className="min-w-0 laptop:shrink-0">{extra}</div>}
      <div className="flex items-center gap-2 tablet:gap-4 laptop:ml-auto">
        <div className="min-w-0 flex-1 laptop:flex-none">
          <BetSelector disabled={betDisabled} />
        </div>
        {info && <div className="hidden min-w-0 laptopLg:block">{info}</div>}
        <div className="shrink-0">{action}</div>
      </div>
    </div>
  );
}

/** Stake −/+ along the 1-2-5 ladder of the session's limits, with ½ and 2×. */
export function BetSelector({ disabled = false }: { disabled?: boolean | undefined }) {
  const { t } = useTranslation('rgs');
  const shell = useGameShell();
  const { stakeMinor, steps, stakeRules } = shell;
  const range = validRange(stakeRules);
  const atMin = !range || stakeMinor <= range.low;
  const atMax = !range || stakeMinor >= range.high;
  const locked = disabled || shell.busy;
  const change = (value: bigint) => {
    if (value !== stakeMinor) shell.sound.play('chip');
    shell.setStakeMinor(value);
  };
  const small =
    'h-11 min-w-11 shrink-0 items-center justify-center rounded-xl px-2 text-sm font-bold text-muted transition-colors hover:bg-white/10 hover:text-text disabled:opacity-40 disabled:hover:bg-transparent';
  return (
    <fieldset
      className="flex min-w-0 items-center gap-1 rounded-2xl border border-white/10 bg-white/5 p-1"
      disabled={locked}
    >
      <legend className="sr-only">{t('shell.bet')}</legend>
      <button
        type="button"
        className={cx(small, 'hidden tablet:inline-flex')}
        onClick={() => change(scaleStake(stakeMinor, 'half', stakeRules))}
        disabled={atMin}
        // The name begins with the visible text (WCAG 2.5.3 label in name).
        aria-label={t('shell.betHalf')}
      >
        ½
      </button>
      <button
        type="button"
        className={cx(small, 'inline-flex')}
        onClick={() => change(stepStake(steps, stakeMinor, -1))}
        disabled={atMin}
        aria-label={t('shell.betDown')}
      >
        <Minus className="size-4" aria-hidden />
      </button>
      <div className="flex min-w-0 flex-1 flex-col items-center px-1 leading-tight tablet:min-w-28">
        <span className="text-[0.6rem] font-semibold tracking-wider text-muted uppercase">
          {t('shell.bet')}
        </span>
        <output
          className="amount truncate text-base font-bold text-text"
          aria-live="polite"
          data-testid="rgs-stake"
        >
          {shell.money(stakeMinor)}
        </output>
      </div>
      <button
        type="button"
        className={cx(small, 'inline-flex')}
        onClick={() => change(stepStake(steps, stakeMinor, 1))}
        disabled={atMax}
        aria-label={t('shell.betUp')}
      >
        <Plus className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        className={cx(small, 'hidden tablet:inline-flex')}
        onClick={() => change(scaleStake(stakeMinor, 'double', stakeRules))}
        disabled={atMax}
        aria-label={t('shell.betDouble')}
      >
        2×
      </button>
    </fieldset>
  );
}

/**
 * The main action: a large round button in the game's accent colour. Space triggers it too
 * (unless focus is on another control, or `disabled`).
 */
export function PlayButton({
  label,
  onPlay,
  busy = false,
  disabled = false,
  icon,
}: {
  label: string;
  onPlay: () => void;
  busy?: boolean;
  disabled?: boolean;
  icon?: ReactNode;
}) {
  const shell = useGameShell();
  const blocked = busy || disabled || shell.busy;
  useSpaceKey(onPlay, !blocked);
  return (
    <button
      type="button"
      onClick={onPlay}
      disabled={blocked}
      aria-busy={busy || undefined}
      aria-keyshortcuts="Space"
      data-testid="rgs-play"
      className="group relative inline-flex h-14 min-w-28 items-center justify-center gap-2 rounded-full bg-(--game-accent,var(--color-accent)) px-6 text-base font-extrabold tracking-wide text-(--game-accent-contrast,var(--color-on-accent)) uppercase shadow-[0_0_24px_-4px_var(--game-glow,var(--color-accent))] transition-[transform,filter] duration-150 hover:brightness-110 active:scale-95 disabled:cursor-not-allowed disabled:opacity-60 disabled:active:scale-100 tablet:h-16 tablet:min-w-36 tablet:text-lg"
    >
      {busy ? <Spinner size="sm" decorative /> : icon}
      <span>{label}</span>
    </button>
  );
}

/** A label/value pair for control bars and panels (win chance, multiplier, payout…). */
export function Stat({ label, value, tone }: { label: string; value: ReactNode; tone?: 'win' | 'muted' }) {
  return (
    <div className="flex min-w-0 flex-col leading-tight">
      <span className="truncate text-[0.65rem] font-semibold tracking-wider text-muted uppercase">
        {label}
      </span>
      <span
        className={cx(
          'amount truncate text-sm font-bold tablet:text-base',
          tone === 'win'
            ? 'text-(--game-accent,var(--color-accent))'
            : tone === 'muted'
              ? 'text-muted'
              : 'text-text',
        )}
      >
        {value}
      </span>
    </div>
  );
}
