/**
 * CroupierPay Sandbox's HTTP face, mounted under /sandbox/psp when SANDBOX is on: the merchant API
 * (`/api/v1/…`, JSON, bearer key), the hosted payment page (`/pay/{id}`, HTML forms) and the
 * operator dashboard. Each part has its own error handling and, for pages, a CSP of its own: this is
 * another company's site that happens to share the process, not a page of the casino.
 */

import { isDatabaseUnavailableError } from '@croupier/db/client';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CheckoutView, PageOutcome } from './checkout.ts';
import type { ApiResponse } from './merchant-api.ts';
import { PspError } from './psp.errors.ts';
import {
  bankTransferPage,
  cardFormPage,
  challengePage,
  dashboardPage,
  messagePage,
  statusPage,
} from './psp.pages.ts';
import type { SandboxPsp } from './psp.service.ts';
import { originOf, returnLocation } from './return-url.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sandbox payment provider (SANDBOX only): tests drive its background pass with it. */
    sandboxPsp?: SandboxPsp;
  }
}

export interface SandboxPspRoutesOptions {
  psp: SandboxPsp;
  /** Whether this process runs the provider's loop (false: another process of the machine does). */
  background?: boolean;
}

const API_BODY_LIMIT_BYTES = 64 * 1024;
const FORM_BODY_LIMIT_BYTES = 8 * 1024;
const PAYMENT_ID = /^pay_[0-9a-f]{32}$/;
const PAYOUT_ID = /^po_[0-9a-f]{32}$/;

// Whatever arrives (missing, repeated or oversized fields) becomes strings the service validates.
const cardFormBody = z
  .object({
    number: z.string().max(64).catch(''),
    expiry: z.string().max(16).catch(''),
    cvc: z.string().max(8).catch(''),
    holder: z.string().max(200).catch(''),
  })
  .catch({ number: '', expiry: '', cvc: '', holder: '' });
const challengeBody = z.object({ code: z.string().max(32).catch('') }).catch({ code: '' });

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sendApi(reply: FastifyReply, response: ApiResponse) {
  if (response.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(response.statusCode).header('cache-control', 'no-store').send(response.body);
}

/**
 * Where players are sent: PUBLIC_URL when set (the address browsers know), otherwise the origin the
 * merchant called, which in development and tests is this server's real address and port.
 */
function hostedBaseUrl(request: FastifyRequest, publicUrl: string | undefined, prefix: string): string {
  const origin = publicUrl ? publicUrl.replace(/\/+$/, '') : `${request.protocol}://${request.host}`;
  return `${origin}${prefix}`;
}

async function apiRoutes(app: FastifyInstance, options: SandboxPspRoutesOptions & { hostedPrefix: string }) {
  const { psp, hostedPrefix } = options;

  // Every failure is the documented `{ error: { code, message } }`; malformed input is a 4xx, never a 500.
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof PspError) {
      if (error.statusCode === 401) reply.header('www-authenticate', 'Bearer realm="CroupierPay Sandbox"');
      return reply.status(error.statusCode).send(error.toBody());
    }
    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      const message =
        status === 413
          ? 'The request body is too large'
          : status === 415
            ? 'Send the body as application/json'
            : 'The request body is not valid JSON';
      return reply.status(status).send({ error: { code: 'invalid_request', message } });
    }
    if (isDatabaseUnavailableError(error)) {
      // The provider's database is away: a retryable 503 (payment creation is idempotent by its key).
      request.log.warn({ err: error }, 'sandbox PSP API call failed: database unavailable');
      return reply
        .status(503)
        .header('retry-after', '2')
        .send({ error: { code: 'service_unavailable', message: 'Service temporarily unavailable, retry' } });
    }
    request.log.error({ err: error }, 'sandbox PSP API error');
    return reply.status(500).send({ error: { code: 'internal_error', message: 'Internal error' } });
  });

  const authenticated = async (request: FastifyRequest) =>
    psp.authenticate(headerValue(request, 'authorization'));

  app.post('/v1/payments', { bodyLimit: API_BODY_LIMIT_BYTES }, async (request, reply) => {
    const merchant = await authenticated(request);
    const response = await psp.createPayment(merchant, {
      idempotencyKey: headerValue(request, 'idempotency-key'),
      body: request.body,
      hostedBaseUrl: hostedBaseUrl(request, psp.publicUrl, hostedPrefix),
    });
    return sendApi(reply, response);
  });

  app.get<{ Params: { id: string } }>('/v1/payments/:id', async (request, reply) => {
    const merchant = await authenticated(request);
    if (!PAYMENT_ID.test(request.params.id)) throw new PspError(404, 'not_found', 'No such payment', 'id');
    return sendApi(reply, await psp.getPayment(merchant, request.params.id));
  });

  app.post('/v1/payouts', { bodyLimit: API_BODY_LIMIT_BYTES }, async (request, reply) => {
    const merchant = await authenticated(request);
    const response = await psp.createPayout(merchant, {
      idempotencyKey: headerValue(request, 'idempotency-key'),
      body: request.body,
    });
    return sendApi(reply, response);
  });

  app.get<{ Params: { id: string } }>('/v1/payouts/:id', async (request, reply) => {
    const merchant = await authenticated(request);
    if (!PAYOUT_ID.test(request.params.id)) throw new PspError(404, 'not_found', 'No such payout', 'id');
    return sendApi(reply, await psp.getPayout(merchant, request.params.id));
  });

  app.get('/v1/banks', async (request, reply) => {
    await authenticated(request);
    return sendApi(reply, psp.banks(request.query));
  });

  // Anything else under the API is this provider's 404, not the casino's page.
  app.all('/*', async (request) => {
    await authenticated(request);
    throw new PspError(404, 'not_found', `No such endpoint: ${request.method} ${request.url.split('?')[0]}`);
  });
}

/**
 * The pages' own headers: no script anywhere, forms may post here and (through our 303) land on the
 * merchant's return URL, nobody may frame the checkout (clickjacking), nothing is cached or leaked
 * through Referer.
 */
function pageHeaders(reply: FastifyReply, returnUrl?: string) {
  const returnOrigin = returnUrl ? originOf(returnUrl) : undefined;
  const formAction = ["'self'", ...(returnOrigin ? [returnOrigin] : [])].join(' ');
  return reply
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header('x-frame-options', 'DENY')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8');
}

function checkoutHtml(basePath: string, view: CheckoutView): string {
  if (
    view.method === 'bank_transfer' &&
    (view.status === 'requires_action' || view.status === 'processing')
  ) {
    return bankTransferPage(basePath, view);
  }
  if (view.status === 'requires_action') {
    return view.step === 'challenge' ? challengePage(basePath, view) : cardFormPage(basePath, view);
  }
  return statusPage(view);
}

async function pageRoutes(app: FastifyInstance, options: SandboxPspRoutesOptions & { basePath: string }) {
  const { psp, basePath } = options;
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT_BYTES });

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (isDatabaseUnavailableError(error)) {
      request.log.warn({ err: error }, 'sandbox PSP page failed: database unavailable');
      return pageHeaders(reply)
        .status(503)
        .header('retry-after', '2')
        .send(messagePage('Temporarily unavailable', 'Please try again in a moment.'));
    }
    const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'sandbox PSP page error');
    return pageHeaders(reply)
      .status(status)
      .send(
        status === 500
          ? messagePage('Something went wrong', 'Please try again in a moment.')
          : messagePage('Bad request', 'The form could not be read. Go back and try again.'),
      );
  });

  const notFound = (reply: FastifyReply) =>
    pageHeaders(reply).status(404).send(messagePage('Payment not found', 'This payment link is not valid.'));

  /** Answers a form post: a 303 back to the page or to the merchant, or the form with its errors. */
  async function answer(reply: FastifyReply, id: string, outcome: PageOutcome) {
    switch (outcome.kind) {
      case 'not_found':
        return notFound(reply);
      case 'return':
        return reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .redirect(returnLocation(outcome.returnUrl, outcome.status), 303);
      case 'page':
        return reply.header('cache-control', 'no-store').redirect(`${basePath}/pay/${id}`, 303);
      case 'card_errors': {
        const view = await psp.checkout(id);
        if (!view) return notFound(reply);
        return pageHeaders(reply, view.returnUrl)
          .status(422)
          .send(cardFormPage(basePath, view, outcome));
      }
    }
  }

  /** Forms here post to this site only; a post from another site is a forgery attempt. */
  function crossSite(request: FastifyRequest): boolean {
    return headerValue(request, 'sec-fetch-site') === 'cross-site';
  }

  type PayRequest = FastifyRequest<{ Params: { id: string } }>;
  const post = (path: string, act: (request: PayRequest, id: string) => Promise<PageOutcome>) => {
    app.post<{ Params: { id: string } }>(path, async (request, reply) => {
      const { id } = request.params;
      if (!PAYMENT_ID.test(id)) return notFound(reply);
      if (crossSite(request)) {
        return pageHeaders(reply)
          .status(403)
          .send(messagePage('Request refused', 'This form can only be sent from the payment page.'));
      }
      return answer(reply, id, await act(request, id));
    });
  };

  app.get<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
    const { id } = request.params;
    const view = PAYMENT_ID.test(id) ? await psp.checkout(id) : undefined;
    if (!view) return notFound(reply);
    return pageHeaders(reply, view.returnUrl).send(checkoutHtml(basePath, view));
  });

  post('/pay/:id/card', (request, id) => psp.submitCard(id, cardFormBody.parse(request.body ?? {})));
  post('/pay/:id/challenge', (request, id) =>
    psp.submitChallenge(id, challengeBody.parse(request.body ?? {}).code),
  );
  post('/pay/:id/cancel', (_request, id) => psp.cancel(id));
  post('/pay/:id/bank-transfer/sent', (_request, id) => psp.confirmTransferSent(id));
  post('/pay/:id/bank-transfer/simulate', (_request, id) => psp.simulateTransferReceived(id));

  app.get('/', async (_request, reply) => reply.redirect(`${basePath}/dashboard`, 302));

  app.get('/dashboard', async (_request, reply) => {
    return pageHeaders(reply).send(dashboardPage(basePath, await psp.dashboard()));
  });

  app.get('/dashboard.json', async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send(await psp.dashboard());
  });
}

/**
 * The provider's routes and background loop. Register with `{ prefix: '/sandbox/psp' }`; the loop
 * starts when the app is ready (after the merchant's credentials are installed) and stops on close,
 * before the database pool does.
 */
export async function sandboxPspRoutes(app: FastifyInstance, options: SandboxPspRoutesOptions) {
  const { psp } = options;
  const basePath = app.prefix;
  app.addHook('onReady', async () => {
    await psp.ensureMerchant();
    if (options.background !== false) psp.start();
  });
  app.addHook('onClose', async () => {
    await psp.stop();
  });
  await app.register(apiRoutes, { psp, hostedPrefix: basePath, prefix: '/api' });
  await app.register(pageRoutes, { psp, basePath });
}
