/**
 * Two-factor: turning TOTP on (secret, otpauth link, QR code) and off, and confirming it.
 */
import QRCode from 'qrcode';
import type { Deps } from '../../deps.ts';
import type { SecretBox } from '../auth/secret-box.ts';
import { base32Encode, generateTotpSecret, otpauthUri, verifyTotp } from '../auth/totp.ts';
import type { AccountSupport } from './account-support.ts';
import { fieldError } from './accounts.messages.ts';
import type { createAccountsRepository } from './accounts.repository.ts';
import type { TwoFactorStart } from './accounts-model.ts';

type AccountsRepository = ReturnType<typeof createAccountsRepository>;

/** The issuer name authenticator apps show next to the account. */
const TOTP_ISSUER = 'Croupier';

export interface TwoFactorContext {
  deps: Pick<Deps, 'now'>;
  repository: AccountsRepository;
  totpBox: SecretBox;
  support: AccountSupport;
}

export function createTwoFactor({ deps, repository, totpBox, support }: TwoFactorContext) {
  const { credentialsOrThrow, checkTotp, twoFactorFieldError } = support;

  return {
    async changeTwoFactor(
      playerId: bigint,
      input: { enable: boolean; code: string | undefined },
    ): Promise<TwoFactorStart> {
      const credentials = await credentialsOrThrow(playerId);
      if (!input.enable) {
        if (!credentials.twoFactorSecret) {
          throw fieldError('enable', 'twoFactorDisabled', 'account.two_factor_disabled');
        }
        if (input.code === undefined) throw fieldError('code', 'required');
        const result = await checkTotp(playerId, credentials.twoFactorSecret, input.code);
        if (result !== 'ok') throw twoFactorFieldError(result);
        await repository.disableTwoFactor(playerId);
        return { status: 'disabled' };
      }
      if (credentials.twoFactorSecret)
        throw fieldError('enable', 'twoFactorEnabled', 'account.two_factor_enabled');
      const seed = generateTotpSecret();
      const secretBase32 = base32Encode(seed);
      const uri = otpauthUri({ issuer: TOTP_ISSUER, account: credentials.login, secretBase32 });
      const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      await repository.setPendingTwoFactor(playerId, totpBox.seal(seed));
      return {
        status: 'pending',
        secret: secretBase32,
        otpauth_url: uri,
        qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    async confirmTwoFactor(playerId: bigint, code: string): Promise<void> {
      const credentials = await credentialsOrThrow(playerId);
      if (credentials.twoFactorSecret)
        throw fieldError('code', 'twoFactorEnabled', 'account.two_factor_enabled');
      const pending = credentials.twoFactorPendingSecret;
      if (!pending) throw fieldError('code', 'twoFactorNotStarted', 'account.two_factor_not_started');
      const check = verifyTotp(totpBox.open(pending), code, deps.now().getTime());
      if (!check.ok) throw twoFactorFieldError(check.reason);
      // The confirming step is recorded as used: the same code cannot log in afterwards.
      if (!(await repository.enableTwoFactor(playerId, pending, BigInt(check.step), deps.now()))) {
        throw fieldError('code', 'twoFactorNotStarted', 'account.two_factor_not_started');
      }
    },
  };
}
