/**
 * The one environment module: every setting comes from env through this schema and the process
 * stops at boot with a message naming each bad variable. `.env.example` mirrors it.
 */
import { z } from 'zod';

const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

const seconds = z.coerce.number().int().min(0).max(31_536_000);

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
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
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Secret for signed values (unsubscribe links, launch tokens). Required in production. */
    APP_SECRET: z.string().min(32).optional(),
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
    DOMAIN_STATE: z.enum(['active', 'maintenance']).default('active'),
    DOMAIN_TYPE: z.enum(['main', 'mirror']).default('main'),
    GTM_ID: z.string().optional(),
    SEON_ENABLED: flag.default(false),
    BONUS_ISOLATION_ENABLED: flag.default(false),
    GAME_HISTORY_EXPORT_ENABLED: flag.default(true),
    /** Requests per minute per IP for /api methods without a tighter limit of their own. */
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  })
  .transform((env) => ({
    ...env,
    SANDBOX: env.SANDBOX ?? env.NODE_ENV !== 'production',
  }));

export type Config = z.infer<typeof configSchema>;

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
  if (config.NODE_ENV === 'production' && !config.APP_SECRET) {
    throw new ConfigError(['APP_SECRET: required in production (at least 32 characters)']);
  }
  return config;
}
