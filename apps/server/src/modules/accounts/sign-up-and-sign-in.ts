/**
 * Sign-up (form, messenger, social), sign-in with the optional second factor, password recovery
 * and change, and completing a social sign-up.
 */
import { randomBytes } from 'node:crypto';
import { type Locale, normalizeLocale } from '@croupier/contract/locales';
import { validateLogin, validateRequiredCheckbox } from '@croupier/contract/validation/rules';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/passwords.ts';
import type { SessionService } from '../auth/session.service.ts';
import { verifyTelegramInitData } from '../auth/telegram.ts';
import { secondsToNextStep } from '../auth/totp.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { type AccountSupport, sha256 } from './account-support.ts';
import { passwordResetEmail, welcomeEmail } from './accounts.emails.ts';
import { fieldError } from './accounts.messages.ts';
import type { ContactType, createAccountsRepository } from './accounts.repository.ts';
import type { MessengerInput, RegistrationInput, SocialPlayerInput } from './accounts-model.ts';
import { countryOfNumber } from './phone-countries.ts';

type AccountsRepository = ReturnType<typeof createAccountsRepository>;

export const RESET_TOKEN_TTL_SECONDS = 3600;

export interface SignUpAndSignInContext {
  deps: Pick<Deps, 'config' | 'now'>;
  repository: AccountsRepository;
  sessions: SessionService;
  notifications: NotificationsService;
  /** Passed in, not imported: it lives in accounts.service.ts, which imports this file (no cycle). */
  normalizeContactValue: (raw: string) => { type: ContactType; value: string };
  support: AccountSupport;
  /** Whether a loyalty character exists and is enabled (the sign-up's character choice). */
  characterExists?: (id: number) => Promise<boolean>;
}

export function createSignUpAndSignIn({
  deps,
  repository,
  sessions,
  notifications,
  normalizeContactValue,
  support,
  characterExists,
}: SignUpAndSignInContext) {
  const {
    siteUrl,
    localeOf,
    availableCurrency,
    registrationConfig,
    checkbox,
    playerOrThrow,
    credentialsOrThrow,
    assertActive,
    unsubscribeLink,
    checkTotp,
    findOrCreateExternal,
    checkAge,
  } = support;

  return {
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
      const characterId = config.showCharacterSelect ? (input.character ?? null) : null;
      if (characterId !== null && !(await characterExists?.(characterId))) {
        throw fieldError('character', 'not_found', 'account.character_not_found');
      }
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
          characterId,
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
          // Marketing mail: through the gate that skips excluded players (ADR 029).
          await notifications.enqueueMarketingEmail(playerId, { to: login.value, ...mail, locale }, { tx });
        }
        return playerId;
      });
    },

    /**
     * Messenger mini-app sign-up or sign-in: the Telegram init data must be signed with our bot's
     * token, recent, and about the user the call names.
     */
    async registerMessenger(
      input: MessengerInput,
      locale: Locale,
    ): Promise<{ playerId: bigint; isNew: boolean }> {
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
      const { playerId, isNew } = await findOrCreateExternal({
        provider: 'telegram',
        subject: String(check.user.id),
        email: null,
        emailVerified: false,
        locale: normalizeLocale(check.user.languageCode ?? input.languageCode) ?? locale,
        username: check.user.username,
        promoCode: input.promoCode || null,
      });
      assertActive((await playerOrThrow(playerId)).status);
      // isNew: the sign-up promo code is redeemed for a new player only (never at a later sign-in).
      return { playerId, isNew };
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

    /**
     * Staff's forced reset (the back office's players desk): the password stops working at once,
     * every session ends, and a reset link goes to the account's email (its login, else a confirmed
     * email contact) in the player's language. `emailed` is false when the account has no email:
     * staff then reach the player another way (the player can still use "forgot password" once an
     * email is confirmed). Null when there is no such player.
     */
    async forcePasswordReset(playerId: bigint): Promise<{ emailed: boolean } | null> {
      const account = await repository.staffAccount(playerId);
      if (!account) return null;
      const email =
        account.login_type === 'email'
          ? account.login.toLowerCase()
          : account.contacts.find((contact) => contact.type === 'email' && contact.confirmed)?.value;
      const now = deps.now();
      const locale = localeOf(account.locale);
      const token = randomBytes(32).toString('base64url');
      const link = siteUrl('/forms/sign_in', locale, { restore_token: token });
      await repository.transaction(async (repo, tx) => {
        await repo.clearPassword(playerId, now);
        await repo.expireResetTokens(playerId, now);
        if (email === undefined) return;
        await repo.insertResetToken(
          playerId,
          sha256(token),
          new Date(now.getTime() + RESET_TOKEN_TTL_SECONDS * 1000),
          now,
        );
        await notifications.enqueueEmail(
          { to: email, ...passwordResetEmail(locale, link), locale, meta: { link } },
          { tx },
        );
      });
      await sessions.revokeAllForPlayer(playerId, 'restore');
      return { emailed: email !== undefined };
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
  };
}
