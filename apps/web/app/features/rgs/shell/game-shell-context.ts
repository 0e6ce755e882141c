/**
 * What a game and the shell's panels read from the shell (`useGameShell()`), in a file of its own:
 * the shell draws the fairness and history panels and the panels read the shell, so the context
 * cannot live in the shell's component file without an import circle.
 */
import type { Locale } from '@croupier/contract/locales';
import { type ComponentType, createContext, useContext } from 'react';
import type { StakeRules } from './bet-steps.ts';
import type {
  RgsClient,
  RgsFairness,
  RgsSession,
  RoundDetail,
  RoundView,
  StartRoundOptions,
} from './rgs-client.ts';
import type { SoundName } from './sound.ts';

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
  play(bet: unknown, options?: StartRoundOptions): Promise<RoundView | null>;
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

export const GameShellContext = createContext<GameShellApi | null>(null);

export function useGameShell(): GameShellApi {
  const shell = useContext(GameShellContext);
  if (!shell) throw new Error('useGameShell must be used inside <GameShell>');
  return shell;
}
