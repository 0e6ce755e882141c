/**
 * How the in-house game server and the platform's wallet API know each other, the way an operator
 * and a game provider exchange settings when they integrate: the provider id, the wallet URL the
 * provider calls, the HMAC secret both sides sign with, and the provider's launch URL. Explicit
 * settings win; otherwise stable values are derived from APP_SECRET so that every node (and every
 * restart) agrees without setup.
 */
import { createHmac } from 'node:crypto';
import { appSecret, type Config } from '../../config.ts';

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
  const origin = (config.PUBLIC_URL ?? `http://127.0.0.1:${config.PORT}`).replace(/\/+$/, '');
  return {
    providerId: RGS_PROVIDER_ID,
    walletUrl: (config.RGS_WALLET_URL ?? `${origin}/gw/v1`).replace(/\/+$/, ''),
    secret:
      config.RGS_WALLET_SECRET ??
      createHmac('sha256', appSecret(config)).update('croupier-rgs:wallet-secret').digest('base64url'),
    launchPath: '/rgs/launch',
  };
}
