/**
 * What the parts of the accounts service share (see accounts.service.ts for the whole).
 */
import { createHash, createHmac } from 'node:crypto';
import type { BalancesOutput, ContactOutput } from '@croupier/contract/account/common';
import type { ProfileInfo } from '@croupier/contract/account/get-profile-info';
import { type Locale, localizePath, normalizeLocale } from '@croupier/contract/locales';
import { validateBirthDate, validateLogin } from '@croupier/contract/validation/rules';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { mailLinkOrigin } from '../../lib/public-origin.ts';
import type { SecretBox } from '../auth/secret-box.ts';
import { verifyTotp } from '../auth/totp.ts';
import type { CmsService } from '../cms/cms.service.ts';
import type { MetadataService } from '../metadata/metadata.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { fieldError } from './accounts.messages.ts';
import type {
  ContactRecord,
  ContactType,
  CredentialsRecord,
  createAccountsRepository,
  PlayerRecord,
} from './accounts.repository.ts';
import type { SocialPlayerInput } from './accounts-model.ts';
import { type AgeGateRefusal, minimumAgeFor } from './minimum-age.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

type AccountsRepository = ReturnType<typeof createAccountsRepository>;

export function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export function toContactOutput(contact: ContactRecord): ContactOutput {
  return {
    type: contact.type,
    // Phones are shown in international form.
    value: contact.type === 'phone' ? `+${contact.value}` : contact.value,
    confirmed: contact.confirmed,
    subscribed: contact.subscribed,
    is_login: contact.isLogin,
    phone_country_code: contact.phoneCountryCode,
  };
}

export interface AccountSupportContext {
  deps: Pick<Deps, 'config' | 'log' | 'now'>;
  repository: AccountsRepository;
  metadata: MetadataService;
  cms: CmsService;
  wallet: WalletService;
  secret: string;
  totpBox: SecretBox;
  /** Passed in, not imported: it lives in accounts.service.ts, which imports this file (no cycle). */
  normalizeContactValue: (raw: string) => { type: ContactType; value: string };
}

/** The helpers the account parts share: lookups that throw, origins and links, codes, TOTP checks, the external-identity sign-up, the age gate and the profile read. */
export function createAccountSupport({
  deps,
  repository,
  metadata,
  cms,
  wallet,
  secret,
  totpBox,
  normalizeContactValue,
}: AccountSupportContext) {
  /** PUBLIC_URL, else (outside production) the host the player used: lib/public-origin.ts. */
  function origin(): string {
    return mailLinkOrigin(deps.config, deps.log);
  }

  function siteUrl(path: string, locale: Locale, query: Record<string, string> = {}): string {
    const search = new URLSearchParams(query).toString();
    return `${origin()}${localizePath(path, locale)}${search ? `?${search}` : ''}`;
  }

  function localeOf(value: string): Locale {
    return normalizeLocale(value) ?? 'en';
  }

  async function availableCurrency(code: string | undefined): Promise<string> {
    const currencies = await metadata.currencies();
    if (code === undefined) return (await metadata.generalInfo()).default_currency;
    if (!currencies.some((c) => c.code === code)) {
      throw fieldError('currency', 'unsupported', 'account.currency_unsupported');
    }
    return code;
  }

  async function registrationConfig(locale: Locale) {
    return (await cms.getConfig(locale))['auth-config'].registration;
  }

  /** Spec §3 auth config: a checkbox shown (`isActive`) takes the player's choice, else its default. */
  function checkbox(setting: { isActive: boolean; defaultValue: boolean }, ticked: boolean): boolean {
    return setting.isActive ? ticked : setting.defaultValue;
  }

  /** The player's balances, read from the ledger through the wallet. */
  async function balancesOf(playerId: bigint | null, currency: string): Promise<BalancesOutput> {
    return wallet.balances(playerId, currency);
  }

  /** Whether money has moved on the account (then its currency is fixed): the wallet answers. */
  async function hasMoneyMovements(playerId: bigint): Promise<boolean> {
    return wallet.hasMoneyMovements(playerId);
  }

  async function playerOrThrow(playerId: bigint): Promise<PlayerRecord> {
    const player = await repository.findPlayer(playerId);
    if (!player) throw new AppError('AuthorizationException');
    return player;
  }

  async function credentialsOrThrow(playerId: bigint): Promise<CredentialsRecord> {
    const credentials = await repository.findCredentials(playerId);
    if (!credentials) throw new AppError('AuthorizationException');
    return credentials;
  }

  function assertActive(status: PlayerRecord['status']): void {
    if (status === 'banned') throw new AppError('UserBannedException');
    if (status === 'deleted') throw new AppError('UserDeletedException');
  }

  function unsubscribeLink(playerId: bigint, contact: { type: ContactType; value: string }, locale: Locale) {
    const token = signUnsubscribeToken(secret, { playerId, ...contact, purpose: 'marketing' });
    return siteUrl('/unsubscribe', locale, { token });
  }

  function codeHash(contactId: bigint, code: string): Buffer {
    return createHmac('sha256', secret).update(`contact-code\n${contactId}\n${code}`).digest();
  }

  async function findOwnContact(playerId: bigint, raw: string): Promise<ContactRecord> {
    const { type, value } = normalizeContactValue(raw);
    const contact = await repository.findContact(playerId, type, value);
    if (!contact) throw fieldError('contact', 'contactNotFound', 'account.contact_not_found');
    return contact;
  }

  /** TOTP check of a stored seed with replay protection; the step is spent only on success. */
  async function checkTotp(
    playerId: bigint,
    sealed: Buffer,
    code: string,
  ): Promise<'ok' | 'invalid' | 'expired' | 'replayed'> {
    const check = verifyTotp(totpBox.open(sealed), code, deps.now().getTime());
    if (!check.ok) return check.reason;
    return (await repository.claimTotpStep(playerId, BigInt(check.step))) ? 'ok' : 'replayed';
  }

  function twoFactorFieldError(result: 'invalid' | 'expired' | 'replayed'): AppError {
    return result === 'expired' ? fieldError('code', 'timeExpired') : fieldError('code', 'codeInvalid');
  }

  /**
   * Creates or finds the player of an external identity (OIDC, Telegram). Runs under a lock on the
   * identity so two simultaneous first sign-ins make one player.
   *
   * Linking to an existing account by email happens only when the provider says the email is
   * verified AND that account has confirmed the same email. Either half missing allows an account
   * takeover: with an unverified provider email, anyone could create an IdP account in a victim's
   * name and walk into the victim's casino account; with an unconfirmed account email, an attacker
   * could pre-register the victim's address with a password of their own, wait for the victim to
   * sign in socially, and keep password access to an account the victim now funds.
   */
  async function findOrCreateExternal(
    input: SocialPlayerInput & { username?: string | null; promoCode?: string | null },
  ): Promise<{ playerId: bigint; isNew: boolean }> {
    const provider = input.provider.trim().slice(0, 64);
    const subject = input.subject.trim().slice(0, 255);
    if (!provider || !subject) throw new Error('An external identity needs a provider and a subject');
    const rawEmail = input.email?.trim().toLowerCase() ?? '';
    const email = rawEmail !== '' && validateLogin(rawEmail, { kind: 'email' }) === null ? rawEmail : null;
    const now = deps.now();
    return repository.transaction(async (repo) => {
      await repo.lockKey(`identity\n${provider}\n${subject}`);
      const linked = await repo.findIdentity(provider, subject);
      if (linked !== undefined) return { playerId: linked, isNew: false };

      const identity = { provider, subject, email, username: input.username ?? null, createdAt: now };
      if (email && input.emailVerified) {
        const owner = await repo.findPlayerByConfirmedEmail(email);
        if (owner !== undefined) {
          await repo.insertIdentity({ ...identity, playerId: owner });
          return { playerId: owner, isNew: false };
        }
      }

      // Use the email as login only when it is verified and free; else a login no form can type.
      // (A verified email nobody has confirmed: no other account can claim it first.)
      const emailIsFreeLogin = email !== null && input.emailVerified && !(await repo.loginExists(email));
      const login = emailIsFreeLogin && email ? email : `${provider}:${subject}`;
      const playerId = await repo.insertPlayer({
        login,
        loginType: 'external',
        locale: input.locale,
        passwordHash: null,
        currency: null,
        isRegistrationCompleted: false,
        promoCode: input.promoCode ?? null,
        characterId: null,
        termsAcceptedAt: null,
        markBetting: false,
        createdAt: now,
      });
      if (playerId === null) throw new Error('External login collided with an existing login');
      if (email) {
        const confirmable =
          input.emailVerified && !(await repo.isConfirmedElsewhere(playerId, 'email', email));
        await repo.insertContact({
          playerId,
          type: 'email',
          value: email,
          phoneCountryCode: null,
          isLogin: login === email,
          confirmedAt: confirmable ? now : null,
          subscribed: false,
        });
      }
      await repo.insertIdentity({ ...identity, playerId });
      return { playerId, isNew: true };
    });
  }

  /**
   * Refuses a birth date (ISO) under the minimum age of `country` (`minimumAge` on `field`, with
   * the age in the message), before anything is written.
   */
  function checkAge(field: string, birthDate: string, country: string | null): void {
    const minimumAge = minimumAgeFor(deps.config, country);
    const issue = validateBirthDate(birthDate, { today: deps.now(), minimumAge });
    if (issue) throw fieldError(field, issue.code, undefined, { ...issue.params });
  }

  /** Why this player may not move real money yet (see `requireRealMoneyAge`), or null. */
  async function realMoneyAgeRefusal(playerId: bigint): Promise<AgeGateRefusal | null> {
    const [player, profile] = await Promise.all([playerOrThrow(playerId), repository.findProfile(playerId)]);
    const minimumAge = minimumAgeFor(deps.config, player.countryCode);
    const birthDate = profile?.birthDate ?? null;
    if (birthDate === null) return { reason: 'birth_date_required', minimumAge };
    const issue = validateBirthDate(birthDate, { today: deps.now(), minimumAge });
    return issue ? { reason: 'under_age', minimumAge } : null;
  }

  async function getProfile(playerId: bigint): Promise<ProfileInfo> {
    const player = await playerOrThrow(playerId);
    const [profile, contacts, cpf] = await Promise.all([
      repository.findProfile(playerId),
      repository.listContacts(playerId),
      repository.findDocument(playerId, 'cpf'),
    ]);
    return {
      fields: {
        first_name: profile?.firstName ?? null,
        last_name: profile?.lastName ?? null,
        sex: profile?.sex ?? 0,
        birth_date: profile?.birthDate ?? null,
        cpf: cpf ?? null,
        country: profile?.country ?? null,
        country_code: player.countryCode,
        region: profile?.region ?? null,
        home_town: profile?.homeTown ?? null,
        address: profile?.address ?? null,
        postcode: profile?.postcode ?? null,
      },
      contacts: contacts.map(toContactOutput),
      document: cpf === undefined ? null : { type: 'cpf', number: cpf },
    };
  }

  return {
    origin,
    siteUrl,
    localeOf,
    availableCurrency,
    registrationConfig,
    checkbox,
    balancesOf,
    hasMoneyMovements,
    playerOrThrow,
    credentialsOrThrow,
    assertActive,
    unsubscribeLink,
    codeHash,
    findOwnContact,
    checkTotp,
    twoFactorFieldError,
    findOrCreateExternal,
    checkAge,
    realMoneyAgeRefusal,
    getProfile,
  };
}

export type AccountSupport = ReturnType<typeof createAccountSupport>;
