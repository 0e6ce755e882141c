/**
 * The in-house game server (ARCHITECTURE.md §5): a provider like any other. It launches sessions
 * from the platform's tokens, plays rounds with the provably-fair engines of packages/games, and
 * moves money only through the platform's wallet API over HTTP (wallet-client.ts), never through
 * the platform's tables or services.
 *
 * Money flow of a round (docs/game-wallet-protocol.md "Provider duties"):
 * 1. reserve: take the player's seed pair's next nonce, compute the step, write the round (`open`)
 *    and the bet call (`pending`, leased) in one commit — one statement claiming the nonce this
 *    process expects, or under the pair's lock when it expects none or another moved it (ADR 059);
 * 2. post the `bet` and wait for `ok` before anything of the outcome leaves the server;
 *    - `insufficient_funds` (or another refusal): the round is `cancelled`, the nonce stays used
 *      (honest: the outcome drawn for it is never shown, and the next round takes the next nonce);
 *    - no answer: the bet call is marked failed, a `rollback` for it joins the outbox, and the
 *      player gets wallet_unavailable;
 * 3. a finished round becomes `settling` with its `win` (0 closes a lost round) in the outbox,
 *    written in the commit that records the bet; the win is sent at once and, when that fails,
 *    by the background loop with exponential back-off until the platform answers (it accepts
 *    wins after the launch token expired). Transaction ids are unique for ever:
 *    `rgs-<round>-bet-<n>`, `rgs-<round>-win`, `rgs-<round>-rb-<n>`, so a resend is a duplicate the
 *    platform answers with its first result: a win is never paid twice.
 *
 * Blackjack's doubles, splits and insurance are more `bet` calls in the same round. A guest's demo
 * never calls the wallet: its FUN balance lives in the session row and moves in the round's commit.
 */
import type { GameEngine, GameName } from '@croupier/games/engine';
import type { Deps } from '../../deps.ts';
import { rgsCredentials } from '../../provider-credentials.ts';
import { createFairnessAndHistory } from './fairness-and-history.ts';
import { createRgsRepository } from './rgs.repository.ts';
import { CALL_LEASE_MS } from './rgs-model.ts';
import { createRoundSupport } from './round-support.ts';
import { createRounds } from './rounds.ts';
import { createSessions } from './sessions.ts';
import { createWalletCalls } from './wallet-calls.ts';
import { createWalletClient, DEFAULT_WALLET_TIMEOUT_MS } from './wallet-client.ts';

/** Rounds and actions per session per second (ARCHITECTURE.md §8: a limit on everything). */
export const DEFAULT_ROUNDS_PER_SECOND = 20;
const OUTBOX_BATCH = 20;
const MAX_BATCHES_PER_PASS = 10;
const DEFAULT_POLL_MS = 1_000;

export interface RgsServiceOptions {
  /** The engines by name (packages/games/src/registry.ts `ENGINES`). */
  engines: Readonly<Record<GameName, GameEngine>>;
  walletTimeoutMs?: number;
  roundsPerSecond?: number;
}

export function createRgsService(deps: Deps, options: RgsServiceOptions) {
  const { engines } = options;
  const repository = createRgsRepository(deps.db);
  const credentials = rgsCredentials(deps.config);
  const wallet = createWalletClient({
    walletUrl: credentials.walletUrl,
    providerId: credentials.providerId,
    secret: credentials.secret,
    timeoutMs: options.walletTimeoutMs ?? DEFAULT_WALLET_TIMEOUT_MS,
    nowSeconds: () => Math.floor(deps.now().getTime() / 1000),
  });
  const roundsPerSecond = options.roundsPerSecond ?? DEFAULT_ROUNDS_PER_SECOND;
  const later = (ms: number) => new Date(deps.now().getTime() + ms);
  const support = createRoundSupport({ deps, repository, wallet, engines, roundsPerSecond });
  const { deliverWin, processCall } = createWalletCalls({ deps, repository, wallet, later });
  const { startRound, roundAction } = createRounds({ deps, repository, wallet, later, support, deliverWin });
  const sessions = createSessions({ deps, repository, wallet, support });
  const fairnessAndHistory = createFairnessAndHistory({ deps, repository, support });

  // --- the background loop ------------------------------------------------------------------------

  // The outbox's passes run on the job queue (ADR 015): one pass per period across the nodes.
  const outbox = deps.jobs.recurring({
    name: 'RGS outbox',
    everyMs: DEFAULT_POLL_MS,
    pass: () => deliverDue(),
  });

  async function deliverDue(): Promise<number> {
    let handled = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch += 1) {
      const claimed = await repository.claimDueCalls(deps.now(), later(CALL_LEASE_MS), OUTBOX_BATCH);
      await Promise.all(
        claimed.map((call) =>
          processCall(call).catch((error: unknown) => {
            deps.log.error({ err: error, callId: call.id.toString() }, 'RGS outbox call failed');
          }),
        ),
      );
      handled += claimed.length;
      if (claimed.length < OUTBOX_BATCH) break;
    }
    return handled;
  }

  // --- public API ---------------------------------------------------------------------------------

  return {
    walletUrl: credentials.walletUrl,

    ...sessions,
    startRound,
    roundAction,
    ...fairnessAndHistory,

    /** One pass of the outbox: due wins and rollbacks are sent, abandoned bets rolled back. */
    deliverDue,

    /**
     * This node runs outbox passes (app ready): a pass, then a pause of a second, until stopped;
     * failed passes (the database away) are logged and retried with a growing pause.
     */
    start(): void {
      outbox.start();
    },

    async stop(): Promise<void> {
      await outbox.stop();
    },
  };
}

export type RgsService = ReturnType<typeof createRgsService>;
