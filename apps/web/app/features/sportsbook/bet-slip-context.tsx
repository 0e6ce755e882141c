/**
 * The bet slip's provider (ADR 035): the slip state (persisted in localStorage), the player's
 * betting preferences (odds format and odds-change acceptance, stored in the browser as the
 * player's setting), and the quotes: every change of legs, mode or stake asks `sportsbook.quote`
 * again after a short pause (debounced in the change's own handler, never in an effect). While a
 * leg is suspended, the slip asks again every few seconds, so it reopens when the market does
 * (nothing else would ask: the player has nothing to change while Place is disabled).
 */
import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBrowserApi } from '../auth/use-auth-actions.ts';
import { isOddsFormat, type OddsFormat } from './odds-format.ts';
import { stakeText } from './slip-maths.ts';
import {
  COMBO_STAKE,
  comboKind,
  EMPTY_SLIP,
  legKey,
  parseStoredSlip,
  SLIP_STORAGE_KEY,
  type SlipAction,
  type SlipState,
  serializeSlip,
  slipReducer,
} from './slip-state.ts';
import { SPORTSBOOK_REFRESH_MS } from './sportsbook-paths.ts';

export const QUOTE_DEBOUNCE_MS = 400;
/** How often a slip with a suspended leg asks again (the betting pages refresh as often). */
export const SUSPENDED_REQUOTE_MS = SPORTSBOOK_REFRESH_MS;
export const ODDS_FORMAT_STORAGE_KEY = 'croupier_odds_format';
export const ACCEPT_ODDS_STORAGE_KEY = 'croupier_accept_odds';

export type AcceptOdds = 'none' | 'higher' | 'any';
const ACCEPT_VALUES: readonly AcceptOdds[] = ['none', 'higher', 'any'];

type Money = { amount: string; currency: string };

export interface SlipQuote {
  potential_payout: Money | null;
  total_stake: Money | null;
  max_stake: Money;
  min_stake: Money;
  placeable: boolean;
  reason: string | null;
}

interface BetSlipApi {
  state: SlipState;
  act(action: SlipAction): void;
  /** Quotes per line key (a leg's key in singles mode, `combo` otherwise). */
  quotes: Readonly<Record<string, SlipQuote>>;
  quoting: boolean;
  oddsFormat: OddsFormat;
  setOddsFormat(format: OddsFormat): void;
  acceptOdds: AcceptOdds;
  setAcceptOdds(value: AcceptOdds): void;
  isSelected(key: string): boolean;
  /** Asks the quote again now (after a refusal, or to refresh the odds). */
  requote(): void;
}

const BetSlipContext = createContext<BetSlipApi | null>(null);

export function useBetSlip(): BetSlipApi {
  const slip = use(BetSlipContext);
  if (!slip) throw new Error('useBetSlip must be used below <BetSlipProvider>');
  return slip;
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full storage: the slip lives on in memory.
  }
}

export function BetSlipProvider({ children }: { children: ReactNode }) {
  const api = useBrowserApi();
  const [state, setState] = useState<SlipState>(EMPTY_SLIP);
  const [quotes, setQuotes] = useState<Record<string, SlipQuote>>({});
  const [quoting, setQuoting] = useState(false);
  const [oddsFormat, setOddsFormatState] = useState<OddsFormat>('decimal');
  const [acceptOdds, setAcceptOddsState] = useState<AcceptOdds>('none');
  const latest = useRef(state);
  const timer = useRef<number | undefined>(undefined);
  const generation = useRef(0);

  // The stored slip and settings once in the browser (the server renders the empty slip).
  useEffect(() => {
    const stored = parseStoredSlip(readStorage(SLIP_STORAGE_KEY));
    latest.current = stored;
    setState(stored);
    const format = readStorage(ODDS_FORMAT_STORAGE_KEY);
    if (isOddsFormat(format)) setOddsFormatState(format);
    const accept = readStorage(ACCEPT_ODDS_STORAGE_KEY);
    if (accept && (ACCEPT_VALUES as readonly string[]).includes(accept))
      setAcceptOddsState(accept as AcceptOdds);
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const runQuote = useCallback(
    async (slip: SlipState) => {
      const mine = ++generation.current;
      const requests: { key: string; kind: string; legs: SlipState['legs']; stake: string }[] = [];
      const combo = comboKind(slip);
      if (slip.mode === 'singles' || !combo) {
        for (const leg of slip.legs) {
          requests.push({
            key: legKey(leg),
            kind: 'single',
            legs: [leg],
            stake: slip.stakes[legKey(leg)] ?? '',
          });
        }
      } else {
        requests.push({
          key: COMBO_STAKE,
          kind: combo,
          legs: slip.legs,
          stake: slip.stakes[COMBO_STAKE] ?? '',
        });
      }
      if (requests.length === 0) return;
      setQuoting(true);
      const results = await Promise.allSettled(
        requests.map((request) => {
          const stake = stakeText(request.stake);
          return api.call('sportsbook.quote', {
            kind: request.kind,
            selections: JSON.stringify(
              request.legs.map(({ event_id, market_key, outcome_key, odds_milli }) => ({
                event_id,
                market_key,
                outcome_key,
                odds_milli,
              })),
            ),
            ...(stake === null ? {} : { stake }),
            source: slip.source,
            accept_odds: 'none',
          });
        }),
      );
      if (mine !== generation.current) return;
      const next: Record<string, SlipQuote> = {};
      const selections: {
        event_id: string;
        market_key: string;
        outcome_key: string;
        odds_milli: number;
        active: boolean;
      }[] = [];
      results.forEach((result, index) => {
        const request = requests[index];
        if (result.status !== 'fulfilled' || !request) return;
        const quote = result.value;
        next[request.key] = {
          potential_payout: quote.potential_payout,
          total_stake: quote.total_stake,
          max_stake: quote.max_stake,
          min_stake: quote.min_stake,
          placeable: quote.placeable,
          reason: quote.reason,
        };
        selections.push(...quote.selections);
      });
      setQuotes(next);
      setQuoting(false);
      if (selections.length > 0) {
        const updated = slipReducer(latest.current, { type: 'quoted', selections });
        latest.current = updated;
        setState(updated);
      }
    },
    [api],
  );

  // A suspended leg (a bet stop, a feed recovery) reopens on its own: ask while the tab is seen.
  const suspended = state.legs.some((leg) => leg.suspended);
  useEffect(() => {
    if (!suspended) return;
    const handle = window.setInterval(() => {
      if (document.visibilityState !== 'hidden') void runQuote(latest.current);
    }, SUSPENDED_REQUOTE_MS);
    return () => window.clearInterval(handle);
  }, [suspended, runQuote]);

  const schedule = useCallback(
    (slip: SlipState) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void runQuote(slip), QUOTE_DEBOUNCE_MS);
    },
    [runQuote],
  );

  const act = useCallback(
    (action: SlipAction) => {
      const next = slipReducer(latest.current, action);
      latest.current = next;
      setState(next);
      writeStorage(SLIP_STORAGE_KEY, serializeSlip(next));
      if (action.type !== 'quoted' && action.type !== 'acceptChanges') schedule(next);
    },
    [schedule],
  );

  const value = useMemo<BetSlipApi>(() => {
    const selected = new Set(state.legs.map(legKey));
    return {
      state,
      act,
      quotes,
      quoting,
      oddsFormat,
      setOddsFormat(format) {
        setOddsFormatState(format);
        writeStorage(ODDS_FORMAT_STORAGE_KEY, format);
      },
      acceptOdds,
      setAcceptOdds(accept) {
        setAcceptOddsState(accept);
        writeStorage(ACCEPT_ODDS_STORAGE_KEY, accept);
      },
      isSelected: (key) => selected.has(key),
      requote: () => void runQuote(latest.current),
    };
  }, [state, act, quotes, quoting, oddsFormat, acceptOdds, runQuote]);

  return <BetSlipContext value={value}>{children}</BetSlipContext>;
}
