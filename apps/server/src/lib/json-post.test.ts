import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createJsonPost } from './json-post.ts';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local server answering each request with `answer`; it records what it got and its connections. */
async function server(answer: (received: Received, res: http.ServerResponse) => void) {
  const received: Received[] = [];
  let connections = 0;
  const srv = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const got = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      received.push(got);
      answer(got, res);
    });
  });
  srv.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
  servers.push(srv);
  return { base, received, connections: () => connections };
}

const servers: http.Server[] = [];
const posts: { close(): void }[] = [];
afterEach(async () => {
  for (const post of posts.splice(0)) post.close();
  for (const srv of servers.splice(0)) {
    srv.closeAllConnections();
    await new Promise((resolve) => srv.close(resolve));
  }
});

function newPost(options?: Parameters<typeof createJsonPost>[0]) {
  const post = createJsonPost(options);
  posts.push(post);
  return post;
}

describe('createJsonPost', () => {
  it('POSTs the body with its headers and answers the status and the text', async () => {
    const { base, received } = await server((_got, res) => {
      res.writeHead(402, { 'content-type': 'application/json' });
      res.end('{"status":"error","code":"é"}');
    });
    const answer = await newPost()(`${base}/gw/v1/bet`, {
      headers: { 'content-type': 'application/json', 'x-signature': 't=1,v1=ab' },
      body: '{"amount":"1.50","name":"Zoé"}',
      timeoutMs: 2_000,
    });
    expect(answer).toEqual({ status: 402, text: '{"status":"error","code":"é"}' });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      method: 'POST',
      url: '/gw/v1/bet',
      body: '{"amount":"1.50","name":"Zoé"}',
    });
    expect(received[0]!.headers['x-signature']).toBe('t=1,v1=ab');
    // The length in bytes, not characters.
    expect(received[0]!.headers['content-length']).toBe(
      String(Buffer.byteLength('{"amount":"1.50","name":"Zoé"}')),
    );
  });

  it('keeps the connection for the next call', async () => {
    const { base, connections } = await server((_got, res) => res.end('ok'));
    const post = newPost();
    for (let i = 0; i < 5; i += 1) {
      expect(await post(`${base}/x`, { headers: {}, body: String(i), timeoutMs: 2_000 })).toEqual({
        status: 200,
        text: 'ok',
      });
    }
    expect(connections()).toBe(1);
  });

  it('sends a call once more when its kept-alive connection was closed under it, and only once', async () => {
    // The second request on any connection is cut off unanswered, as a server closing an idle
    // connection just as the call goes out would.
    const perSocket = new WeakMap<object, number>();
    const { base, received, connections } = await server((got, res) => {
      const socket = res.socket as object;
      const seen = (perSocket.get(socket) ?? 0) + 1;
      perSocket.set(socket, seen);
      if (seen === 2) res.socket?.destroy();
      else res.end(`answer to ${got.body}`);
    });
    const post = newPost();
    expect(await post(`${base}/x`, { headers: {}, body: 'one', timeoutMs: 2_000 })).toEqual({
      status: 200,
      text: 'answer to one',
    });
    expect(await post(`${base}/x`, { headers: {}, body: 'two', timeoutMs: 2_000 })).toEqual({
      status: 200,
      text: 'answer to two',
    });
    expect(received.map((got) => got.body)).toEqual(['one', 'two', 'two']);
    expect(connections()).toBe(2);
    // A connection cut on its first call is not retried: that is the server failing, not an idle
    // connection closing, and the caller's own recovery takes over (the RGS's outbox).
    const { base: cutting } = await server((_got, res) => res.socket?.destroy());
    await expect(
      newPost()(`${cutting}/x`, { headers: {}, body: '', timeoutMs: 2_000 }),
    ).rejects.toMatchObject({
      code: 'ECONNRESET',
    });
  });

  it('rejects when no answer comes in time, an answer too large, a refused connection or a non-HTTP URL', async () => {
    const hanging = await server(() => {});
    const started = performance.now();
    await expect(newPost()(`${hanging.base}/x`, { headers: {}, body: '', timeoutMs: 100 })).rejects.toThrow(
      'no answer within 100 ms',
    );
    expect(performance.now() - started).toBeLessThan(2_000);

    const large = await server((_got, res) => res.end('x'.repeat(5_000)));
    await expect(
      newPost({ maxResponseBytes: 1_000 })(`${large.base}/x`, { headers: {}, body: '', timeoutMs: 2_000 }),
    ).rejects.toThrow('over 1000 bytes');

    const closed = await server(() => {});
    const port = new URL(closed.base).port;
    const srv = servers.pop()!;
    await new Promise((resolve) => srv.close(resolve));
    await expect(
      newPost()(`http://127.0.0.1:${port}/x`, { headers: {}, body: '', timeoutMs: 2_000 }),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    await expect(
      newPost()('file:///etc/passwd', { headers: {}, body: '', timeoutMs: 2_000 }),
    ).rejects.toThrow('cannot POST to a file: URL');
  });
});
