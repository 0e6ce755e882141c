/**
 * How the platform and the providers it integrates know each other, the way an operator and a
 * provider exchange settings when they integrate: ids, URLs and the secrets both sides sign with.
 * Explicit settings (env, through config.ts) win; otherwise stable values are derived from
 * APP_SECRET so that every node (and every restart) agrees without setup.
 *
 * This is configuration, read at the composition root and by both sides of each integration: the
 * platform's modules (cashier, game wallet, catalogue) and the providers this server hosts (the
 * sandbox payment provider, the in-house game server). Neither side imports the other's files.
 */
import { createHmac } from 'node:crypto';
import { appSecret, type Config } from './config.ts';

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function publicOrigin(config: Config): string {
  return withoutTrailingSlash(config.PUBLIC_URL ?? `http://127.0.0.1:${config.PORT}`);
}

// --- the in-house game server as a wallet-API provider (docs/game-wallet-protocol.md) ----------

export const RGS_PROVIDER_ID = 'croupier-rgs';

export interface RgsCredentials {
  providerId: string;
  /** Base of the platform's wallet API (no trailing slash): `${walletUrl}/bet` … */
  walletUrl: string;
  secret: string;
  /** The RGS launch endpoint, as a path on this server. */
  launchPath: string;
}

export function rgsCredentials(config: Config): RgsCredentials {
  const origin = publicOrigin(config);
  return {
    providerId: RGS_PROVIDER_ID,
    walletUrl: (config.RGS_WALLET_URL ?? `${origin}/gw/v1`).replace(/\/+$/, ''),
    secret:
      config.RGS_WALLET_SECRET ??
      createHmac('sha256', appSecret(config)).update('croupier-rgs:wallet-secret').digest('base64url'),
    launchPath: '/rgs/launch',
  };
}

// --- the in-house sportsbook as a wallet-API provider (sports bets, ADR 031) -------------------

export const SPORTSBOOK_PROVIDER_ID = 'croupier-sportsbook';

export interface SportsbookCredentials {
  providerId: string;
  /** Base of the platform's wallet API (no trailing slash): `${walletUrl}/sport_reserve` … */
  walletUrl: string;
  secret: string;
}

export function sportsbookCredentials(config: Config): SportsbookCredentials {
  return {
    providerId: SPORTSBOOK_PROVIDER_ID,
    walletUrl: `${publicOrigin(config)}/gw/v1`,
    secret:
      config.SPORTSBOOK_WALLET_SECRET ??
      createHmac('sha256', appSecret(config)).update('croupier-sportsbook:wallet-secret').digest('base64url'),
  };
}

// --- the payment provider's merchant credentials (docs/payment-provider-protocol.md) -----------

/**
 * The merchant credentials of the payment provider, as a real provider's dashboard hands them to
 * a merchant: the provider (the sandbox, when mounted) checks the API key and signs webhooks with
 * the secret; the cashier uses the same values on its side.
 */
export interface SandboxPspCredentials {
  apiKey: string;
  webhookSecret: string;
  /** Where the platform calls the provider's API (no trailing slash). */
  baseUrl: string;
}

function derivePsp(config: Config, purpose: string): string {
  // A distinct label per purpose: knowing the API key tells nothing about the webhook secret.
  return createHmac('sha256', appSecret(config))
    .update(`croupier-sandbox-psp:${purpose}`)
    .digest('base64url');
}

export function sandboxPspCredentials(config: Config): SandboxPspCredentials {
  const origin = publicOrigin(config);
  return {
    apiKey: config.PSP_API_KEY ?? `sk_sandbox_${derivePsp(config, 'api-key')}`,
    webhookSecret: config.PSP_WEBHOOK_SECRET ?? `whsec_${derivePsp(config, 'webhook-secret')}`,
    baseUrl: withoutTrailingSlash(config.PSP_BASE_URL ?? `${origin}/sandbox/psp`),
  };
}

// --- the identity-verification (KYC) provider's app credentials (ADR 026) ----------------------

/**
 * The app credentials of the Sumsub-shaped KYC provider, as its dashboard hands them out: the app
 * token and secret key that sign every API request, the secret that signs webhook digests, where
 * the platform calls it and where it sends webhooks. The sandbox (when mounted) uses the same values.
 */
export interface KycCredentials {
  appToken: string;
  secretKey: string;
  webhookSecret: string;
  /** Where the platform calls the provider's API (no trailing slash). */
  baseUrl: string;
  /** Where the provider posts its webhooks (the platform's endpoint). */
  webhookUrl: string;
  levelName: string;
}

function deriveKyc(config: Config, purpose: string): string {
  return createHmac('sha256', appSecret(config))
    .update(`croupier-sandbox-kyc:${purpose}`)
    .digest('base64url');
}

export function kycCredentials(config: Config): KycCredentials {
  const origin = publicOrigin(config);
  return {
    appToken: config.KYC_APP_TOKEN ?? `sbx:${deriveKyc(config, 'app-token')}`,
    secretKey: config.KYC_SECRET_KEY ?? deriveKyc(config, 'secret-key'),
    webhookSecret: config.KYC_WEBHOOK_SECRET ?? deriveKyc(config, 'webhook-secret'),
    baseUrl: withoutTrailingSlash(config.KYC_BASE_URL ?? `${origin}/sandbox/kyc`),
    webhookUrl: `${origin}/webhooks/kyc`,
    levelName: config.KYC_LEVEL_NAME,
  };
}

// --- the fraud-scoring provider's API key (ADR 039) --------------------------------------------

/**
 * The fraud-scoring provider's settings, as its dashboard hands them out: the API key, where the
 * platform calls its scoring API and where its fingerprint script is (`${baseUrl}/agent.js`). The
 * sandbox (when mounted) checks the same key.
 */
export interface FraudCredentials {
  apiKey: string;
  /** Where the platform calls the provider's API (no trailing slash). */
  baseUrl: string;
}

export function fraudCredentials(config: Config): FraudCredentials {
  return {
    apiKey:
      config.FRAUD_API_KEY ??
      `fk_sandbox_${createHmac('sha256', appSecret(config)).update('croupier-sandbox-fraud:api-key').digest('base64url')}`,
    baseUrl: withoutTrailingSlash(config.FRAUD_BASE_URL ?? `${publicOrigin(config)}/sandbox/fraud`),
  };
}
