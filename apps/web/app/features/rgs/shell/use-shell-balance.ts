/**
 * The balance the shell shows, and the page around the frame told about it. A round's result is
 * on the wire before its animation shows it, so a win is held back from the shown balance until
 * the game reveals the round; every change of the shown balance is posted to the parent page
 * (`../parent-messages.ts`), which then shows the same figure as the game.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { gameBalanceMessage, postToParent } from '../parent-messages.ts';
import { addDecimal } from './money.ts';
import type { RgsSession } from './rgs-client.ts';

export interface ShellBalance {
  /** The balance minus the wins not yet revealed, decimal string. */
  shownBalance: string;
  /** The wallet's balance after a round or action (decimal string). */
  setBalance(balance: string): void;
  /** A settled win the animation has not shown yet. */
  holdWin(roundId: string, payout: string): void;
  /** The animation is over: the round's win now counts in the shown balance. */
  releaseWin(roundId: string): void;
  /** The wallet said what the balance is (insufficient funds): nothing is held back any more. */
  resetBalance(balance: string): void;
}

export function useShellBalance(session: RgsSession): ShellBalance {
  const { exponent, currency } = session;
  const [balance, setBalance] = useState(session.balance);
  /** Decimal wins not yet shown, by round id (the reels are still turning, the ball still falling). */
  const [heldWins, setHeldWins] = useState<Readonly<Record<string, string>>>({});

  const holdWin = useCallback((roundId: string, payout: string) => {
    setHeldWins((current) => ({ ...current, [roundId]: payout }));
  }, []);
  const releaseWin = useCallback((roundId: string) => {
    setHeldWins((current) => {
      if (!(roundId in current)) return current;
      const { [roundId]: _shown, ...rest } = current;
      return rest;
    });
  }, []);
  const resetBalance = useCallback((value: string) => {
    setBalance(value);
    setHeldWins({});
  }, []);

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

  return { shownBalance, setBalance, holdWin, releaseWin, resetBalance };
}
