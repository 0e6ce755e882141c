/**
 * Player accounts: sign-up (form, messenger, social), sign-in with optional TOTP two-factor, password
 * recovery and change, Account info, profile, contacts with confirmation codes, subscriptions, and
 * bans. Every method acts on the player id the caller got from the session, so a player only ever
 * reads and changes their own data. Errors are typed AppErrors with accounts message keys.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { AccountInfo, BalancesOutput, ContactOutput } from '@croupier/contract/account/common';
import type { PhoneSettings } from '@croupier/contract/account/get-contact-phone-settings';
import type { CurrencyRate } from '@croupier/contract/account/get-currency-rates';
import type { PersonalDataField } from '@croupier/contract/account/get-personal-data-fields';
import type { ProfileInfo } from '@croupier/contract/account/get-profile-info';
import { type Locale, localizePath, normalizeLocale } from '@croupier/contract/locales';
import {
  validateBirthDate,
  validateLogin,
  validatePhone,
  validateRequiredCheckbox,
} from '@croupier/contract/validation/rules';
import QRCode from 'qrcode';
import { appSecret } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { interpolate } from '../../lib/interpolate.ts';
import { mailLinkOrigin } from '../../lib/public-origin.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/passwords.ts';
import { createSecretBox } from '../auth/secret-box.ts';
import type { SessionService } from '../auth/session.service.ts';
import { verifyTelegramInitData } from '../auth/telegram.ts';
import { base32Encode, generateTotpSecret, otpauthUri, secondsToNextStep, verifyTotp } from '../auth/totp.ts';
import type { CmsService } from '../cms/cms.service.ts';
import type { MetadataService } from '../metadata/metadata.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { contactCodeEmail, contactCodeSms, passwordResetEmail, welcomeEmail } from './accounts.emails.ts';
import { accountMessages, fieldError } from './accounts.messages.ts';
import {
  type ContactRecord,
  type ContactType,
  type CredentialsRecord,
  createAccountsRepository,
  type PlayerRecord,
  type ProfilePatch,
} from './accounts.repository.ts';
import { normalizeContactValue } from './contact-value.ts';
import { type AgeGateRefusal, minimumAgeFor } from './minimum-age.ts';
import { countryOfNumber, internationalDigits, PHONE_COUNTRIES, phoneCountry } from './phone-countries.ts';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.ts';

/** Spec §5/§9: confirmation codes have 6 digits. */
export const CONFIRMATION_CODE_LENGTH = 6;
export const CONFIRMATION_CODE_TTL_SECONDS = 600;
/** Wrong tries one code survives; then a new code must be sent. */
export const CONFIRMATION_CODE_MAX_ATTEMPTS = 5;
/** Seconds before another code may go to the same contact (the handler's rate limit enforces it). */
export const CONFIRMATION_RESEND_SECONDS = 60;
export const RESET_TOKEN_TTL_SECONDS = 3600;
export const MAX_CONTACTS_PER_TYPE = 5;
/** The issuer name authenticator apps show next to the account. */
const TOTP_ISSUER = 'Croupier';
/** Rates are stored against this currency; every pair is derived from it exactly (SQL numeric). */
const RATE_BASE = 'EUR';

export interface RegistrationInput {
  login: string;
  password: string;
  currency: string | undefined;
  terms: boolean;
  notify: boolean;
  markBetting: boolean;
  promoCode: string | undefined;
  character: number | undefined;
  /** ISO `yyyy-mm-dd`, when the form asks for it: checked against the minimum age. */
  birthDate?: string | undefined;
}

export interface MessengerInput {
  id: number;
  username: string | undefined;
  hash: string;
  languageCode: string | undefined;
  payload: string;
  promoCode: string | undefined;
}

export interface SocialPlayerInput {
  provider: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  locale: 'en' | 'fr';
}

export interface ProfileInput {
  first_name?: string | undefined;
  last_name?: string | undefined;
  sex?: 1 | 2 | undefined;
  birth_date?: string | undefined;
  cpf?: string | undefined;
  country?: string | undefined;
  country_code?: string | undefined;
  region?: string | undefined;
  home_town?: string | undefined;
  address?: string | undefined;
  postcode?: string | undefined;
}

export type TwoFactorStart =
  | { status: 'pending'; secret: string; otpauth_url: string; qr_code: string }
  | { status: 'disabled' };

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export function createAccountsService(
  deps: Pick<Deps, 'db' | 'config' | 'log' | 'now'>,
  collaborators: {
    sessions: SessionService;
    notifications: NotificationsService;
    metadata: MetadataService;
    cms: CmsService;
    wallet: WalletService;
  },
) {
  const { sessions, notifications, metadata, cms, wallet } = collaborators;
  const repository = createAccountsRepository(deps.db);
  const secret = appSecret(deps.config);
  const totpBox = createSecretBox(secret, 'totp-secret');

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
    // --- sign-up and sign-in -------------------------------------------------------------------

    /** Form sign-up (spec §7 auth.register); the caller starts the session. */
    async register(input: RegistrationInput, locale: Locale): Promise<bigint> {
      const config = await registrationConfig(locale);
      const login = normalizeContactValue(input.login);
      const kindIssue = validateLogin(input.login, { kind: config.loginType });
      if (kindIssue || login.type !== config.loginType) {
        throw fieldError(
          'login',
          kindIssue?.code ?? (config.loginType === 'email' ? 'email' : 'phoneFormat'),
          config.loginType === 'email' ? 'account.login_kind_email' : 'account.login_kind_phone',
        );
      }
      if (config.terms.isActive) {
        const issue = validateRequiredCheckbox(input.terms);
        if (issue) throw fieldError('terms', issue.code);
      }
      if (input.birthDate !== undefined) checkAge('birth_date', input.birthDate, null);
      const currency = await availableCurrency(input.currency);
      if (await repository.loginExists(login.value)) {
        throw fieldError('login', 'loginTaken', 'account.login_taken');
      }
      const subscribed = checkbox(config.notify, input.notify);
      const passwordHash = await hashPassword(input.password);
      const now = deps.now();

      return repository.transaction(async (repo, tx) => {
        const playerId = await repo.insertPlayer({
          login: login.value,
          loginType: login.type,
          locale,
          passwordHash,
          currency,
          isRegistrationCompleted: true,
          promoCode: input.promoCode || null,
          characterId: config.showCharacterSelect ? (input.character ?? null) : null,
          termsAcceptedAt: config.terms.isActive ? now : null,
          markBetting: checkbox(config.markBetting, input.markBetting),
          createdAt: now,
        });
        // Lost a race with a simultaneous sign-up of the same login.
        if (playerId === null) throw fieldError('login', 'loginTaken', 'account.login_taken');
        await repo.insertContact({
          playerId,
          type: login.type,
          value: login.value,
          phoneCountryCode: login.type === 'phone' ? countryOfNumber(login.value) : null,
          isLogin: true,
          confirmedAt: null,
          subscribed,
        });
        if (input.birthDate !== undefined)
          await repo.upsertProfile(playerId, { birthDate: input.birthDate }, now);
        if (login.type === 'email' && subscribed) {
          const mail = welcomeEmail(locale, siteUrl('/', locale), unsubscribeLink(playerId, login, locale));
          await notifications.enqueueEmail({ to: login.value, ...mail, locale }, { tx });
        }
        return playerId;
      });
    },

    /**
     * Messenger mini-app sign-up or sign-in: the Telegram init data must be signed with our bot's
     * token, recent, and about the user the call names.
     */
    async registerMessenger(input: MessengerInput, locale: Locale): Promise<bigint> {
      const botToken = deps.config.TELEGRAM_BOT_TOKEN;
      if (!botToken) {
        throw new AppError('AccessDeniedException', {
          code: 'messenger_disabled',
          message: 'auth.messenger_disabled',
        });
      }
      const check = verifyTelegramInitData(input.payload, {
        botToken,
        nowSeconds: Math.floor(deps.now().getTime() / 1000),
        maxAgeSeconds: deps.config.TELEGRAM_AUTH_MAX_AGE_SECONDS,
      });
      if (!check.ok && check.reason === 'stale') {
        throw new AppError('AuthorizationException', {
          code: 'messenger_stale',
          message: 'auth.messenger_stale',
        });
      }
      if (!check.ok || check.user.id !== input.id || check.hash !== input.hash) {
        throw new AppError('AuthorizationException', {
          code: 'messenger_forged',
          message: 'auth.messenger_forged',
        });
      }
      const { playerId } = await findOrCreateExternal({
        provider: 'telegram',
        subject: String(check.user.id),
        email: null,
        emailVerified: false,
        locale: normalizeLocale(check.user.languageCode ?? input.languageCode) ?? locale,
        username: check.user.username,
        promoCode: input.promoCode || null,
      });
      assertActive((await playerOrThrow(playerId)).status);
      return playerId;
    },

    /** For social login (OIDC): the player of a provider identity, created on first sign-in. */
    async findOrCreateSocialPlayer(input: SocialPlayerInput): Promise<{ playerId: bigint; isNew: boolean }> {
      return findOrCreateExternal(input);
    },

    /** UserBannedException / UserDeletedException unless the player may sign in. */
    async ensureActive(playerId: bigint): Promise<void> {
      assertActive((await playerOrThrow(playerId)).status);
    },

    /**
     * Password sign-in. Unknown login and wrong password give the same error after the same argon2
     * work (a dummy hash for unknown logins). Ban and deletion are told only to whoever knows the
     * password. With two-factor on, a missing code answers `two_factor_required` with resend_time.
     */
    async login(input: { login: string; password: string; code: string | undefined }): Promise<bigint> {
      const { value } = normalizeContactValue(input.login);
      const credentials = await repository.findCredentialsByLogin(value);
      const invalid = () =>
        new AppError('AuthorizationException', {
          code: 'invalid_credentials',
          message: 'auth.invalid_credentials',
        });
      if (!credentials?.passwordHash) {
        await verifyAgainstDummy(input.password);
        throw invalid();
      }
      if (!(await verifyPassword(credentials.passwordHash, input.password))) throw invalid();
      assertActive(credentials.status);
      if (credentials.twoFactorSecret) {
        if (input.code === undefined) {
          throw new AppError('AuthorizationException', {
            code: 'two_factor_required',
            message: 'auth.two_factor_required',
            data: { resend_time: secondsToNextStep(deps.now().getTime()) },
          });
        }
        const result = await checkTotp(credentials.id, credentials.twoFactorSecret, input.code);
        if (result !== 'ok') {
          throw new AppError('AuthorizationException', {
            code:
              result === 'expired'
                ? 'two_factor_expired'
                : result === 'replayed'
                  ? 'two_factor_reused'
                  : 'two_factor_invalid',
            message: result === 'expired' ? 'auth.two_factor_expired' : 'auth.two_factor_invalid',
            fields: { code: result === 'expired' ? 'timeExpired' : 'codeInvalid' },
            data: { resend_time: secondsToNextStep(deps.now().getTime()) },
          });
        }
      }
      return credentials.id;
    },

    /**
     * Sends a reset link if an active account has this email (as login or confirmed contact). The
     * caller answers the same either way.
     */
    async requestPasswordReset(rawEmail: string): Promise<void> {
      const email = rawEmail.trim().toLowerCase();
      const player = await repository.findPlayerByEmail(email);
      if (!player) return;
      const token = randomBytes(32).toString('base64url');
      const now = deps.now();
      const locale = localeOf(player.locale);
      const link = siteUrl('/forms/sign_in', locale, { restore_token: token });
      await repository.transaction(async (repo, tx) => {
        await repo.insertResetToken(
          player.id,
          sha256(token),
          new Date(now.getTime() + RESET_TOKEN_TTL_SECONDS * 1000),
          now,
        );
        await notifications.enqueueEmail(
          { to: email, ...passwordResetEmail(locale, link), locale, meta: { link } },
          { tx },
        );
      });
    },

    /** Completes a reset: spends the token, sets the password, ends every session of the account. */
    async completePasswordReset(token: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      const now = deps.now();
      const playerId = await repository.transaction(async (repo) => {
        const spent = await repo.consumeResetToken(sha256(token), now);
        if ('problem' in spent) {
          throw new AppError('InvalidParameterException', {
            code: spent.problem === 'expired' ? 'restore_token_expired' : 'restore_token_invalid',
            fields: { token: spent.problem === 'expired' ? 'timeExpired' : 'codeInvalid' },
            message:
              spent.problem === 'expired' ? 'auth.restore_token_expired' : 'auth.restore_token_invalid',
          });
        }
        await repo.setPassword(spent.playerId, passwordHash, now);
        await repo.expireResetTokens(spent.playerId, now);
        return spent.playerId;
      });
      await sessions.revokeAllForPlayer(playerId, 'restore');
    },

    /** Checks the current password, sets the new one and ends every session (the caller starts one). */
    async changePassword(playerId: bigint, input: { oldPassword: string | undefined; newPassword: string }) {
      const credentials = await credentialsOrThrow(playerId);
      if (credentials.passwordHash) {
        if (input.oldPassword === undefined) throw fieldError('old_password', 'required');
        if (!(await verifyPassword(credentials.passwordHash, input.oldPassword))) {
          throw fieldError('old_password', 'password', 'account.wrong_password');
        }
      }
      const passwordHash = await hashPassword(input.newPassword);
      const now = deps.now();
      await repository.transaction(async (repo) => {
        await repo.setPassword(playerId, passwordHash, now);
        await repo.expireResetTokens(playerId, now);
      });
      await sessions.revokeAllForPlayer(playerId, 'password_change');
    },

    /** Completes a social or messenger sign-up with the auth config's checkboxes and a currency. */
    async completeRegistration(
      playerId: bigint,
      input: { currency: string; terms: boolean; notify: boolean; markBetting: boolean },
      locale: Locale,
    ): Promise<void> {
      const config = await registrationConfig(locale);
      if (config.terms.isActive) {
        const issue = validateRequiredCheckbox(input.terms);
        if (issue) throw fieldError('terms', issue.code);
      }
      const currency = await availableCurrency(input.currency);
      const now = deps.now();
      await repository.transaction(async (repo) => {
        const completed = await repo.completeRegistration(playerId, {
          currency,
          termsAcceptedAt: config.terms.isActive ? now : null,
          markBetting: checkbox(config.markBetting, input.markBetting),
        });
        if (!completed) {
          throw new AppError('AccessDeniedException', {
            code: 'registration_completed',
            message: 'account.registration_completed',
          });
        }
        const contacts = await repo.listContacts(playerId);
        const main = contacts.find((c) => c.isLogin) ?? contacts.find((c) => c.type === 'email');
        if (main) await repo.setSubscription(main.id, checkbox(config.notify, input.notify));
      });
    },

    // --- two-factor ----------------------------------------------------------------------------

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

    // --- account info --------------------------------------------------------------------------

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
      const [contacts, hasDeposit, ageRefusal] = await Promise.all([
        repository.listContacts(playerId),
        repository.hasSucceededDeposit(playerId),
        realMoneyAgeRefusal(playerId),
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
        // Verification and KYC blocks belong to the verification issue; until then nobody is on it.
        is_on_verification: false,
        is_verified: false,
        is_kyc_block_enabled: false,
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

    // --- profile -------------------------------------------------------------------------------

    getProfile,

    realMoneyAgeRefusal,

    /**
     * The age gate of real money (deposits, real-money game sessions): a licensed casino knows a
     * player's age before taking their money, so no birth date on the profile is
     * UserNeedProfileDataException (`birth_date_required`: the player fills it in their profile),
     * and one under the minimum age of their country is AccessDeniedException (`under_age`).
     * `data` carries the minimum age and the profile field to fill.
     */
    async requireRealMoneyAge(playerId: bigint, locale: Locale): Promise<void> {
      const refusal = await realMoneyAgeRefusal(playerId);
      if (!refusal) return;
      const data = { minimum_age: refusal.minimumAge, fields: ['birth_date'], link: '/profile/settings' };
      // Written out here: the cashier's and the launcher's error paths do not know accounts keys.
      const message = interpolate(accountMessages[locale][`account.${refusal.reason}`], {
        age: refusal.minimumAge,
      });
      throw new AppError(
        refusal.reason === 'birth_date_required' ? 'UserNeedProfileDataException' : 'AccessDeniedException',
        { code: refusal.reason, message, data },
      );
    },

    async saveProfile(playerId: bigint, input: ProfileInput): Promise<void> {
      // The birth date and the country decide the minimum age: judge what the profile will hold.
      if (input.birth_date !== undefined || input.country_code !== undefined) {
        const [player, profile] = await Promise.all([
          playerOrThrow(playerId),
          repository.findProfile(playerId),
        ]);
        const birthDate = input.birth_date ?? profile?.birthDate ?? null;
        const country = input.country_code ?? player.countryCode;
        if (birthDate !== null) {
          checkAge(input.birth_date !== undefined ? 'birth_date' : 'country_code', birthDate, country);
        }
      }
      const patch: ProfilePatch = {};
      if (input.first_name !== undefined) patch.firstName = input.first_name;
      if (input.last_name !== undefined) patch.lastName = input.last_name;
      if (input.sex !== undefined) patch.sex = input.sex;
      if (input.birth_date !== undefined) patch.birthDate = input.birth_date;
      if (input.country !== undefined) patch.country = input.country;
      if (input.region !== undefined) patch.region = input.region;
      if (input.home_town !== undefined) patch.homeTown = input.home_town;
      if (input.address !== undefined) patch.address = input.address;
      if (input.postcode !== undefined) patch.postcode = input.postcode;
      const now = deps.now();
      await repository.transaction(async (repo) => {
        await repo.upsertProfile(playerId, patch, now);
        if (input.cpf !== undefined) await repo.upsertDocument(playerId, 'cpf', input.cpf, now);
        if (input.country_code !== undefined)
          await repo.updatePlayer(playerId, { countryCode: input.country_code });
      });
    },

    async personalDataFields(playerId: bigint): Promise<{ items: PersonalDataField[]; total: number }> {
      const profile = (await getProfile(playerId)).fields;
      const filled = (value: string | number | null) => value !== null && value !== '' && value !== 0;
      const items: PersonalDataField[] = [
        {
          name: 'first_name',
          check: 'first_name',
          required: true,
          editable: true,
          filled: filled(profile.first_name),
        },
        {
          name: 'last_name',
          check: 'last_name',
          required: true,
          editable: true,
          filled: filled(profile.last_name),
        },
        { name: 'sex', check: 'sex', required: true, editable: true, filled: filled(profile.sex) },
        {
          name: 'birth_date',
          check: 'birth_date',
          required: true,
          editable: true,
          filled: filled(profile.birth_date),
          minimum_age: minimumAgeFor(deps.config, profile.country_code),
        },
        {
          name: 'cpf',
          check: 'documentNumber',
          required: false,
          editable: true,
          filled: filled(profile.cpf),
        },
        { name: 'country', check: 'text', required: false, editable: true, filled: filled(profile.country) },
        {
          name: 'country_code',
          check: 'country_code',
          required: true,
          editable: true,
          filled: filled(profile.country_code),
        },
        { name: 'region', check: 'text', required: false, editable: true, filled: filled(profile.region) },
        {
          name: 'home_town',
          check: 'text',
          required: true,
          editable: true,
          filled: filled(profile.home_town),
        },
        {
          name: 'address',
          check: 'address',
          required: true,
          editable: true,
          filled: filled(profile.address),
        },
        {
          name: 'postcode',
          check: 'postcode',
          required: true,
          editable: true,
          filled: filled(profile.postcode),
        },
      ];
      return { items, total: items.length };
    },

    async changeFakename(playerId: bigint, fakename: string): Promise<void> {
      await repository.updatePlayer(playerId, { fakename });
    },

    async changeLocale(playerId: bigint, locale: Locale): Promise<void> {
      await repository.updatePlayer(playerId, { locale });
    },

    async setCurrency(playerId: bigint, code: string): Promise<void> {
      const currency = await availableCurrency(code);
      if (await hasMoneyMovements(playerId)) {
        throw fieldError('currency', 'currencyLocked', 'account.currency_locked');
      }
      await repository.updatePlayer(playerId, { currency });
    },

    async currencyRates(): Promise<{ items: CurrencyRate[]; total: number }> {
      const codes = (await metadata.currencies()).map((c) => c.code);
      const items = await repository.crossRates(codes, RATE_BASE);
      return { items, total: items.length };
    },

    // --- contacts ------------------------------------------------------------------------------

    async addContact(
      playerId: bigint,
      input: { type: ContactType; contact: string; phoneCountryCode: string | null },
    ): Promise<void> {
      let value: string;
      let phoneCountryCode: string | null = null;
      if (input.type === 'email') {
        value = input.contact.trim().toLowerCase();
      } else {
        const country = phoneCountry(input.phoneCountryCode ?? '');
        if (!country) {
          throw fieldError('phone_country_code', 'unsupported', 'account.phone_country_unsupported');
        }
        const digits = internationalDigits(input.contact, country);
        if (digits === null || validatePhone(digits) !== null) throw fieldError('contact', 'phoneFormat');
        value = digits;
        phoneCountryCode = country.countryCode;
      }
      if ((await repository.countContacts(playerId, input.type)) >= MAX_CONTACTS_PER_TYPE) {
        throw fieldError('contact', 'contactLimit', 'account.contact_limit');
      }
      const id = await repository.insertContact({
        playerId,
        type: input.type,
        value,
        phoneCountryCode,
        isLogin: false,
        confirmedAt: null,
        subscribed: false,
      });
      if (id === null) throw fieldError('contact', 'contactExists', 'account.contact_exists');
    },

    /** A new 6-digit code for an unconfirmed contact, sent through the outbox with the code's write. */
    async sendContactConfirmation(playerId: bigint, rawContact: string): Promise<void> {
      const contact = await findOwnContact(playerId, rawContact);
      if (contact.confirmed) throw fieldError('contact', 'contactConfirmed', 'account.contact_confirmed');
      const player = await playerOrThrow(playerId);
      const locale = localeOf(player.locale);
      const code = String(randomInt(0, 10 ** CONFIRMATION_CODE_LENGTH)).padStart(
        CONFIRMATION_CODE_LENGTH,
        '0',
      );
      const now = deps.now();
      const expiresAt = new Date(now.getTime() + CONFIRMATION_CODE_TTL_SECONDS * 1000);
      await repository.transaction(async (repo, tx) => {
        await repo.upsertCode(contact.id, codeHash(contact.id, code), expiresAt, now);
        if (contact.type === 'email') {
          const link = siteUrl('/confirmation', locale, { contact: contact.value, code });
          await notifications.enqueueEmail(
            { to: contact.value, ...contactCodeEmail(locale, code, link), locale, meta: { code, link } },
            { tx },
          );
        } else {
          await notifications.enqueueSms(
            { to: `+${contact.value}`, text: contactCodeSms(locale, code), locale, meta: { code } },
            { tx },
          );
        }
      });
    },

    /**
     * Confirms a contact with its code. A wrong code is counted (a write on a failed call, on
     * purpose: the attempt limit must hold across nodes and restarts); after the limit the code is
     * spent. Confirming a value another player has confirmed is refused.
     */
    async confirmContact(playerId: bigint, rawContact: string, code: string): Promise<void> {
      const contact = await findOwnContact(playerId, rawContact);
      if (contact.confirmed) return;
      const stored = await repository.findCode(contact.id);
      if (!stored) throw fieldError('code', 'codeInvalid');
      if (stored.expiresAt.getTime() <= deps.now().getTime()) throw fieldError('code', 'timeExpired');
      if (stored.attempts >= CONFIRMATION_CODE_MAX_ATTEMPTS) {
        throw fieldError('code', 'codeAttempts', 'account.code_attempts');
      }
      const given = codeHash(contact.id, code);
      if (!timingSafeEqual(given, stored.codeHash)) {
        const counted = await repository.consumeCodeAttempt(contact.id, CONFIRMATION_CODE_MAX_ATTEMPTS);
        throw counted
          ? fieldError('code', 'smsCode')
          : fieldError('code', 'codeAttempts', 'account.code_attempts');
      }
      const now = deps.now();
      await repository.transaction(async (repo) => {
        // Deleting first makes the code single-use even if two confirmations race.
        if (!(await repo.deleteCode(contact.id))) throw fieldError('code', 'codeInvalid');
        if (!(await repo.confirmContact(contact.id, now))) {
          throw fieldError('contact', 'contactTaken', 'account.contact_taken');
        }
      });
    },

    async changeSubscription(playerId: bigint, rawContact: string, subscribed: boolean): Promise<void> {
      const contact = await findOwnContact(playerId, rawContact);
      await repository.setSubscription(contact.id, subscribed);
    },

    /** The one-click unsubscribe link for a player's contact (mail footers of marketing mail). */
    unsubscribeLink(playerId: bigint, contact: { type: ContactType; value: string }, locale: Locale): string {
      return unsubscribeLink(playerId, contact, locale);
    },

    /** Unsubscribes the contact a signed link names; a link for a contact since removed is a no-op. */
    async unsubscribe(token: string): Promise<void> {
      const claim = verifyUnsubscribeToken(secret, token);
      if (!claim) {
        throw new AppError('InvalidParameterException', {
          code: 'invalid_parameter',
          fields: { token: 'codeInvalid' },
          message: 'account.unsubscribe_invalid',
        });
      }
      const contact = await repository.findContact(claim.playerId, claim.type, claim.value);
      if (contact?.subscribed) await repository.setSubscription(contact.id, false);
    },

    async phoneSettings(playerId: bigint | null, locale: Locale): Promise<PhoneSettings> {
      const player = playerId === null ? undefined : await repository.findPlayer(playerId);
      const preferred = player?.countryCode && phoneCountry(player.countryCode) ? player.countryCode : null;
      return {
        default_country_code: preferred ?? (locale === 'fr' ? 'FR' : 'GB'),
        countries: PHONE_COUNTRIES.map((country) => ({
          country_code: country.countryCode,
          dial_code: country.dialCode,
          name: country.name[locale],
        })),
        code_length: CONFIRMATION_CODE_LENGTH,
        resend_seconds: CONFIRMATION_RESEND_SECONDS,
      };
    },

    // --- bans ----------------------------------------------------------------------------------

    /** Bans a player: every session ends; later calls and logins answer UserBannedException. */
    async ban(playerId: bigint): Promise<boolean> {
      const changed = await repository.setStatus(playerId, 'banned', deps.now());
      if (changed) await sessions.revokeAllForPlayer(playerId, 'ban');
      return changed;
    },

    /** Marks a player deleted: every session ends; logins answer UserDeletedException. */
    async delete(playerId: bigint): Promise<boolean> {
      const changed = await repository.setStatus(playerId, 'deleted', deps.now());
      if (changed) await sessions.revokeAllForPlayer(playerId, 'deleted');
      return changed;
    },

    /** Reference exchange rates (display only); inserts only what is missing. */
    async seed(): Promise<void> {
      const now = deps.now();
      const rates: [string, string][] = [
        ['USD', '1.08'],
        ['GBP', '0.85'],
        ['CAD', '1.47'],
        ['JPY', '162.50'],
      ];
      for (const [quote, rate] of rates) await repository.insertRateIfMissing(RATE_BASE, quote, rate, now);
    },
  };
}

function toContactOutput(contact: ContactRecord): ContactOutput {
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

export type AccountsService = ReturnType<typeof createAccountsService>;
