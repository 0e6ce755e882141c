/**
 * Fairness and history: the player rotates seeds (the old server seed is revealed), lists their
 * rounds and opens one with everything that reproduces it.
 */
import { CLIENT_SEED } from '@croupier/games/fair';
import { currencyExponent } from '@croupier/money/currencies';
import { formatMinor } from '@croupier/money/decimal';
import type { Deps } from '../../deps.ts';
import { RgsError, roundNotFound } from './rgs.errors.ts';
import type { RgsRepository } from './rgs.repository.ts';
import {
  isRecord,
  newServerSeed,
  type RgsContext,
  type RgsMode,
  type RoundDetail,
  type RoundSummary,
  randomClientSeed,
  type SeedRotation,
} from './rgs-model.ts';
import type { RoundSupport } from './round-support.ts';
import { ROUND_ID } from './session-id.ts';

export const ROUNDS_LIST_DEFAULT = 20;
export const ROUNDS_LIST_MAX = 100;

export interface FairnessAndHistoryContext {
  deps: Pick<Deps, 'now'>;
  repository: RgsRepository;
  support: Pick<RoundSupport, 'engineOf'>;
}

export function createFairnessAndHistory({ deps, repository, support }: FairnessAndHistoryContext) {
  const { engineOf } = support;

  return {
    /** Reveals the active server seed and starts a new pair with the player's client seed. */
    async rotateSeeds(ctx: RgsContext, body: unknown): Promise<SeedRotation> {
      const clientSeed = isRecord(body) ? body.clientSeed : undefined;
      if (typeof clientSeed !== 'string' || !CLIENT_SEED.test(clientSeed)) {
        throw new RgsError(
          'seed_invalid',
          'The client seed must be 1 to 64 characters of A–Z, a–z, 0–9, _ or -',
          {
            field: 'clientSeed',
          },
        );
      }
      const playerKey = ctx.session.playerKey;
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const rotated = await repository.transaction(async (tx) => {
          await repository.ensureSeedPair(tx, {
            playerKey,
            ...newServerSeed(),
            clientSeed: randomClientSeed(),
            now: deps.now(),
          });
          const pair = await repository.lockActiveSeedPair(tx, playerKey);
          // A concurrent rotation revealed it while we waited: look again.
          if (!pair) return undefined;
          // Revealing the seed of an open round would show its future (blackjack's shoe).
          if (await repository.hasOpenRoundOnPair(tx, playerKey, pair.id)) {
            throw new RgsError('round_in_progress', 'Finish the round in progress before changing seeds');
          }
          await repository.revealSeedPair(tx, pair.id, deps.now());
          const next = newServerSeed();
          await repository.ensureSeedPair(tx, { playerKey, ...next, clientSeed, now: deps.now() });
          return {
            revealed: {
              serverSeed: pair.serverSeed,
              serverSeedHash: pair.serverSeedHash,
              clientSeed: pair.clientSeed,
              rounds: pair.nextNonce,
            },
            next: { serverSeedHash: next.serverSeedHash, clientSeed, nonce: 0 },
          };
        });
        if (rotated) return rotated;
      }
      throw new Error(`seed rotation for ${playerKey} kept racing`);
    },

    /** This player's rounds of this game code, newest first. */
    async listRounds(ctx: RgsContext, limitInput: unknown): Promise<{ rounds: RoundSummary[] }> {
      const parsed =
        typeof limitInput === 'string' && /^[0-9]{1,4}$/.test(limitInput) ? Number(limitInput) : NaN;
      const limit = Number.isInteger(parsed)
        ? Math.min(ROUNDS_LIST_MAX, Math.max(1, parsed))
        : ROUNDS_LIST_DEFAULT;
      const rows = await repository.listRounds(ctx.session.playerKey, ctx.game.code, limit);
      return {
        rounds: rows.map((row) => {
          const exponent = currencyExponent(row.currency);
          return {
            id: row.id,
            createdAt: row.createdAt.toISOString(),
            stake: formatMinor(row.stakeMinor, exponent),
            payout: formatMinor(row.payoutMinor, exponent),
            status: row.status,
            currency: row.currency,
            mode: row.mode as RgsMode,
          };
        }),
      };
    },

    /** One of this player's rounds with what reproduces it; another player's is "not found". */
    async roundDetail(ctx: RgsContext, roundId: string): Promise<RoundDetail> {
      if (!ROUND_ID.test(roundId)) throw roundNotFound();
      const round = await repository.findPlayerRound(roundId, ctx.session.playerKey);
      if (!round) throw roundNotFound();
      const [pair] = await repository.seedPairsByIds([round.seedPairId]);
      if (!pair) throw new Error(`round ${round.id} without its seed pair`);
      const exponent = currencyExponent(round.currency);
      return {
        id: round.id,
        createdAt: round.createdAt.toISOString(),
        stake: formatMinor(round.stakeMinor, exponent),
        payout: formatMinor(round.payoutMinor, exponent),
        status: round.status,
        currency: round.currency,
        mode: round.mode as RgsMode,
        game: round.engine,
        view: engineOf(round.engine).view(round.state),
        fairness: {
          serverSeedHash: pair.serverSeedHash,
          serverSeed: pair.status === 'revealed' ? pair.serverSeed : null,
          clientSeed: pair.clientSeed,
          nonce: round.nonce,
          bet: round.bet,
          actions: round.actions,
        },
      };
    },
  };
}
