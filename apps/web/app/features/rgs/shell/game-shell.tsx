/**
 * The game shell: everything an in-house game page has around its board. Shared by every RGS game
 * (slot, dice, plinko here; roulette and blackjack in features/rgs/{roulette,blackjack}).
 *
 * ## How a game plugs in
 *
 * A game is a `GameModule` (`game-shell-context.ts`) registered by engine in `features/rgs/game-modules.ts`:
 *
 *   export const diceModule: GameModule = { Game: DiceGame, Rules: DiceRules, RoundResult: DiceRoundResult };
 *
 * The page (`features/rgs/game-frame.tsx`) loads `GET /rgs/api/session`, then renders
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
 * ## Layout helpers (`game-stage.tsx`, `bet-selector.tsx`, `play-button.tsx`)
 *
 *   <GameStage board={<svg…/>} controls={<GameControls extra={…} action={<PlayButton…/>} />} />
 *   <BetSelector />   stake −/+ over the limits' 1-2-5 ladder, ½ and 2× (inside GameControls)
 *   <PlayButton label={t('rgs:slot.spin')} onPlay={spin} busy={spinning} />   Space triggers it too
 *
 * Themes: the game's root element sets CSS variables `--game-accent`, `--game-accent-contrast`
 * and `--game-glow`; the shell's controls read them.
 */
import type { Locale } from '@croupier/contract/locales';
import { useTranslation } from '../../../i18n/use-translation.tsx';
import { DialogProvider } from '../../../ui/dialogs.tsx';
import { ToastProvider } from '../../../ui/toasts.tsx';
import type { ErrorMessage } from './error-messages.ts';
import { type GameModule, GameShellContext } from './game-shell-context.ts';
import { RealityCheckOverlay } from './reality-check-overlay.tsx';
import type { RgsClient, RgsFairness, RgsSession } from './rgs-client.ts';
import { FatalOverlay, RetryBanner } from './shell-alerts.tsx';
import { BAR_HEIGHT_PX, TopBar } from './shell-top-bar.tsx';
import { type PendingRetry, useGameShellState } from './use-game-shell-state.ts';

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

function ShellState({ session, client, lang, module }: GameShellProps) {
  const { api, pendingRetry, fatal, setFairness } = useGameShellState({ session, client, lang });
  return (
    <GameShellContext value={api}>
      <DialogProvider>
        <ShellFrame
          module={module}
          pendingRetry={pendingRetry}
          fatal={fatal}
          onFairnessChange={setFairness}
        />
      </DialogProvider>
    </GameShellContext>
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
      {/* A reality check the site posts while the game is open (ADR 028). */}
      <RealityCheckOverlay />
    </div>
  );
}
