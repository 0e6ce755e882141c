/**
 * Cookie writes a handler asks for, applied by the edge that answers: the /api route writes them on
 * the reply (`replyCookieJar`), the SSR edge collects them as header values (web/load-context.ts).
 * Both follow the same rules: path `/`, SameSite=Lax, Secure behind https.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options: { maxAgeSeconds: number; httpOnly: boolean }): void;
  /** `httpOnly` as the cookie was set: a browser only drops a cookie whose attributes match. */
  clear(name: string, options: { httpOnly: boolean }): void;
}

export function replyCookieJar(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { secure: boolean },
): CookieJar {
  const { secure } = options;
  return {
    get: (name) => request.cookies[name],
    set: (name, value, cookie) => {
      reply.setCookie(name, value, {
        path: '/',
        httpOnly: cookie.httpOnly,
        sameSite: 'lax',
        secure,
        maxAge: cookie.maxAgeSeconds,
      });
    },
    clear: (name, cookie) => {
      reply.clearCookie(name, { path: '/', sameSite: 'lax', secure, httpOnly: cookie.httpOnly });
    },
  };
}
