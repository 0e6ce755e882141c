/**
 * Account info: what the site shows about the player (or a guest), and their balances.
 */
import type { AccountInfo, BalancesOutput } from '@croupier/contract/account/common';
import type { Locale } from '@croupier/contract/locales';
import type { MetadataService } from '../metadata/metadata.service.ts';
import type { AccountSupport } from './account-support.ts';
import type { createAccountsRepository } from './accounts.repository.ts';

type AccountsRepository = ReturnType<typeof createAccountsRepository>;

export interface AccountInfoContext {
  repository: AccountsRepository;
  metadata: MetadataService;
  support: AccountSupport;
  verification?: VerificationLookup;
}

/** Where a player's identity verification stands (modules/kyc owns it; composed in services.ts). */
export type VerificationLookup = (
  playerId: bigint,
) => Promise<{ onVerification: boolean; verified: boolean; kycBlock: boolean }>;

const NOT_VERIFYING = async () => ({ onVerification: false, verified: false, kycBlock: false });

export function createAccountInfo({
  repository,
  metadata,
  support,
  verification = NOT_VERIFYING,
}: AccountInfoContext) {
  const { balancesOf, playerOrThrow, realMoneyAgeRefusal } = support;

  return {
    balancesOf,

    async getInfo(playerId: bigint | null, locale: Locale): Promise<AccountInfo> {
      if (playerId === null) {
        const currency = (await metadata.generalInfo()).default_currency;
        return {
          ...(await balancesOf(null, currency)),
          uid: 0,
          reg_time: 0,
          login: '',
          login_type: null,
          is_login_confirmed: false,
          fakename: null,
          is_subscribed: false,
          currency,
          is_on_verification: false,
          is_verified: false,
          is_kyc_block_enabled: false,
          // A guest has nothing to complete: the completion popup is for players only.
          is_registration_completed: true,
          country_code: null,
          locale,
          two_factor_auth: false,
          has_deposit: false,
          real_money_block: null,
        };
      }
      const player = await playerOrThrow(playerId);
      const [contacts, hasDeposit, ageRefusal, kyc] = await Promise.all([
        repository.listContacts(playerId),
        repository.hasSucceededDeposit(playerId),
        realMoneyAgeRefusal(playerId),
        verification(playerId),
      ]);
      const currency = player.currency ?? (await metadata.generalInfo()).default_currency;
      const loginContact = contacts.find((c) => c.isLogin);
      return {
        ...(await balancesOf(playerId, currency)),
        uid: Number(player.id),
        reg_time: Math.floor(player.createdAt.getTime() / 1000),
        login: player.login,
        login_type: player.loginType,
        is_login_confirmed: loginContact ? loginContact.confirmed : player.loginType === 'external',
        fakename: player.fakename,
        is_subscribed: contacts.some((c) => c.subscribed),
        currency,
        // Identity verification (modules/kyc): documents under review, and a passed review.
        is_on_verification: kyc.onVerification,
        is_verified: kyc.verified,
        is_kyc_block_enabled: kyc.kycBlock,
        is_registration_completed: player.isRegistrationCompleted,
        country_code: player.countryCode,
        locale: player.locale,
        two_factor_auth: player.twoFactorEnabled,
        has_deposit: hasDeposit,
        real_money_block: ageRefusal?.reason ?? null,
      };
    },

    async getBalance(playerId: bigint): Promise<BalancesOutput> {
      const player = await playerOrThrow(playerId);
      return balancesOf(playerId, player.currency ?? (await metadata.generalInfo()).default_currency);
    },

    /**
     * Fakename and login of each player, for lists other modules show (the winners list masks
     * them): they read players through this service, never the table.
     */
    async publicNames(
      playerIds: readonly bigint[],
    ): Promise<Map<bigint, { fakename: string | null; login: string }>> {
      return repository.publicNames(playerIds);
    },
  };
}
