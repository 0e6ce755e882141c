/**
 * Every in-house game engine by name: the game server, the verifier (browser and CLI) and the RTP
 * tool look engines up here.
 */
import { blackjackEngine } from './blackjack.ts';
import { diceEngine } from './dice.ts';
import type { GameEngine, GameName } from './engine.ts';
import { plinkoEngine } from './plinko.ts';
import { rouletteEngine } from './roulette.ts';
import { slotEngine } from './slot.ts';

/** Engines are generic in their bet and state types; here they are used through `unknown`. */
export const ENGINES: Record<GameName, GameEngine> = {
  slot: slotEngine as unknown as GameEngine,
  roulette: rouletteEngine as unknown as GameEngine,
  blackjack: blackjackEngine as unknown as GameEngine,
  dice: diceEngine as unknown as GameEngine,
  plinko: plinkoEngine as unknown as GameEngine,
};
