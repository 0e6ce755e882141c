import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { JsonPost, PostAnswer } from '../../lib/json-post.ts';
import { signatureHeader } from '../../lib/signature.ts';
import { createWalletClient } from './wallet-client.ts';

const SECRET = 'rgs-test-secret-rgs-test-secret-0123456789';

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** A transport that records what was sent and answers with `reply` (or throws it). */
function fakePost(reply: () => PostAnswer | Promise<PostAnswer>) {
  const sent: Sent[] = [];
  const post: JsonPost = async (url, request) => {
    sent.push({ url, headers: { ...request.headers }, body: request.body, timeoutMs: request.timeoutMs });
    return reply();
  };
  return { sent, post };
}

const json = (body: unknown, status = 200): PostAnswer => ({ status, text: JSON.stringify(body) });

function client(post: JsonPost, timeoutMs?: number) {
  return createWalletClient({
    walletUrl: 'http://wallet.test/gw/v1/',
    providerId: 'croupier-rgs',
    secret: SECRET,
    nowSeconds: () => 1_700_000_000,
    post,
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
    const { sent, post } = fakePost(() =>
      json({ status: 'ok', balance: '98.50', currency: 'EUR', transaction_id: 'gw-1' }),
    );
    const result = await client(post).bet(bet);
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

  it('marks a bet that closes its round with round_closed, and a free round with its pack', async () => {
    const { sent, post } = fakePost(() =>
      json({ status: 'ok', balance: '98.50', currency: 'EUR', transaction_id: 'gw-3' }),
    );
    await client(post).bet({ ...bet, roundClosed: true });
    await client(post).bet({ ...bet, freeRoundPackId: '7' });
    expect(JSON.parse(sent[0]!.body)).toMatchObject({
      transaction_id: bet.transactionId,
      round_closed: true,
    });
    expect(JSON.parse(sent[1]!.body)).toMatchObject({ free_round: { pack_id: '7' } });
    expect(JSON.parse(sent[1]!.body)).not.toHaveProperty('round_closed');
  });

  it('sends rollbacks with the reference transaction id', async () => {
    const { sent, post } = fakePost(() =>
      json({ status: 'ok', balance: '100.00', currency: 'EUR', transaction_id: 'gw-2' }),
    );
    await client(post).rollback({
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
    const { post } = fakePost(() =>
      json({ status: 'error', code: 'insufficient_funds', balance: '0.40', currency: 'EUR' }),
    );
    const result = await client(post).bet(bet);
    expect(result).toMatchObject({ kind: 'refused', code: 'insufficient_funds', httpStatus: 200 });
    if (result.kind === 'refused') expect(result.answer.balance).toBe('0.40');
  });

  it('types a bad signature (401) and a malformed request (400) as refused', async () => {
    const unauthorized = fakePost(() => json({ status: 'error', code: 'invalid_signature' }, 401));
    expect(await client(unauthorized.post).balance({ token: bet.token })).toMatchObject({
      kind: 'refused',
      code: 'invalid_signature',
      httpStatus: 401,
    });
    const malformed = fakePost(() => ({ status: 400, text: 'nope' }));
    expect(await client(malformed.post).balance({ token: bet.token })).toMatchObject({
      kind: 'refused',
      code: 'invalid_request',
      httpStatus: 400,
    });
  });

  it('types 5xx, network errors, timeouts and non-protocol answers as unavailable', async () => {
    const serverError = fakePost(() => json({ status: 'ok' }, 503));
    expect((await client(serverError.post).win(bet)).kind).toBe('unavailable');

    const network = fakePost(() => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    });
    expect(await client(network.post).win(bet)).toEqual({
      kind: 'unavailable',
      reason: 'Error: connect ECONNREFUSED 127.0.0.1:1',
    });

    const html = fakePost(() => ({ status: 200, text: '<html>' }));
    expect((await client(html.post).win(bet)).kind).toBe('unavailable');

    const incomplete = fakePost(() => json({ status: 'ok', balance: '1.00' }));
    expect(await client(incomplete.post).win(bet)).toMatchObject({
      kind: 'unavailable',
      reason: 'ok answer without currency',
    });

    // The client's timeout goes to the transport, which gives up on a call after it (json-post.test.ts).
    const timedOut = fakePost(() => {
      throw new Error('no answer within 50 ms');
    });
    expect(await client(timedOut.post, 50).win(bet)).toEqual({
      kind: 'unavailable',
      reason: 'Error: no answer within 50 ms',
    });
    expect(timedOut.sent[0]!.timeoutMs).toBe(50);
  });

  it('checks the fields an authenticate answer must carry', async () => {
    const { post } = fakePost(() =>
      json({
        status: 'ok',
        balance: '10.00',
        currency: 'EUR',
        player_id: '42',
        mode: 'real',
        session_expires_at: '2030-01-01T00:00:00Z',
      }),
    );
    const result = await client(post).authenticate({ token: bet.token, game: 'neon-reels' });
    expect(result.kind).toBe('ok');
    if (result.kind === 'ok') expect(result.answer.player_id).toBe('42');
  });
});
