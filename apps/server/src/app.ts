/**
 * Plugin wiring (fastify/demo order): external plugins, then the app's plugins, then routes —
 * the API, the content service and, last, the SSR web app that answers every other path.
 */
import { randomUUID } from 'node:crypto';
import { chatCspSources } from '@croupier/contract/support/chat-providers';
import type { DbClient } from '@croupier/db/client';
import { ENGINES } from '@croupier/games/registry';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Config } from './config.ts';
import type { Deps } from './deps.ts';
import { apiRoutes } from './http/api-routes.ts';
import { registerCompression } from './http/compression.ts';
import { isCrossSiteRequest } from './http/csrf.ts';
import { handleDatabaseUnavailable } from './http/database-unavailable.ts';
import { createDispatcher, type Dispatcher } from './http/dispatcher.ts';
import { requestGuard } from './http/request-guard.ts';
import { securityHeaders } from './http/security-headers.ts';
import { createJobQueue } from './lib/jobs.ts';
import { createRateLimiter, type RateLimiter } from './lib/rate-limit.ts';
import { messages } from './messages.ts';
import { boundMethods } from './methods.ts';
import { backofficeRoutes } from './modules/backoffice/backoffice.routes.ts';
import { playersRoutes } from './modules/backoffice/players.routes.ts';
import { reportsRoutes } from './modules/backoffice/reports.routes.ts';
import { tradingRoutes } from './modules/backoffice/trading.routes.ts';
import { bonusesOperatorRoutes } from './modules/bonuses/bonuses-operator.routes.ts';
import { campaignsOperatorRoutes } from './modules/campaigns/campaigns-operator.routes.ts';
import { cashierRoutes } from './modules/cashier/cashier.routes.ts';
import { bannersOperatorRoutes } from './modules/cms/banners-operator.routes.ts';
import { cmsRoutes } from './modules/cms/cms.routes.ts';
import { contentManagerRoutes } from './modules/cms/content-manager.routes.ts';
import { domainsDeskRoutes } from './modules/cms/domains-desk.routes.ts';
import { gamesRoutes } from './modules/games/games.routes.ts';
import { gameWalletRoutes } from './modules/gamewallet/gamewallet.routes.ts';
import { jackpotsOperatorRoutes } from './modules/jackpots/jackpots-operator.routes.ts';
import { kycRoutes } from './modules/kyc/kyc.routes.ts';
import { kycOperatorRoutes } from './modules/kyc/kyc-operator.routes.ts';
import { loyaltyOperatorRoutes } from './modules/loyalty/loyalty-operator.routes.ts';
import { mailboxRoutes } from './modules/notifications/notifications.routes.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { rgsRoutes } from './modules/rgs/rgs.routes.ts';
import { createRgsService } from './modules/rgs/rgs.service.ts';
import { socialRoutes } from './modules/social/social.routes.ts';
import { tournamentsOperatorRoutes } from './modules/tournaments/tournaments-operator.routes.ts';
import { trackingRoutes } from './modules/tracking/tracking.routes.ts';
import { wagersRoutes } from './modules/wagers/wagers.routes.ts';
import { fraudCredentials } from './provider-credentials.ts';
import { sandboxFraudRoutes } from './sandbox/fraud/fraud.routes.ts';
import { sandboxKycRoutes } from './sandbox/kyc/kyc.routes.ts';
import { createSandboxKyc } from './sandbox/kyc/kyc.service.ts';
import { sandboxPspRoutes } from './sandbox/psp/psp.routes.ts';
import { createSandboxPsp } from './sandbox/psp/psp.service.ts';
import { createServices, type Services } from './services.ts';
import { type WebMode, webPlugin } from './web/web-plugin.ts';

export interface BuildOptions {
  config: Config;
  database: DbClient;
  /** production: the built app; development: Vite middleware with HMR; none: API only (tests). */
  web: WebMode;
  now?: () => Date;
  rateLimiter?: RateLimiter;
  /** Extra pino options (tests pass `level: 'silent'`). */
  logger?: boolean;
  /**
   * Whether this process runs background work: the job queue's runner and the sandbox providers'
   * loops. false: the other processes of a cluster-mode machine (ADR 043). Default true.
   */
  background?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    dispatcher: Dispatcher;
    config: Config;
  }
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const dev = config.NODE_ENV === 'development';
  const app = Fastify({
    // Loading the SSR build and the game server takes seconds on a busy 2-core host; Fastify's
    // 10 s default failed boots there (a slow start is not a broken plugin).
    pluginTimeout: 60_000,
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            ...(dev
              ? {
                  transport: {
                    target: 'pino-pretty',
                    options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
                  },
                }
              : {}),
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            // Query strings can carry one-time codes (OAuth, reset links): logs keep the path only.
            serializers: {
              req: (request: { method: string; url: string; ip?: string; id?: string }) => ({
                method: request.method,
                path: request.url.split('?')[0],
                ip: request.ip,
              }),
            },
          },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    trustProxy: config.TRUST_PROXY,
    forceCloseConnections: 'idle',
    bodyLimit: config.API_BODY_LIMIT_BYTES,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // A lost database connection is logged and answered 503 (never a 500, never a crash): the pool's
  // reports go to the app's log, and routes without their own error envelope answer with this one.
  options.database.setErrorLogger(app.log);
  handleDatabaseUnavailable(app);

  const rateLimiter = options.rateLimiter ?? createRateLimiter(config.REDIS_URL);
  const deps: Deps = {
    config,
    db: options.database.db,
    rateLimiter,
    jobs: createJobQueue({
      pool: options.database.pool,
      log: app.log,
      runner: options.background !== false,
    }),
    log: app.log,
    now: options.now ?? (() => new Date()),
  };
  const services = createServices(deps);
  const dispatcher = createDispatcher({
    config,
    sessions: services.sessions,
    rateLimiter,
    messages,
    bound: boundMethods(services),
  });
  app.decorate('services', services);
  app.decorate('dispatcher', dispatcher);
  app.decorate('config', config);
  app.addHook('onClose', async () => {
    await rateLimiter.close();
  });
  // Background work runs on the job queue (ADR 015) on every node: each job once across the nodes.
  // The recurring passes (outbox sender, history export, stuck payouts) take part once the app is
  // ready and stop, with the queue, before the pool closes.
  app.addHook('onReady', async () => {
    deps.jobs.start();
    services.notifications.start();
    services.games.start();
    services.cashier.startPayoutRetries();
    await services.wagers.start();
    services.bonuses.startExpiry();
    services.cashbacks.start();
    services.responsibleGaming.startEndPass();
    services.cashier.startDepositLimitPass();
    // The sportsbook's odds feed (ADR 030): the simulator by default, off in tests.
    services.sportsbook.start();
    services.loyalty.start();
    // The push streams' bus (ADR 037): this node hears every node's events from here on.
    await services.push.start();
    services.tournaments.start();
  });
  // Open streams would hold the server open: they end first, and the browsers reconnect elsewhere.
  app.addHook('preClose', async () => {
    await services.push.stop();
  });
  app.addHook('onClose', async () => {
    await services.wagers.stop();
    await services.cashier.stopPayoutRetries();
    await services.bonuses.stopExpiry();
    await services.cashbacks.stop();
    await services.responsibleGaming.stopEndPass();
    await services.cashier.stopDepositLimitPass();
    await services.loyalty.stop();
    await services.tournaments.stop();
    await services.notifications.stop();
    await services.games.stop();
    await services.sportsbook.stop();
    await deps.jobs.stop();
  });

  // External plugins.
  await app.register(cookie);
  await registerCompression(app);
  await securityHeaders(app, {
    dev,
    secure: config.PUBLIC_URL?.startsWith('https:') ?? false,
    // The chosen live chat's origins, exactly; none without a chat (ADR 027).
    chatSources: chatCspSources(services.support.chatSettings()),
  });
  // Absolute-form request targets and implausible Host headers: 400 before any route (http/request-guard.ts).
  requestGuard(app);

  // Routes.
  app.get('/healthz', async () => ({ status: 'ok' }));
  // The wager stream's consumer lag (ADR 019), to requests from this machine only.
  await app.register(wagersRoutes, { wagers: services.wagers });
  // The push streams (GET /api/stream, /api/stream/public) before the API's /api/:method.
  await app.register(pushRoutes, {
    sessions: services.sessions,
    push: services.push,
    isCrossSite: (request) =>
      isCrossSiteRequest(
        {
          secFetchSite: request.headers['sec-fetch-site']?.toString(),
          origin: request.headers.origin,
          host: request.headers.host,
          protocol: request.protocol,
        },
        config.PUBLIC_URL,
      ),
  });
  await app.register(apiRoutes, { config, dispatcher });
  await app.register(cmsRoutes, { cms: services.cms });
  const { backoffice, social } = services;
  await app.register(socialRoutes, { config, social, rateLimiter, messages });
  await app.register(backofficeRoutes, { config, backoffice, oidc: social.oidc, messages });
  await app.register(playersRoutes, { desk: services.playersDesk, messages });
  await app.register(contentManagerRoutes, { content: services.contentManager, messages });
  await app.register(domainsDeskRoutes, { domains: services.domainsDesk, messages });
  await app.register(bannersOperatorRoutes, { banners: services.bannersDesk, messages });
  await app.register(reportsRoutes, { reports: services.wallet, messages });
  await app.register(tradingRoutes, { trading: services.sportsbook.trading, messages });
  await app.register(kycOperatorRoutes, { kyc: services.kyc, messages });
  await app.register(campaignsOperatorRoutes, { campaigns: services.campaigns, messages });
  await app.register(bonusesOperatorRoutes, { bonuses: services.bonuses, messages });
  // Marketing's tournaments, jackpots and loyalty desks (ADR 049).
  await app.register(tournamentsOperatorRoutes, { tournaments: services.tournaments, messages });
  await app.register(jackpotsOperatorRoutes, { jackpots: services.jackpots, messages });
  await app.register(loyaltyOperatorRoutes, { loyalty: services.loyalty, messages });
  await app.register(cashierRoutes, {
    cashier: services.cashier,
    messages,
    kycBlock: (playerId, enabled) => services.kyc.setKycBlock(playerId, enabled),
    withdrawalSignals: async (playerId) => {
      const [verification, fraudScore, bonuses] = await Promise.all([
        services.kyc.verificationOf(playerId),
        services.tracking.fraudScore(playerId),
        services.bonuses.list(playerId, { status: ['active', 'wagering'], offset: 0, count: 1 }, 'en'),
      ]);
      return {
        kyc: verification.verified ? 'verified' : verification.onVerification ? 'pending' : 'none',
        kyc_block: verification.kycBlock,
        fraud_score: fraudScore,
        fraud_score_high: fraudScore !== null && fraudScore >= config.FRAUD_HOLD_SCORE,
        open_bonuses: bonuses.total,
      };
    },
  });
  // Affiliate tracking (/hit), the fraud-check hit and the affiliate report (ADR 039).
  await app.register(trackingRoutes, {
    tracking: services.tracking,
    sessions: services.sessions,
    rateLimiter,
    messages,
    publicUrl: config.PUBLIC_URL,
    isCrossSite: (request) =>
      isCrossSiteRequest(
        {
          secFetchSite: request.headers['sec-fetch-site']?.toString(),
          origin: request.headers.origin,
          host: request.headers.host,
          protocol: request.protocol,
        },
        config.PUBLIC_URL,
      ),
  });
  // The identity-verification provider's signed webhooks (POST /webhooks/kyc), outside /api.
  await app.register(kycRoutes, { kyc: services.kyc });
  // The seamless wallet game providers call (POST /gw/v1/{action}), HMAC-signed, outside /api.
  await app.register(gameWalletRoutes, { gameWallet: services.gameWallet });
  await app.register(gamesRoutes, {
    sessions: services.sessions,
    games: services.games,
    launch: {
      playerCurrency: async (playerId) =>
        (await services.accounts.getBalance(playerId)).balance_main.currency,
      defaultCurrency: async () => (await services.metadata.generalInfo()).default_currency,
      gameWallet: services.gameWallet,
      realMoneyRefusal: (playerId) => services.accounts.realMoneyAgeRefusal(playerId),
    },
  });
  // The in-house game server (/rgs) is a provider like any other: it reaches the platform only
  // through the wallet API over HTTP. Its outbox loop starts when the app is ready.
  const rgs = createRgsService(deps, { engines: ENGINES });
  app.decorate('rgs', rgs);
  await app.register(rgsRoutes, { rgs, prefix: '/rgs' });
  // The development mailbox shows players' codes and links (to loopback requests only): outside
  // production, and in the demo profile while no SMTP server is set (ADR 008).
  if (config.NODE_ENV !== 'production' || (config.SANDBOX && !config.SMTP_URL)) {
    await app.register(mailboxRoutes, { notifications: services.notifications });
  }
  // The sandbox payment provider plays a third party: the platform reaches it over HTTP only.
  if (config.SANDBOX) {
    const sandboxPsp = createSandboxPsp(deps);
    app.decorate('sandboxPsp', sandboxPsp);
    await app.register(sandboxPspRoutes, {
      psp: sandboxPsp,
      background: options.background !== false,
      prefix: '/sandbox/psp',
    });
    // The sandbox KYC provider likewise (ADR 026): reached over signed HTTP, answering with webhooks.
    const sandboxKyc = createSandboxKyc(deps);
    app.decorate('sandboxKyc', sandboxKyc);
    await app.register(sandboxKycRoutes, {
      kyc: sandboxKyc,
      background: options.background !== false,
      prefix: '/sandbox/kyc',
    });
    // The sandbox fraud-scoring provider likewise (ADR 039): its script and its scoring API.
    await app.register(sandboxFraudRoutes, {
      apiKey: fraudCredentials(config).apiKey,
      prefix: '/sandbox/fraud',
    });
  }
  await app.register(webPlugin, { mode: options.web, config, services, dispatcher });
  return app;
}
