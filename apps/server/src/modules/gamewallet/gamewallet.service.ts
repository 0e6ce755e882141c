/**
 * The platform's seamless wallet for game providers (docs/game-wallet-protocol.md): launch sessions
 * for the catalogue's launcher, and the signed `authenticate`, `balance`, `bet`, `win`, `rollback`
 * calls of the providers. Money moves only through the wallet service (the ledger), inside the same
 * transaction as the record of the call, so a call either happened completely or not at all, and
 * its stored answer is what a replay of its transaction id gets.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { minorUnitsPerMajor } from '@croupier/money/decimal';
import type { FastifyBaseLogger } from 'fastify';
import { appSecret } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyWebhookSignature } from '../../lib/signature.ts';
import { playerStatusSql } from '../accounts/accounts.service.ts';
import { isWalletGameSql, providerGameCodeSql, walletProviderSql } from '../games/games.service.ts';
import type { MetadataService } from '../metadata/metadata.service.ts';
import { gameBalancesLockSql, type WalletService } from '../wallet/wallet.service.ts';
import {
  canonical,
  createCallSupport,
  DEMO_BALANCE_MAJOR,
  fail,
  GAME_SESSION_TTL_MS,
  utf8,
} from './call-support.ts';
import { createProviderRegistry, type ProviderRegistry } from './gamewallet.providers.ts';
import { createGameWalletRepository, type SessionMode, type StoredAnswer } from './gamewallet.repository.ts';
import {
  isWalletAction,
  REQUEST_SCHEMAS,
  type SportCancelRequest,
  type SportReserveRequest,
  type SportSettleRequest,
  type WalletAction,
} from './gamewallet.schemas.ts';
import { createSportActions } from './sport-actions.ts';
import { type CheckBet, createWalletActions, type FreeRoundHooks } from './wallet-actions.ts';

export { type BetRefusalCode, BetRefused, type CheckBet, type FreeRoundHooks } from './wallet-actions.ts';

export interface GameWalletAnswer {
  httpStatus: number;
  body: StoredAnswer;
}

export interface OpenSessionInput {
  playerId: bigint;
  gameId: bigint;
  /** The seamless-wallet provider id (`game_providers.wallet_provider`), e.g. `croupier-rgs`. */
  provider: string;
  mode: SessionMode;
  currency: string;
}

export interface WalletCall {
  /** The `X-Provider` header. */
  provider: string | undefined;
  /** The `{action}` of `POST /gw/v1/{action}`. */
  action: string;
  rawBody: Buffer;
  /** The `X-Signature` header. */
  signature: string | undefined;
}

export function createGameWalletService(
  deps: Pick<Deps, 'db' | 'log' | 'now' | 'config'>,
  collaborators: {
    wallet: WalletService;
    metadata: MetadataService;
    providers?: ProviderRegistry;
    /** Blocks real-money bets over a limit (the bonuses service's max bet while wagering). */
    checkBet?: CheckBet;
    /** What a free round does to its bonus (ADR 024): the bonuses service. */
    freeRounds?: FreeRoundHooks;
    /** Blocks a sports stake over a limit (responsible gaming, the betting bonus's max bet; ADR 031). */
    checkSportBet?: CheckBet;
    /** Refuses a real-money session of a player who may not play now (responsible gaming, ADR 025). */
    realPlayGate?: (playerId: bigint) => Promise<void>;
  },
) {
  const { wallet, metadata } = collaborators;
  const providers = collaborators.providers ?? createProviderRegistry(deps.config);
  const repository = createGameWalletRepository(deps.db, {
    playerStatus: playerStatusSql,
    providerGameCode: providerGameCodeSql,
    isWalletGame: isWalletGameSql,
    walletProvider: walletProviderSql,
    lockGameBalances: gameBalancesLockSql,
  });
  const playerKeySecret = createHmac('sha256', appSecret(deps.config))
    .update('gamewallet:player-id')
    .digest();
  const support = createCallSupport({ deps, metadata, repository, playerKeySecret });
  const { tokenHashOf } = support;
  const { perform } = createWalletActions({
    deps,
    wallet,
    repository,
    support,
    checkBet: collaborators.checkBet,
    freeRounds: collaborators.freeRounds,
  });
  const sport = createSportActions({
    deps,
    wallet,
    repository,
    support,
    checkBet: collaborators.checkSportBet,
  });

  function dispatch(provider: string, action: WalletAction, input: unknown): Promise<StoredAnswer> {
    switch (action) {
      case 'sport_reserve':
        return sport.reserve(provider, input as SportReserveRequest);
      case 'sport_settle':
        return sport.settle(provider, input as SportSettleRequest);
      case 'sport_resettle':
        return sport.resettle(provider, input as SportSettleRequest);
      case 'sport_cancel':
        return sport.cancel(provider, input as SportCancelRequest);
      default:
        return perform(provider, action, input);
    }
  }

  return {
    // The read model of this module's rounds, for the games module's history and winners list.
    playerRounds: repository.playerRounds,
    countPlayerRounds: repository.countPlayerRounds,
    bigWins: repository.bigWins,
    roundTotals: repository.roundTotals,
    largestWins: repository.largestWins,

    /**
     * Opens a game session for the launcher: a 256-bit token for the provider's launch URL (only
     * its SHA-256 is stored), valid `GAME_SESSION_TTL_MS` and sliding with each call. A demo
     * session first brings the player's fun balance up to `DEMO_BALANCE_MAJOR` (once per session,
     * serialized per player). Refuses a banned or deleted player (`player_blocked`), an unknown
     * provider, a game that is not this provider's, an unsupported currency.
     */
    async openSession(input: OpenSessionInput): Promise<{ token: string; expiresAt: Date }> {
      if (!providers.find(input.provider)) {
        throw new AppError('InvalidParameterException', {
          code: 'provider_unknown',
          fields: { provider: 'unknown' },
        });
      }
      if (input.mode !== 'real' && input.mode !== 'demo') {
        throw new AppError('InvalidParameterException', {
          code: 'invalid_parameter',
          fields: { mode: 'invalid' },
        });
      }
      if (input.mode === 'real' && collaborators.realPlayGate)
        await collaborators.realPlayGate(input.playerId);
      const exponent = await wallet.exponentOf(input.currency);
      const token = randomBytes(32).toString('base64url');
      const now = deps.now();
      const expiresAt = new Date(now.getTime() + GAME_SESSION_TTL_MS);
      await repository.transaction(async (repo, tx) => {
        const sessionId = await repo.insertSession({
          tokenHash: tokenHashOf(token),
          provider: input.provider,
          playerId: input.playerId,
          gameId: input.gameId,
          mode: input.mode,
          currency: input.currency,
          now,
          expiresAt,
        });
        if (sessionId === null) {
          const obstacle = await repo.sessionObstacle(input.playerId, input.gameId, input.provider);
          if (obstacle.playerStatus === 'banned') {
            throw new AppError('UserBannedException', { code: 'player_blocked' });
          }
          if (obstacle.playerStatus === 'deleted') {
            throw new AppError('UserDeletedException', { code: 'player_blocked' });
          }
          if (obstacle.playerStatus === null) throw new AppError('AuthorizationException');
          throw new AppError('InvalidParameterException', {
            code: 'game_not_found',
            fields: { game: 'not_found' },
          });
        }
        if (input.mode === 'demo') {
          await repo.lockFunTopUp(input.playerId, input.currency);
          await wallet.topUpFunBalance(
            {
              playerId: input.playerId,
              currency: input.currency,
              targetMinor: DEMO_BALANCE_MAJOR * minorUnitsPerMajor(exponent),
              idempotencyKey: `gw:${input.provider}:fun-topup:${sessionId}`,
            },
            { tx },
          );
        }
      });
      return { token, expiresAt };
    },

    /**
     * One wallet API call, from raw bytes to the answer: provider and signature first (nothing is
     * read or written for an unauthenticated call), then the action, the JSON, the shape, and the
     * action itself. Unexpected failures throw (the route answers 5xx; the provider retries).
     */
    async handleCall(call: WalletCall, log: FastifyBaseLogger = deps.log): Promise<GameWalletAnswer> {
      const provider = providers.find(call.provider);
      const nowSeconds = Math.floor(deps.now().getTime() / 1000);
      const verified =
        provider?.secrets.some(
          (secret) => verifyWebhookSignature(secret, call.signature, call.rawBody, nowSeconds).ok,
        ) ?? false;
      if (!provider || !verified) {
        log.warn(
          { provider: call.provider?.slice(0, 40), known: provider !== undefined },
          'game wallet call refused: signature',
        );
        return { httpStatus: 401, body: fail('invalid_signature') };
      }
      if (!isWalletAction(call.action)) {
        return { httpStatus: 404, body: fail('invalid_request', { field: 'action' }) };
      }
      let json: unknown;
      try {
        json = JSON.parse(utf8.decode(call.rawBody));
      } catch {
        return { httpStatus: 400, body: fail('invalid_request') };
      }
      if (typeof json !== 'object' || json === null || Array.isArray(json)) {
        return { httpStatus: 400, body: fail('invalid_request') };
      }
      const parsed = REQUEST_SCHEMAS[call.action].safeParse(json);
      if (!parsed.success) {
        const field = parsed.error.issues[0]?.path[0];
        return { httpStatus: 200, body: fail('invalid_request', { field: String(field ?? '') }) };
      }
      const body = canonical(await dispatch(provider.id, call.action, parsed.data));
      if (body.status !== 'ok')
        log.info({ action: call.action, code: body.code }, 'game wallet call refused');
      return { httpStatus: 200, body };
    },
  };
}

export type GameWalletService = ReturnType<typeof createGameWalletService>;
