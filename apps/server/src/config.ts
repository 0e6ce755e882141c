/**
 * The one environment module: every setting comes from env through this schema and the process
 * stops at boot with a message naming each bad variable. `.env.example` mirrors it.
 */
import os from 'node:os';
import { localSecrets } from '@croupier/db/local-secrets';
import { z } from 'zod';

const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

const seconds = z.coerce.number().int().min(0).max(31_536_000);

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    /** Interface to listen on; unset: `localhost` in development, `0.0.0.0` otherwise (loadConfig). */
    HOST: z.string().min(1).optional(),
    /** Public origin of the site (canonical URLs, cookies' Secure flag, CSRF origin check). */
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
      .optional(),
    DATA_DIR: z.string().min(1).default('./.data'),
    /** Port of the embedded PostgreSQL; 0 picks a free port. */
    EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    /**
     * Server processes on this machine (ADR 043): 1 is a single process; more is Node's cluster
     * mode (the embedded PostgreSQL started once, background work in one of them). Unset: one per
     * core in production (`npm start`), 1 otherwise.
     */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    /**
     * Seconds a page rendered for a visitor without cookies is served again to the next such
     * visitor of the same URL, host and Accept-Language (ADR 043); content writes drop it on every
     * node. 0: off. Unset: 5 in production, 0 otherwise.
     */
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Secret for signed values (unsubscribe links, launch tokens). Required in production. */
    APP_SECRET: z.string().min(32).optional(),
    /**
     * The demo profile: mount the sandbox payment and KYC providers (and show the demo banner).
     * Unset: on with the embedded database, off with DATABASE_URL or a real payment provider
     * (PSP_*), whatever NODE_ENV says. SANDBOX=true beside PSP_* refuses to start (ADR 008).
     */
    SANDBOX: flag.optional(),
    SEED_DEMO: flag.default(true),
    TRUST_PROXY: flag.default(false),
    /** Request body limit for /api calls in bytes. */
    API_BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(50 * 1024 * 1024)
      .default(1024 * 1024),
    SESSION_TTL_SECONDS: seconds.default(30 * 24 * 3600),
    TIME_TO_FORCE_LOGOUT_SECONDS: seconds.default(3600),
    USER_INACTIVITY_CASHIER_SECONDS: seconds.default(900),
    USER_INACTIVITY_PP_SECONDS: seconds.default(900),
    DEFAULT_CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .default('EUR'),
    /** Age a player must have reached to deposit and play for real money (18–30). */
    MINIMUM_AGE: z.coerce.number().int().min(18).max(30).default(18),
    /**
     * Per-country minimum ages over MINIMUM_AGE's, `EE:21,GR:21` (ISO 3166-1 alpha-2 country of the
     * player's profile, 18–30 each); unset: MINIMUM_AGE everywhere.
     */
    MINIMUM_AGE_BY_COUNTRY: z
      .string()
      .default('')
      .transform((text, ctx): Readonly<Record<string, number>> => {
        const ages: Record<string, number> = {};
        for (const entry of text.split(',').map((part) => part.trim())) {
          if (entry === '') continue;
          const match = /^([A-Za-z]{2})\s*:\s*(\d{2})$/.exec(entry);
          const age = Number(match?.[2]);
          const country = match?.[1]?.toUpperCase() ?? '';
          if (!match || age < 18 || age > 30 || Object.hasOwn(ages, country)) {
            ctx.addIssue({
              code: 'custom',
              message: `"${entry.slice(0, 20)}": expected COUNTRY:AGE pairs such as EE:21,GR:21 (ages 18–30, each country once)`,
            });
            return z.NEVER;
          }
          ages[country] = age;
        }
        return ages;
      }),
    DOMAIN_STATE: z.enum(['active', 'maintenance']).default('active'),
    DOMAIN_TYPE: z.enum(['main', 'mirror']).default('main'),
    GTM_ID: z.string().optional(),
    SEON_ENABLED: flag.default(false),
    BONUS_ISOLATION_ENABLED: flag.default(false),
    /**
     * The highest wagering multiplier a bonus template may set (times the bonus amount). 10 is the
     * UKGC cap from 2026; a stricter market sets lower, never above 100 (ADR 020).
     */
    BONUS_MAX_WAGERING_MULTIPLIER: z.coerce.number().int().min(0).max(100).default(10),
    GAME_HISTORY_EXPORT_ENABLED: flag.default(true),
    /** SMTP server for email (smtp://user:pass@host:587); unset: the development mailbox at /dev/mailbox. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Croupier <no-reply@croupier.local>'),
    /** Where Support.sendFeedback messages are emailed (through the notifications outbox). */
    SUPPORT_EMAIL: z.email().default('support@croupier.local'),
    /** The live chat (spec §3 chat settings): provider kind, unset for no chat, and its config. */
    CHAT_PROVIDER: z
      .enum(['live_tex', 'freshChat', 'liveChat', 'verbox', 'betunlim', 'jivoSite', 'comm100'])
      .optional(),
    CHAT_ID: z.string().max(200).optional(),
    CHAT_LICENSE: z.string().max(200).optional(),
    /** A script address replacing the provider's default (https only). */
    CHAT_SRC: z.url({ protocol: /^https$/ }).optional(),
    CHAT_WIDGET_ID: z.string().max(200).optional(),
    CHAT_LANG: z.string().max(16).optional(),
    /** OpenID Connect social login: issuer URL, client id and secret, and the service name in URLs. */
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_SERVICE: z
      .string()
      .regex(/^[a-z][a-z0-9_-]{1,31}$/)
      .default('oidc'),
    /** Telegram bot token for messenger mini-app sign-up; unset: messenger sign-up is off. */
    TELEGRAM_BOT_TOKEN: z
      .string()
      .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'must look like 123456:ABC…')
      .optional(),
    TELEGRAM_AUTH_MAX_AGE_SECONDS: seconds.default(86_400),
    /** Secret signing back-office (content service) JWTs. Required in production. */
    CMS_JWT_SECRET: z.string().min(32).optional(),
    CMS_JWT_TTL_SECONDS: seconds.default(8 * 3600),
    /**
     * Anonymous back-office sign-up at /nfx/auth/local/register. Off by default; when on, it creates
     * an account with no role, which an admin must promote. The first admin: `npm run staff:create`.
     */
    STAFF_SELF_REGISTRATION: flag.default(false),
    /**
     * The payment provider the cashier talks to: its API base URL, API key and webhook signing
     * secret. Unset with SANDBOX on: the sandbox provider mounted in this server.
     */
    PSP_BASE_URL: z.url().optional(),
    PSP_API_KEY: z.string().min(16).optional(),
    PSP_WEBHOOK_SECRET: z.string().min(16).optional(),
    /**
     * The in-house game server (modules/rgs) as a wallet-API provider: where it calls the
     * platform's wallet API and the HMAC secret both sides sign with (docs/game-wallet-protocol.md).
     * Unset: this server's own /gw/v1 and a secret derived from APP_SECRET.
     */
    RGS_WALLET_URL: z.url().optional(),
    RGS_WALLET_SECRET: z.string().min(32).optional(),
    /**
     * The in-house sportsbook as a wallet-API provider (its sports-bet actions, ADR 031): the HMAC
     * secret its calls are signed with. Unset: derived from APP_SECRET.
     */
    SPORTSBOOK_WALLET_SECRET: z.string().min(32).optional(),
    /**
     * The identity-verification (KYC) provider, Sumsub-shaped (ADR 026): API base URL, app token,
     * secret key (request signatures) and webhook secret (x-payload-digest), and the level applicants
     * are created at. Unset with SANDBOX on: the sandbox KYC provider mounted in this server.
     */
    KYC_BASE_URL: z.url().optional(),
    KYC_APP_TOKEN: z.string().min(16).optional(),
    KYC_SECRET_KEY: z.string().min(16).optional(),
    KYC_WEBHOOK_SECRET: z.string().min(16).optional(),
    KYC_LEVEL_NAME: z
      .string()
      .regex(/^[A-Za-z0-9 _-]{1,64}$/)
      .default('basic-kyc-level'),
    /**
     * Lifetime deposits (in the player's currency, decimal string) above which a deposit needs a
     * verified identity (SumsubVerificationRequiredException). Unset: deposits never need it.
     */
    KYC_DEPOSIT_THRESHOLD: z
      .string()
      .regex(/^\d{1,12}(\.\d{1,8})?$/, 'a decimal amount like 2000 or 2000.00')
      .optional(),
    /**
     * The fraud-scoring provider (ADR 039) used when SEON_ENABLED is on: its API base URL (its
     * fingerprint script is `${FRAUD_BASE_URL}/agent.js`) and API key. Unset with SANDBOX on: the
     * sandbox provider mounted in this server; unset without it: no scoring.
     */
    FRAUD_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    FRAUD_API_KEY: z.string().min(16).optional(),
    /**
     * Origins besides the site's own whose `checkIframe` window messages make the page navigate
     * (spec §4, ADR 039), comma-separated: `https://games.example,https://pay.example`.
     */
    FRAME_MESSAGE_ORIGINS: z
      .string()
      .default('')
      .transform((text, ctx): string[] => {
        const origins: string[] = [];
        for (const entry of text.split(',').map((part) => part.trim())) {
          if (entry === '') continue;
          let url: URL | null = null;
          try {
            url = new URL(entry);
          } catch {
            url = null;
          }
          if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== entry) {
            ctx.addIssue({
              code: 'custom',
              message: `"${entry.slice(0, 40)}": expected origins such as https://games.example`,
            });
            return z.NEVER;
          }
          origins.push(url.origin);
        }
        return origins.slice(0, 20);
      }),
    /** A withdrawal of a player whose latest fraud score is at least this is held for review. */
    FRAUD_HOLD_SCORE: z.coerce.number().int().min(1).max(100).default(80),
    /** Requests per minute per IP for /api methods without a tighter limit of their own. */
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
    /**
     * The sportsbook's odds feed (ADR 030): the built-in simulator, or off. Unset: the simulator,
     * except under NODE_ENV=test (a test turns it on itself).
     */
    SPORTSBOOK_FEED: z.enum(['simulator', 'off']).optional(),
    /** The book's margin on every market (0.06 = 6 % overround), applied by the simulator. */
    SPORTSBOOK_MARGIN: z.coerce.number().min(0).max(0.3).default(0.06),
    /** Simulated matches play this many times faster than real time (1 = real time). */
    SPORTSBOOK_SIMULATOR_SPEED: z.coerce.number().int().min(1).max(600).default(6),
    /** Seed of the simulator's fixtures and matches (same seed, same matches on every node). */
    SPORTSBOOK_SIMULATOR_SEED: z.string().min(1).max(64).default('croupier'),
    /**
     * Moves every kick-off of the simulator's timetable this much later (0 to 1 day): a demo or a
     * browser test can have a match kick off just before it starts.
     */
    SPORTSBOOK_SIMULATOR_KICKOFF_SHIFT_MS: z.coerce.number().int().min(0).max(86_400_000).default(0),
    /** A bet with a live leg waits this long, then is checked again (ADR 034). */
    SPORTSBOOK_LIVE_DELAY_MS: z.coerce.number().int().min(0).max(30_000).default(2000),
    /** The smallest stake per line, in major units of the player's currency (ADR 034). */
    SPORTSBOOK_MIN_STAKE: z
      .string()
      .regex(/^\d{1,9}(\.\d{1,8})?$/, 'a decimal amount like 0.10')
      .default('0.10'),
    /** The book's margin on a cash-out (0.05: the player gets 95 % of the bet's fair value; ADR 031). */
    SPORTSBOOK_CASH_OUT_MARGIN: z.coerce.number().min(0).max(0.5).default(0.05),
    /**
     * A third-party sportsbook shown in a frame under /bets/* (ADR 035): the sysname of its entry in
     * the games catalogue, launched like a game. Unset: /bets/* leads to the in-house /betting.
     */
    SPORTSBOOK_FRAME_SYSNAME: z
      .string()
      .regex(/^([a-z0-9][a-z0-9_-]{0,63})?$/)
      .optional()
      .transform((sysname) => sysname || undefined),
  })
  .transform((env) => ({
    ...env,
    HOST: env.HOST ?? (env.NODE_ENV === 'development' ? 'localhost' : '0.0.0.0'),
    SPORTSBOOK_FEED: env.SPORTSBOOK_FEED ?? (env.NODE_ENV === 'test' ? 'off' : 'simulator'),
    WEB_CONCURRENCY:
      env.WEB_CONCURRENCY ?? (env.NODE_ENV === 'production' ? Math.min(os.availableParallelism(), 16) : 1),
    PAGE_CACHE_SECONDS: env.PAGE_CACHE_SECONDS ?? (env.NODE_ENV === 'production' ? 5 : 0),
    SANDBOX:
      env.SANDBOX ??
      (env.DATABASE_URL === undefined &&
        !env.PSP_BASE_URL &&
        !env.PSP_API_KEY &&
        !env.PSP_WEBHOOK_SECRET &&
        !env.KYC_BASE_URL &&
        !env.KYC_APP_TOKEN &&
        !env.KYC_SECRET_KEY &&
        !env.KYC_WEBHOOK_SECRET &&
        !env.FRAUD_BASE_URL &&
        !env.FRAUD_API_KEY),
  }));

export type Config = z.infer<typeof configSchema>;

// Outside production a fixed, public value keeps development and tests working with no setup; it
// signs nothing of worth there. Production refuses to start without real secrets (loadConfig).
const DEVELOPMENT_SECRET = 'croupier-development-only-secret-not-for-production';

/**
 * Fills APP_SECRET and CMS_JWT_SECRET from `DATA_DIR/secrets.json` (created with random values on
 * first start, mode 0600) when env does not set them and the database is the embedded one. The same
 * file keeps the embedded PostgreSQL's generated password (`@croupier/db/database`).
 */
export async function withLocalSecrets(config: Config): Promise<Config> {
  if (config.DATABASE_URL || (config.APP_SECRET && config.CMS_JWT_SECRET)) return config;
  const stored = await localSecrets(config.DATA_DIR, ['APP_SECRET', 'CMS_JWT_SECRET']);
  return {
    ...config,
    APP_SECRET: config.APP_SECRET ?? stored.APP_SECRET,
    CMS_JWT_SECRET: config.CMS_JWT_SECRET ?? stored.CMS_JWT_SECRET,
  };
}

export function appSecret(config: Config): string {
  return config.APP_SECRET ?? DEVELOPMENT_SECRET;
}

export function cmsJwtSecret(config: Config): string {
  return config.CMS_JWT_SECRET ?? `${DEVELOPMENT_SECRET}-cms`;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, as in most .env files.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    );
  }
  const config = parsed.data;
  // With the embedded database (a single node), missing secrets are generated and kept in DATA_DIR
  // (withLocalSecrets); nodes sharing a DATABASE_URL must share secrets, so those come from env.
  if (config.NODE_ENV === 'production' && config.DATABASE_URL) {
    const missing = [];
    if (!config.APP_SECRET) missing.push('APP_SECRET: required in production (at least 32 characters)');
    if (!config.CMS_JWT_SECRET)
      missing.push('CMS_JWT_SECRET: required in production (at least 32 characters)');
    // Email links, payment return URLs and canonical links must name the public site; a Host header
    // never chooses them in production (ADR 010), so a real deployment states its origin.
    if (!config.PUBLIC_URL)
      missing.push('PUBLIC_URL: required in production with DATABASE_URL (e.g. https://casino.example)');
    if (missing.length > 0) throw new ConfigError(missing);
  }
  // A sandbox beside a real payment provider would let anyone credit real balances with test cards.
  if (config.SANDBOX) {
    const real = (
      [
        'PSP_BASE_URL',
        'PSP_API_KEY',
        'PSP_WEBHOOK_SECRET',
        'KYC_BASE_URL',
        'KYC_APP_TOKEN',
        'KYC_SECRET_KEY',
        'KYC_WEBHOOK_SECRET',
        'FRAUD_BASE_URL',
        'FRAUD_API_KEY',
      ] as const
    ).filter((key) => config[key]);
    if (real.length > 0) {
      throw new ConfigError([
        `SANDBOX: SANDBOX=${cleaned.SANDBOX} mounts the sandbox providers while a real payment provider is configured (${real.join(', ')}); set SANDBOX=false to use the real provider, or unset ${real.join(', ')} for a demo`,
      ]);
    }
  }
  const kyc = [
    config.KYC_BASE_URL,
    config.KYC_APP_TOKEN,
    config.KYC_SECRET_KEY,
    config.KYC_WEBHOOK_SECRET,
  ].filter(Boolean).length;
  if (kyc !== 0 && kyc !== 4) {
    throw new ConfigError([
      'KYC_BASE_URL, KYC_APP_TOKEN, KYC_SECRET_KEY, KYC_WEBHOOK_SECRET: set all four or none',
    ]);
  }
  if ((config.FRAUD_BASE_URL === undefined) !== (config.FRAUD_API_KEY === undefined)) {
    throw new ConfigError(['FRAUD_BASE_URL, FRAUD_API_KEY: set both or none']);
  }
  const oidc = [config.OIDC_ISSUER, config.OIDC_CLIENT_ID, config.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (oidc !== 0 && oidc !== 3) {
    throw new ConfigError(['OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: set all three or none']);
  }
  return config;
}
