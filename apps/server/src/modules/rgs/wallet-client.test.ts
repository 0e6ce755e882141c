import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureHeader } from '../../lib/signature.ts';
import { createWalletClient } from './wallet-client.ts';

const SECRET = 'rgs-test-secret-rgs-test-secret-0123456789';

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A fetch that records what was sent and answers with `reply` (or throws it). */
function fakeFetch(reply: () => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    sent.push({
      url: String(input),
      headers: Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>)),
      body: String(init?.body),
    });
    return reply();
  }) as typeof fetch;
  return { sent, fetchImpl };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function client(fetchImpl: typeof fetch, timeoutMs?: number) {
  return createWalletClient({
    walletUrl: 'http://wallet.test/gw/v1/',
    providerId: 'croupier-rgs',
    secret: SECRET,
    nowSeconds: () => 1_700_000_000,
    fetch: fetchImpl,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}

const bet = {
  token: 'tok_abcdefghijklmnop',
  transactionId: 'rgs-0123-bet-0',
  roundId: '0123',
  game: 'neon-reels',
  amount: '1.50',
  currency: 'EUR',
};

describe('signatureHeader', () => {
  it('is t=<seconds>,v1=<hex HMAC-SHA256(secret, "t.body")> per the protocol', () => {
    // Vectors computed with Python's hmac module, independently of node:crypto.
    expect(signatureHeader('secret', 1_700_000_000, '{"token":"x"}')).toBe(
      't=1700000000,v1=37a8647cdad85e38a5eb6065c6050ad1888842db9704b8af42bb112c7590e62a',
    );
    expect(signatureHeader('key', 0, '')).toBe(
      't=0,v1=85841b4efc3cd7776c3c8f9b7cca9e281c550e5d19889d78e9e669c6337f000d',
    );
  });

  it('changes with the secret, the time and every byte of the body', () => {
    const header = signatureHeader('secret', 1, 'body');
    expect(header).toMatch(/^t=1,v1=[0-9a-f]{64}$/);
    expect(signatureHeader('other', 1, 'body')).not.toBe(header);
    expect(signatureHeader('secret', 2, 'body')).not.toBe(header);
    expect(signatureHeader('secret', 1, 'body ')).not.toBe(header);
  });
});

describe('wallet client', () => {
  it('POSTs the signed body to {walletUrl}/{action} with the provider header', async () => {
    const { sent, fetchImpl } = fakeFetch(() =>
      json({ status: 'ok', balance: '98.50', currency: 'EUR', transaction_id: 'gw-1' }),
    );
    const result = await client(fetchImpl).bet(bet);
    expect(result).toEqual({
      kind: 'ok',
      answer: { status: 'ok', balance: '98.50', currency: 'EUR', transaction_id: 'gw-1' },
    });
    expect(sent).toHaveLength(1);
    const call = sent[0]!;
    expect(call.url).toBe('http://wallet.test/gw/v1/bet');
    expect(call.headers['x-provider']).toBe('croupier-rgs');
    expect(call.headers['content-type']).toBe('application/json');
    expect(JSON.parse(call.body)).toEqual({
      token: bet.token,
      transaction_id: bet.transactionId,
      round_id: bet.roundId,
      game: bet.game,
      amount: '1.50',
      currency: 'EUR',
    });
    // The signature covers the exact bytes sent.
    const expected = createHmac('sha256', SECRET).update(`1700000000.${call.body}`).digest('hex');
    expect(call.headers['x-signature']).toBe(`t=1700000000,v1=${expected}`);
  });

  it('sends rollbacks with the reference transaction id', async () => {
    const { sent, fetchImpl } = fakeFetch(() =>
      json({ status: 'ok', balance: '100.00', currency: 'EUR', transaction_id: 'gw-2' }),
    );
    await client(fetchImpl).rollback({
      token: bet.token,
      transactionId: 'rgs-0123-rb-0',
      referenceTransactionId: 'rgs-0123-bet-0',
      roundId: '0123',
      game: 'neon-reels',
    });
    expect(sent[0]!.url).toBe('http://wallet.test/gw/v1/rollback');
    expect(JSON.parse(sent[0]!.body)).toEqual({
      token: bet.token,
      transaction_id: 'rgs-0123-rb-0',
      reference_transaction_id: 'rgs-0123-bet-0',
      round_id: '0123',
      game: 'neon-reels',
    });
  });

  it('types an error answer as refused, keeping its balance', async () => {
    const { fetchImpl } = fakeFetch(() =>
      json({ status: 'error', code: 'insufficient_funds', balance: '0.40', currency: 'EUR' }),
    );
    const result = await client(fetchImpl).bet(bet);
    expect(result).toMatchObject({ kind: 'refused', code: 'insufficient_funds', httpStatus: 200 });
    if (result.kind === 'refused') expect(result.answer.balance).toBe('0.40');
  });

  it('types a bad signature (401) and a malformed request (400) as refused', async () => {
    const unauthorized = fakeFetch(() => json({ status: 'error', code: 'invalid_signature' }, 401));
    expect(await client(unauthorized.fetchImpl).balance({ token: bet.token })).toMatchObject({
      kind: 'refused',
      code: 'invalid_signature',
      httpStatus: 401,
    });
    const malformed = fakeFetch(() => new Response('nope', { status: 400 }));
    expect(await client(malformed.fetchImpl).balance({ token: bet.token })).toMatchObject({
      kind: 'refused',
      code: 'invalid_request',
      httpStatus: 400,
    });
  });

  it('types 5xx, network errors, timeouts and non-protocol answers as unavailable', async () => {
    const serverError = fakeFetch(() => json({ status: 'ok' }, 503));
    expect((await client(serverError.fetchImpl).win(bet)).kind).toBe('unavailable');

    const network = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    expect(await client(network.fetchImpl).win(bet)).toEqual({
      kind: 'unavailable',
      reason: 'TypeError: fetch failed',
    });

    const html = fakeFetch(() => new Response('<html>', { status: 200 }));
    expect((await client(html.fetchImpl).win(bet)).kind).toBe('unavailable');

    const incomplete = fakeFetch(() => json({ status: 'ok', balance: '1.00' }));
    expect(await client(incomplete.fetchImpl).win(bet)).toMatchObject({
      kind: 'unavailable',
      reason: 'ok answer without currency',
    });

    const hanging = ((_input: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as typeof fetch;
    const started = performance.now();
    const result = await client(hanging, 50).win(bet);
    expect(result.kind).toBe('unavailable');
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('checks the fields an authenticate answer must carry', async () => {
    const { fetchImpl } = fakeFetch(() =>
      json({
        status: 'ok',
        balance: '10.00',
        currency: 'EUR',
        player_id: '42',
        mode: 'real',
        session_expires_at: '2030-01-01T00:00:00Z',
      }),
    );
    const result = await client(fetchImpl).authenticate({ token: bet.token, game: 'neon-reels' });
    expect(result.kind).toBe('ok');
    if (result.kind === 'ok') expect(result.answer.player_id).toBe('42');
  });
});
