/**
 * Test helpers for the game wallet: a test app with a movable clock, a demo studio and game of the
 * in-house provider, sessions opened like the launcher does, and wallet calls signed like a
 * provider signs them (HMAC-SHA256 over `${t}.${raw body}` with the provider's secret).
 */

import { createHmac } from 'node:crypto';
import { minorUnitsPerMajor } from '@croupier/money/decimal';
import { sql } from 'drizzle-orm';
import { rgsCredentials } from '../../provider-credentials.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

export interface WalletReply {
  status: number;
  body: Record<string, string>;
}

export interface CallOptions {
  provider?: string;
  secret?: string;
  /** Signature timestamp (unix seconds); defaults to the app's clock. */
  t?: number;
  /** Replaces the whole X-Signature header. */
  signature?: string | null;
  /** Sent as is instead of JSON.stringify(body). */
  raw?: string | Buffer;
  contentType?: string | null;
}

export interface WalletHarness extends TestApp {
  secret: string;
  providerId: string;
  gameId: bigint;
  gameCode: string;
  /** Moves the app's clock (and the signatures' timestamps) forward. */
  advance(ms: number): void;
  nowMs(): number;
  call(action: string, body: unknown, options?: CallOptions): Promise<WalletReply>;
  /** A call on the harness's game that must succeed (HTTP 200, status ok); throws with the answer otherwise. */
  callOk(action: 'bet' | 'win' | 'rollback', body: Record<string, string>): Promise<WalletReply>;
  /** A player with a real (default) or demo session in `currency`, and `deposit` major units on main. */
  player(options?: {
    mode?: 'real' | 'demo';
    currency?: string;
    deposit?: bigint;
  }): Promise<{ id: bigint; token: string }>;
  mainMinor(playerId: bigint, currency?: string): Promise<bigint>;
  funMinor(playerId: bigint, currency?: string): Promise<bigint>;
  count(
    table: 'game_wallet_transactions' | 'game_rounds' | 'ledger_transactions' | 'game_sessions',
  ): Promise<number>;
}

export function sign(secret: string, t: number, raw: string | Buffer): string {
  const mac = createHmac('sha256', secret);
  mac.update(`${t}.`);
  mac.update(raw);
  return `t=${t},v1=${mac.digest('hex')}`;
}

let deposits = 0;

export async function createWalletHarness(): Promise<WalletHarness> {
  let offsetMs = 0;
  const nowMs = () => Date.now() + offsetMs;
  const t = await createTestApp({ now: () => new Date(nowMs()) });
  const credentials = rgsCredentials(t.config);
  const db = t.database.db;
  const provider = await db.execute<{ id: number }>(sql`
    INSERT INTO game_providers (sysname, name, wallet_provider, launch_url)
    VALUES ('gw-test-studio', 'Wallet Test Studio', ${credentials.providerId}, '/rgs/launch') RETURNING id`);
  const providerRowId = provider.rows[0]?.id;
  const gameCode = 'gw-test-slot';
  const game = await db.execute<{ id: bigint }>(sql`
    INSERT INTO games (sysname, name, provider_id, provider_game_code, type, description, image_url)
    VALUES (${gameCode}, 'Wallet Test Slot', ${providerRowId}, ${gameCode}, 'slot',
            '{"en":"Test","fr":"Test"}'::jsonb, '/test.png') RETURNING id`);
  const gameId = BigInt(game.rows[0]?.id ?? 0);

  const balance = async (playerId: bigint, currency: string, kind: 'main' | 'fun') =>
    t.app.services.wallet.balanceMinor(playerId, currency, kind);

  const harness: WalletHarness = {
    ...t,
    secret: credentials.secret,
    providerId: credentials.providerId,
    gameId,
    gameCode,
    advance(ms) {
      offsetMs += ms;
    },
    nowMs,
    async call(action, body, options = {}) {
      const raw = options.raw ?? JSON.stringify(body);
      const headers: Record<string, string> = {
        'x-provider': options.provider ?? credentials.providerId,
      };
      const signature =
        options.signature === undefined
          ? sign(options.secret ?? credentials.secret, options.t ?? Math.floor(nowMs() / 1000), raw)
          : options.signature;
      if (signature !== null) headers['x-signature'] = signature;
      const contentType = options.contentType === undefined ? 'application/json' : options.contentType;
      if (contentType !== null) headers['content-type'] = contentType;
      const response = await t.app.inject({ method: 'POST', url: `/gw/v1/${action}`, headers, payload: raw });
      return { status: response.statusCode, body: response.json() };
    },
    async callOk(action, body) {
      const reply = await harness.call(action, { game: gameCode, ...body });
      if (reply.status !== 200 || reply.body.status !== 'ok') {
        throw new Error(`${action} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      }
      return reply;
    },
    async player(options = {}) {
      const currency = options.currency ?? 'EUR';
      const { id } = await t.createPlayer();
      if (options.deposit && options.deposit > 0n) {
        deposits += 1;
        const exponent = await t.app.services.wallet.exponentOf(currency);
        await t.app.services.wallet.creditDeposit({
          playerId: id,
          currency,
          amountMinor: options.deposit * minorUnitsPerMajor(exponent),
          paymentId: `gw-test-${deposits}-${id}`,
        });
      }
      const session = await t.app.services.gameWallet.openSession({
        playerId: id,
        gameId,
        provider: credentials.providerId,
        mode: options.mode ?? 'real',
        currency,
      });
      return { id, token: session.token };
    },
    mainMinor: (playerId, currency = 'EUR') => balance(playerId, currency, 'main'),
    funMinor: (playerId, currency = 'EUR') => balance(playerId, currency, 'fun'),
    async count(table) {
      const rows = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
      );
      return rows.rows[0]?.n ?? 0;
    },
  };
  return harness;
}
