/**
 * Player accounts: sign-up (form, messenger, social), sign-in with optional TOTP two-factor, password
 * recovery and change, Account info, profile, contacts with confirmation codes, subscriptions, and
 * bans. Every method acts on the player id the caller got from the session, so a player only ever
 * reads and changes their own data. Errors are typed AppErrors with accounts message keys.
 */
import { appSecret } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import { createSecretBox } from '../auth/secret-box.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { CmsService } from '../cms/cms.service.ts';
import type { MetadataService } from '../metadata/metadata.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { createAccountInfo, type VerificationLookup } from './account-info.ts';
import { createAccountSupport } from './account-support.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { createBans } from './bans.ts';
import { normalizeContactValue } from './contact-value.ts';
import { createContacts } from './contacts.ts';
import { createProfile } from './profile.ts';
import { createSignUpAndSignIn } from './sign-up-and-sign-in.ts';
import { createStaffView } from './staff-view.ts';
import { createTwoFactor } from './two-factor.ts';

export function createAccountsService(
  deps: Pick<Deps, 'db' | 'config' | 'log' | 'now'>,
  collaborators: {
    sessions: SessionService;
    notifications: NotificationsService;
    metadata: MetadataService;
    cms: CmsService;
    wallet: WalletService;
    /** Identity verification (modules/kyc, ADR 026): where a player's review stands, for account info. */
    verification?: VerificationLookup;
    /** Loyalty characters (modules/loyalty): a character chosen at sign-up must exist. */
    characterExists?: (id: number) => Promise<boolean>;
  },
) {
  const { sessions, notifications, metadata, cms, wallet } = collaborators;
  const repository = createAccountsRepository(deps.db);
  const secret = appSecret(deps.config);
  const totpBox = createSecretBox(secret, 'totp-secret');
  const support = createAccountSupport({
    deps,
    repository,
    secret,
    totpBox,
    metadata,
    cms,
    wallet,
    normalizeContactValue,
  });
  const signUpAndSignIn = createSignUpAndSignIn({
    deps,
    repository,
    sessions,
    notifications,
    normalizeContactValue,
    support,
    ...(collaborators.characterExists ? { characterExists: collaborators.characterExists } : {}),
  });
  const twoFactor = createTwoFactor({ deps, repository, totpBox, support });
  const accountInfo = createAccountInfo({
    repository,
    metadata,
    support,
    ...(collaborators.verification ? { verification: collaborators.verification } : {}),
  });
  const profile = createProfile({ deps, repository, metadata, support });
  const contacts = createContacts({ deps, repository, notifications, secret, support });
  const bans = createBans({ deps, repository, sessions });
  const staffView = createStaffView({ deps, repository, sessions });

  return {
    ...signUpAndSignIn,
    ...twoFactor,
    ...accountInfo,
    ...profile,
    ...contacts,
    ...bans,
    ...staffView,
    /** The promo code kept from sign-up (campaigns redeem it at the first deposit, ADR 021). */
    signUpPromoCode: (playerId: bigint) => repository.signUpPromoCode(playerId),
    /** The loyalty character chosen at sign-up (loyalty shows it until the player picks another). */
    signUpCharacter: (playerId: bigint) => repository.signUpCharacter(playerId),
  };
}

/**
 * SQL the game wallet embeds in its one statement per call (`ForeignSql` in gamewallet.repository.ts)
 * and the session lookup in its one query per request (`PlayerSql` in session.repository.ts): the
 * accounts module hands it out here, so the players table is read only by its own SQL.
 */
export { playerLocaleSql, playerStatusSql } from './accounts.repository.ts';

export type AccountsService = ReturnType<typeof createAccountsService>;
