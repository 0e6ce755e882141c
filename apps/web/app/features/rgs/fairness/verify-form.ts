/**
 * Runs the verifier of packages/games (the same code the game server and `npm run verify-round`
 * use) on the form's values, in the browser. Every failure is a typed result, never a throw: field
 * problems (malformed seed, JSON …), the engine refusing the bet or the actions (GameInputError),
 * or anything unexpected.
 */
import { GameInputError } from '@croupier/games/engine';
import { type Replay, replayRound } from '@croupier/games/verify';
import {
  type FairnessField,
  type FairnessForm,
  type FieldProblem,
  parseForm,
  type RoundInput,
} from './fairness-input.ts';

export type Verification =
  | { kind: 'verified'; record: RoundInput; replay: Replay }
  | { kind: 'problems'; problems: Partial<Record<FairnessField, FieldProblem>> }
  | { kind: 'rejected'; code: string; field: string | undefined; message: string }
  | { kind: 'failed'; message: string };

export function verifyForm(form: FairnessForm): Verification {
  const parsed = parseForm(form);
  if (!parsed.ok) return { kind: 'problems', problems: parsed.problems };
  try {
    return { kind: 'verified', record: parsed.record, replay: replayRound(parsed.record) };
  } catch (error) {
    if (error instanceof GameInputError) {
      return { kind: 'rejected', code: error.code, field: error.field, message: error.message };
    }
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}
