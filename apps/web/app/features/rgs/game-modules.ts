/**
 * Which UI draws which engine. Each module is its own chunk, loaded by the game page
 * (`game-frame.tsx`) with the session, before the game's first render. A new engine's UI adds its
 * `GameModule` here the same way (one line each).
 */
import type { GameModule } from './shell/game-shell-context.ts';
import type { RgsEngine } from './shell/rgs-client.ts';

const MODULES: Partial<Record<RgsEngine, () => Promise<GameModule>>> = {
  slot: () => import('./slot/slot-game.tsx').then((module) => module.slotModule),
  dice: () => import('./dice/dice-game.tsx').then((module) => module.diceModule),
  plinko: () => import('./plinko/plinko-game.tsx').then((module) => module.plinkoModule),
  roulette: () => import('./roulette/roulette-game.tsx').then((module) => module.rouletteModule),
  blackjack: () => import('./blackjack/blackjack-game.tsx').then((module) => module.blackjackModule),
};

/** The engine's UI, or null when this build has none (the page then says the game is unavailable). */
export async function loadGameModule(engine: RgsEngine): Promise<GameModule | null> {
  const load = MODULES[engine];
  return load ? load() : null;
}
