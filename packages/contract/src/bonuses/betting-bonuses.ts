/**
 * BettingBonuses.* (spec §7, issue #13, ADR 034): the bonuses of the betting kind (money on the
 * player's `betting_bonus` balance, staked on sports bets) through the same bonus engine and the
 * same shapes as bonuses.*; a bonus of another kind is `not_found` here.
 */
import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';
import { bonusIdInput } from './common.ts';
import { bonusesGet } from './get.ts';

/** The player's betting bonuses, newest first (the same parameters and fields as bonuses.get). */
export const bettingBonusesGet = defineMethod({
  name: 'BettingBonuses.get',
  http: 'GET',
  access: 'player',
  input: bonusesGet.input,
  output: bonusesGet.output,
});

/** Activates an available betting bonus: its money goes to the betting-bonus balance. */
export const bettingBonusesActivate = defineMethod({
  name: 'BettingBonuses.activate',
  http: 'POST',
  access: 'player',
  input: bonusIdInput,
  output: okOutput,
});

/** Removes a betting bonus: an available one is cancelled, a funded one burned. */
export const bettingBonusesRemove = defineMethod({
  name: 'BettingBonuses.remove',
  http: 'POST',
  access: 'player',
  input: bonusIdInput,
  output: okOutput,
});
