/**
 * Test helpers for the game server: the app listening on a real port (the RGS calls the wallet API
 * over HTTP), with a small proxy as the "network" between the RGS and the platform so that tests
 * can lose a call or its answer; funded players; launches through the platform's real launch
 * tokens; and a client of the RGS client API as a game page would call it.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { freePort } from '@croupier/db/database';
import { sql } from 'drizzle-orm';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sessionIdHash } from './session-id.ts';

export type WalletFault = 'pass' | 'drop-request' | 'drop-answer' | 'error-503';

export interface WalletProxy {
  port: number;
  /** Wallet actions seen, in order (`bet`, `win` …), including the ones that were made to fail. */
  seen: string[];
  /** Decides per call what the network does with it. */
  fault: (action: string) => WalletFault;
  setTarget(base: string): void;
  close(): Promise<void>;
}

async function readBody(incoming: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An HTTP forwarder that can drop a call before the platform sees it, or drop the platform's answer. */
export async function startWalletProxy(): Promise<WalletProxy> {
  let target = '';
  const proxy: WalletProxy = {
    port: await freePort(),
    seen: [],
    fault: () => 'pass',
    setTarget(base) {
      target = base;
    },
    close: async () => {},
  };
  const server: Server = createServer(async (incoming, outgoing) => {
    const body = await readBody(incoming);
    const action = (incoming.url ?? '').split('/').pop() ?? '';
    proxy.seen.push(action);
    const fault = proxy.fault(action);
    if (fault === 'drop-request') {
      incoming.socket.destroy();
      return;
    }
    if (fault === 'error-503') {
      outgoing.writeHead(503, { 'content-type': 'application/json' }).end('{"status":"error"}');
      return;
    }
    const url = new URL(incoming.url ?? '/', target);
    const forwarded = httpRequest(
      url,
      { method: incoming.method, headers: { ...incoming.headers, host: url.host } },
      async (answer) => {
        const answerBody = await readBody(answer);
        if (fault === 'drop-answer') {
          // The platform did the call; the provider never hears of it.
          incoming.socket.destroy();
          return;
        }
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers).end(answerBody);
      },
    );
    forwarded.on('error', () => incoming.socket.destroy());
    forwarded.end(body);
  });
  await new Promise<void>((resolve) => server.listen(proxy.port, '127.0.0.1', resolve));
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}

export interface RgsHarness extends TestApp {
  base: string;
  proxy: WalletProxy;
  /** Moves the shared clock (platform and RGS) forward. */
  advance(ms: number): void;
  /** The shared clock. */
  now(): Date;
  close(): Promise<void>;
}

export async function createRgsHarness(
  options: { env?: Record<string, string>; rateLimiter?: RateLimiter } = {},
): Promise<RgsHarness> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const proxy = await startWalletProxy();
  proxy.setTarget(base);
  let offsetMs = 0;
  const t = await createTestApp({
    env: {
      PORT: String(port),
      PUBLIC_URL: base,
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      RGS_WALLET_URL: `http://127.0.0.1:${proxy.port}/gw/v1`,
      ...options.env,
    },
    now: () => new Date(Date.now() + offsetMs),
    ...(options.rateLimiter ? { rateLimiter: options.rateLimiter } : {}),
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return {
    ...t,
    base,
    proxy,
    advance(ms) {
      offsetMs += ms;
    },
    now: () => new Date(Date.now() + offsetMs),
    async close() {
      await t.close();
      await proxy.close();
    },
  };
}

/** A player with `amountMinor` EUR on their main balance (a deposit credited by the wallet service). */
export async function fundedPlayer(h: TestApp, amountMinor: bigint): Promise<bigint> {
  const { id } = await h.createPlayer();
  await h.database.db.execute(sql`UPDATE players SET currency = 'EUR' WHERE id = ${id}`);
  if (amountMinor > 0n) {
    await h.app.services.wallet.creditDeposit({
      playerId: id,
      currency: 'EUR',
      amountMinor,
      paymentId: `rgs-test-${id}-${amountMinor}`,
    });
  }
  return id;
}

export async function gameId(h: TestApp, code: string): Promise<bigint> {
  const rows = await h.database.db.execute<{ id: bigint }>(sql`SELECT id FROM games WHERE sysname = ${code}`);
  const id = rows.rows[0]?.id;
  if (id === undefined) throw new Error(`the catalogue has no game ${code}`);
  return BigInt(id);
}

/** The platform's launch token for a player, as the launcher would mint it. */
export async function launchToken(
  h: TestApp,
  playerId: bigint,
  code: string,
  mode: 'real' | 'demo' = 'real',
): Promise<string> {
  const { token } = await h.app.services.gameWallet.openSession({
    playerId,
    gameId: await gameId(h, code),
    provider: 'croupier-rgs',
    mode,
    currency: 'EUR',
  });
  return token;
}

/** GET /rgs/launch like the game frame: the redirect's location. */
export async function launch(h: RgsHarness, query: Record<string, string>): Promise<string> {
  const response = await fetch(`${h.base}/rgs/launch?${new URLSearchParams(query)}`, { redirect: 'manual' });
  await response.text();
  if (response.status !== 302) throw new Error(`launch answered ${response.status}`);
  return response.headers.get('location') ?? '';
}

export interface GameClient {
  session: string;
  get(path: string): Promise<{ status: number; body: Record<string, unknown> }>;
  post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
}

export function gameClient(h: RgsHarness, session: string): GameClient {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${h.base}/rgs/api${path}`, {
      method,
      headers: {
        'x-rgs-session': session,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return {
    session,
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
  };
}

/** Launches `code` for a player (a real launch token unless `mode` says demo) and opens a client. */
export async function playerSession(
  h: RgsHarness,
  playerId: bigint,
  code: string,
  mode: 'real' | 'demo' = 'real',
): Promise<GameClient> {
  const token = await launchToken(h, playerId, code, mode);
  const location = await launch(h, { token, game: code, mode, lang: 'en', currency: 'EUR' });
  const session = new URL(location, h.base).searchParams.get('session');
  if (!session) throw new Error(`launch went to ${location}`);
  return gameClient(h, session);
}

export async function guestSession(h: RgsHarness, code: string): Promise<GameClient> {
  const location = await launch(h, { game: code, mode: 'demo', lang: 'en' });
  const session = new URL(location, h.base).searchParams.get('session');
  if (!session) throw new Error(`guest launch went to ${location}`);
  return gameClient(h, session);
}

/** The RGS's player key of a session (what its rounds are filed under). */
export async function playerKeyOf(h: TestApp, session: string): Promise<string> {
  const rows = await h.database.db.execute<{ player_key: string }>(
    sql`SELECT player_key FROM rgs_sessions WHERE token_hash = ${sessionIdHash(session)}`,
  );
  const key = rows.rows[0]?.player_key;
  if (!key) throw new Error('unknown session');
  return key;
}
