/**
 * The shell's state behind `useGameShell()`: the stake, the shown balance, the fairness seeds, the
 * rounds in flight and their retries, and the rounds revealed during this page visit. The
 * component file (`game-shell.tsx`) only puts this in context and draws the frame around the game.
 */
import type { Locale } from '@croupier/contract/locales';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.tsx';
import { useToasts } from '../../../ui/toasts.tsx';
import { clampStake, defaultStake, type StakeRules, stakeSteps, validRange } from './bet-steps.ts';
import { type ErrorMessage, errorMessage } from './error-messages.ts';
import type { GameShellApi } from './game-shell-context.ts';
import { useReducedMotion } from './hooks.ts';
import { decimalToMinor, formatMinorMoney, formatMoneyText } from './money.ts';
import {
  RgsApiError,
  type RgsClient,
  type RgsFairness,
  type RgsSession,
  type RoundView,
  type StartRoundOptions,
} from './rgs-client.ts';
import { useShellBalance } from './use-shell-balance.ts';
import { useShellSound } from './use-shell-sound.ts';

/** Rounds kept in `recent` (the dice strip, the plinko feed). */
export const RECENT_ROUNDS = 30;

/** A request that failed in a way worth retrying (wallet down, network, rate limit), waiting for the player. */
export interface PendingRetry {
  message: ErrorMessage;
  retry: () => void;
  dismiss: () => void;
}

export interface GameShellState {
  api: GameShellApi;
  pendingRetry: PendingRetry | null;
  /** An error the game cannot go on after (the session is over): drawn over everything. */
  fatal: ErrorMessage | null;
  /** The fairness panel rotated the seeds or changed the client seed. */
  setFairness(fairness: RgsFairness): void;
}

/** `describe().stakeMultipleOf` when the engine declares one (the slot: stake ÷ 20 paylines). */
export function stakeMultipleOf(describe: unknown): bigint | undefined {
  if (typeof describe !== 'object' || describe === null) return undefined;
  const value = (describe as { stakeMultipleOf?: unknown }).stakeMultipleOf;
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? BigInt(value) : undefined;
}

export function useGameShellState({
  session,
  client,
  lang,
}: {
  session: RgsSession;
  client: RgsClient;
  lang: Locale;
}): GameShellState {
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

  const { shownBalance, setBalance, holdWin, releaseWin, resetBalance } = useShellBalance(session);
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
  const sound = useShellSound();

  const showError = useCallback(
    (error: unknown) => {
      const message = errorMessage(error, t, moneyText);
      if (message.fatal) {
        setFatal(message);
        return;
      }
      if (error instanceof RgsApiError && error.code === 'insufficient_funds' && error.balance) {
        resetBalance(error.balance);
      }
      toasts.show({ kind: 'error', title: message.title, ...(message.text ? { text: message.text } : {}) });
    },
    [t, moneyText, toasts, resetBalance],
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

  const applyRound = useCallback(
    (round: RoundView) => {
      setBalance(round.balance);
      setFairness((current) =>
        round.nonce >= current.nonce ? { ...current, nonce: round.nonce + 1 } : current,
      );
    },
    [setBalance],
  );

  const play = useCallback(
    async (bet: unknown, options?: StartRoundOptions) => {
      const round = await request(() => (options ? client.startRound(bet, options) : client.startRound(bet)));
      if (!round) return null;
      applyRound(round);
      // The result is on the wire before the animation shows it: hold the win back until reveal.
      if (round.done && !/^0(\.0+)?$/.test(round.payout)) holdWin(round.id, round.payout);
      return round;
    },
    [client, request, applyRound, holdWin],
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
      releaseWin(round.id);
      setRecent((current) =>
        [round, ...current.filter((item) => item.id !== round.id)].slice(0, RECENT_ROUNDS),
      );
      if (round.status === 'settling') {
        toasts.show({ kind: 'info', title: t('round.settlingTitle'), text: t('round.settlingText') });
      }
    },
    [toasts, t, releaseWin],
  );

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

  return { api, pendingRetry, fatal, setFairness };
}
