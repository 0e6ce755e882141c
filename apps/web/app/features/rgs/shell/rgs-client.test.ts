import { describe, expect, it } from 'vitest';
import { createRgsClient, type FetchLike, RgsApiError } from './rgs-client.ts';

function recordingFetch(status: number, body: unknown) {
  const requests: { url: string; init: RequestInit | undefined }[] = [];
  const fetch: FetchLike = async (url, init) => {
    requests.push({ url, init });
    return new Response(body === undefined ? 'not json' : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch, requests };
}

describe('RGS client', () => {
  it('calls /rgs/api with the session header and a JSON body', async () => {
    const { fetch, requests } = recordingFetch(200, { id: 'r1', status: 'settled' });
    const client = createRgsClient({ sessionId: 'sess-1', fetch });
    await client.startRound({ stake: '100' });
    const [request] = requests;
    expect(request?.url).toBe('/rgs/api/rounds');
    expect(request?.init?.method).toBe('POST');
    const headers = request?.init?.headers as Record<string, string>;
    expect(headers['x-rgs-session']).toBe('sess-1');
    expect(request?.init?.body).toBe('{"bet":{"stake":"100"}}');
    expect(request?.init?.credentials).toBe('omit');
  });

  it('never calls the platform API', async () => {
    const { fetch, requests } = recordingFetch(200, { rounds: [] });
    const client = createRgsClient({ sessionId: 's', fetch });
    await client.listRounds(500);
    await client.getRound('a/b').catch(() => undefined);
    for (const request of requests) expect(request.url.startsWith('/rgs/api/')).toBe(true);
    expect(requests[0]?.url).toBe('/rgs/api/rounds?limit=50');
    expect(requests[1]?.url).toBe('/rgs/api/rounds/a%2Fb');
  });

  it('turns the error envelope into a typed error with the balance', async () => {
    const { fetch } = recordingFetch(409, {
      error: { code: 'insufficient_funds', message: 'Not enough', balance: '0.40' },
    });
    const error = await createRgsClient({ sessionId: 's', fetch })
      .startRound({ stake: '100' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RgsApiError);
    expect(error).toMatchObject({ code: 'insufficient_funds', status: 409, balance: '0.40' });
  });

  it('maps an unknown code to unknown and keeps the server code', async () => {
    const { fetch } = recordingFetch(500, { error: { code: 'internal_error', message: 'x' } });
    const error = await createRgsClient({ sessionId: 's', fetch })
      .getSession()
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'unknown', serverCode: 'internal_error' });
  });

  it('reads a bare 503 as wallet_unavailable and a failed fetch as network', async () => {
    const { fetch } = recordingFetch(503, undefined);
    await expect(createRgsClient({ sessionId: 's', fetch }).getSession()).rejects.toMatchObject({
      code: 'wallet_unavailable',
    });
    const offline: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(createRgsClient({ sessionId: 's', fetch: offline }).getSession()).rejects.toMatchObject({
      code: 'network',
    });
  });
});
