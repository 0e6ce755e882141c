/**
 * Contacts: adding emails and phones, confirmation codes, subscriptions and unsubscribe links,
 * and the phone settings of the sign-up form.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { PhoneSettings } from '@croupier/contract/account/get-contact-phone-settings';
import type { Locale } from '@croupier/contract/locales';
import { validatePhone } from '@croupier/contract/validation/rules';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { AccountSupport } from './account-support.ts';
import { contactCodeEmail, contactCodeSms } from './accounts.emails.ts';
import { fieldError } from './accounts.messages.ts';
import type { ContactType, createAccountsRepository } from './accounts.repository.ts';
import { internationalDigits, PHONE_COUNTRIES, phoneCountry } from './phone-countries.ts';
import { verifyUnsubscribeToken } from './unsubscribe-token.ts';

type AccountsRepository = ReturnType<typeof createAccountsRepository>;

/** Spec §5/§9: confirmation codes have 6 digits. */
export const CONFIRMATION_CODE_LENGTH = 6;
export const CONFIRMATION_CODE_TTL_SECONDS = 600;
/** Wrong tries one code survives; then a new code must be sent. */
export const CONFIRMATION_CODE_MAX_ATTEMPTS = 5;
/** Seconds before another code may go to the same contact (the handler's rate limit enforces it). */
export const CONFIRMATION_RESEND_SECONDS = 60;
export const MAX_CONTACTS_PER_TYPE = 5;

export interface ContactsContext {
  deps: Pick<Deps, 'now'>;
  repository: AccountsRepository;
  notifications: NotificationsService;
  secret: string;
  support: AccountSupport;
}

export function createContacts({ deps, repository, notifications, secret, support }: ContactsContext) {
  const { siteUrl, localeOf, playerOrThrow, unsubscribeLink, codeHash, findOwnContact } = support;

  return {
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
  };
}
