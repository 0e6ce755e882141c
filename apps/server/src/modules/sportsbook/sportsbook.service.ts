/**
 * The in-house sportsbook (ARCHITECTURE.md §5, ADR 030): a provider with its own tables. This part
 * runs the odds feed (the simulator by default) through the consumer as a recurring pass on the job
 * queue and answers the catalogue's read methods; its betting engine (bets/, ADR 034) settles bets
 * from `feed.hooks`.
 */
import type { Deps } from '../../deps.ts';
import { type BetsCollaborators, createBetsService } from './bets/bets.service.ts';
import { createTradingDesk } from './bets/trading.service.ts';
import { createFeedConsumer } from './catalogue/consumer.ts';
import { createCatalogueReader } from './catalogue/read.ts';
import type { FeedAdapter } from './feed/adapter.ts';
import { KNOWN_PRODUCERS } from './feed/messages.ts';
import { createSimulatorAdapter } from './simulator/simulator.ts';

/** The feed pass runs this long after the previous one ended (a simulated second or so of play). */
export const FEED_POLL_MS = 2000;

export function createSportsbookService(
  deps: Deps,
  collaborators: BetsCollaborators,
  options: { adapter?: FeedAdapter; liveDelayMs?: number } = {},
) {
  const { config } = deps;
  const feed = createFeedConsumer(
    { db: deps.db, now: () => deps.now(), log: deps.log },
    { producers: KNOWN_PRODUCERS },
  );
  const adapter =
    options.adapter ??
    (config.SPORTSBOOK_FEED === 'simulator'
      ? createSimulatorAdapter({
          seed: config.SPORTSBOOK_SIMULATOR_SEED,
          margin: config.SPORTSBOOK_MARGIN,
          speed: config.SPORTSBOOK_SIMULATOR_SPEED,
          kickoffShiftMs: config.SPORTSBOOK_SIMULATOR_KICKOFF_SHIFT_MS,
        })
      : null);
  // The betting engine settles bets from the consumer's hooks, in each message's transaction.
  const bets = createBetsService(deps, collaborators, {
    ...(options.liveDelayMs !== undefined ? { liveDelayMs: options.liveDelayMs } : {}),
  });
  bets.register(feed.hooks);
  const pass = adapter
    ? deps.jobs.recurring({ name: 'sportsbook feed', everyMs: FEED_POLL_MS, pass: () => feed.pass(adapter) })
    : null;
  return {
    feed,
    adapter,
    bets,
    /** The trading desk (ADR 047): holds, liability, manual settlement through `feed`. */
    trading: createTradingDesk(
      { db: deps.db, now: () => deps.now() },
      {
        feed,
        deliverDue: () => bets.deliverDue(),
        exponentOf: (currency) => collaborators.exponentOf(currency),
      },
    ),
    ...createCatalogueReader({ db: deps.db, now: () => deps.now() }),
    /** The feed's recurring pass takes part (when a feed is configured). */
    start() {
      pass?.start();
      bets.start();
    },
    async stop() {
      await pass?.stop();
      await bets.stop();
    },
    /**
     * Runs the feed's pass now and waits for it (tests). A pass in flight on this node is waited for
     * first: asking the queue for a pass while its job is locked answers no job id (lib/jobs.ts).
     */
    async runFeedNow(maxWaitMs = 10_000) {
      if (!pass) return;
      const deadline = Date.now() + maxWaitMs;
      while (pass.running && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      await pass.runNow(Math.max(0, deadline - Date.now()));
    },
  };
}

export type SportsbookService = ReturnType<typeof createSportsbookService>;
