import { accountAddContact } from '@croupier/contract/account/add-contact';
import { accountChangeFakeName } from '@croupier/contract/account/change-fake-name';
import { accountChangeLocale } from '@croupier/contract/account/change-locale';
import { accountChangePassword } from '@croupier/contract/account/change-password';
import { accountChangeSubscription } from '@croupier/contract/account/change-subscription';
import { accountChangeTwoFactorAuth } from '@croupier/contract/account/change-two-factor-auth';
import { accountCompleteRegistration } from '@croupier/contract/account/complete-registration';
import { accountConfirmContact } from '@croupier/contract/account/confirm-contact';
import { accountConfirmTwoFactorAuth } from '@croupier/contract/account/confirm-two-factor-auth';
import { accountGetBalance } from '@croupier/contract/account/get-balance';
import { accountGetContactPhoneSettings } from '@croupier/contract/account/get-contact-phone-settings';
import { accountGetCurrencyRates } from '@croupier/contract/account/get-currency-rates';
import { accountGetInfo } from '@croupier/contract/account/get-info';
import { accountGetPersonalDataFields } from '@croupier/contract/account/get-personal-data-fields';
import { accountGetProfileInfo } from '@croupier/contract/account/get-profile-info';
import { accountSaveProfileInfo } from '@croupier/contract/account/save-profile-info';
import { accountSendConfirmationToContact } from '@croupier/contract/account/send-confirmation-to-contact';
import { accountSetCurrency } from '@croupier/contract/account/set-currency';
import { accountUnsubscribe } from '@croupier/contract/account/unsubscribe';
import { type BoundMethod, bindMethod } from '../../lib/method-binding.ts';
import { accountKey, LIMITS, limitBy } from '../auth/auth-limits.ts';
import type { SessionService } from '../auth/session.service.ts';
import { startSession } from '../auth/session-cookie.ts';
import type { AccountsService } from './accounts.service.ts';
import { normalizeContactValue } from './contact-value.ts';

/** The handlers, given the services they call (never the whole container: ADR 018). */
export function accountsMethods(deps: {
  accounts: AccountsService;
  sessions: SessionService;
}): BoundMethod[] {
  const { accounts, sessions } = deps;
  return [
    bindMethod(accountGetInfo, async (_input, ctx) => accounts.getInfo(ctx.player?.id ?? null, ctx.locale)),

    bindMethod(accountGetBalance, async (_input, ctx) => accounts.getBalance(ctx.requirePlayer().id)),

    bindMethod(accountGetProfileInfo, async (_input, ctx) => accounts.getProfile(ctx.requirePlayer().id)),

    bindMethod(accountSaveProfileInfo, async (input, ctx) => {
      await accounts.saveProfile(ctx.requirePlayer().id, input);
      return 1 as const;
    }),

    bindMethod(accountGetPersonalDataFields, async (_input, ctx) =>
      accounts.personalDataFields(ctx.requirePlayer().id),
    ),

    bindMethod(accountAddContact, async (input, ctx) => {
      await accounts.addContact(ctx.requirePlayer().id, input);
      return 1 as const;
    }),

    bindMethod(accountSendConfirmationToContact, async (input, ctx) => {
      const player = ctx.requirePlayer();
      const contact = accountKey(`${player.id}:${normalizeContactValue(input.contact).value}`);
      await limitBy(ctx, [
        [`account:code-send:ip:${ctx.ip}`, LIMITS.codeSendPerIp],
        [`account:code-resend:${contact}`, LIMITS.codeResendPerContact],
        [`account:code-send:${contact}`, LIMITS.codeSendPerContact],
      ]);
      await accounts.sendContactConfirmation(player.id, input.contact);
      return 1 as const;
    }),

    bindMethod(accountConfirmContact, async (input, ctx) => {
      const player = ctx.requirePlayer();
      await limitBy(ctx, [
        [`account:code-confirm:ip:${ctx.ip}`, LIMITS.codeConfirmPerIp],
        [`account:code-confirm:player:${player.id}`, LIMITS.codeConfirmPerPlayer],
      ]);
      await accounts.confirmContact(player.id, input.contact, input.code);
      return 1 as const;
    }),

    bindMethod(accountGetContactPhoneSettings, async (_input, ctx) =>
      accounts.phoneSettings(ctx.player?.id ?? null, ctx.locale),
    ),

    bindMethod(accountChangeSubscription, async (input, ctx) => {
      await accounts.changeSubscription(ctx.requirePlayer().id, input.contact, input.subscribed);
      return 1 as const;
    }),

    bindMethod(accountChangePassword, async (input, ctx) => {
      const player = ctx.requirePlayer();
      await limitBy(ctx, [[`account:password:player:${player.id}`, LIMITS.passwordChangePerPlayer]]);
      await accounts.changePassword(player.id, {
        oldPassword: input.old_password,
        newPassword: input.new_password,
      });
      // Every session ended with the change; this device carries on with a fresh one.
      await startSession(sessions, ctx, player.id);
      return 1 as const;
    }),

    bindMethod(accountChangeFakeName, async (input, ctx) => {
      await accounts.changeFakename(ctx.requirePlayer().id, input.fakename);
      return 1 as const;
    }),

    bindMethod(accountChangeLocale, async (input, ctx) => {
      await accounts.changeLocale(ctx.requirePlayer().id, input.locale);
      return 1 as const;
    }),

    bindMethod(accountSetCurrency, async (input, ctx) => {
      await accounts.setCurrency(ctx.requirePlayer().id, input.currency);
      return 1 as const;
    }),

    bindMethod(accountCompleteRegistration, async (input, ctx) => {
      await accounts.completeRegistration(ctx.requirePlayer().id, input, ctx.locale);
      return 1 as const;
    }),

    bindMethod(accountUnsubscribe, async (input, _ctx) => {
      await accounts.unsubscribe(input.token);
      return 1 as const;
    }),

    bindMethod(accountGetCurrencyRates, async (_input, _ctx) => accounts.currencyRates()),

    bindMethod(accountChangeTwoFactorAuth, async (input, ctx) => {
      const player = ctx.requirePlayer();
      await limitBy(ctx, [[`account:2fa:player:${player.id}`, LIMITS.twoFactorPerPlayer]]);
      return accounts.changeTwoFactor(player.id, input);
    }),

    bindMethod(accountConfirmTwoFactorAuth, async (input, ctx) => {
      const player = ctx.requirePlayer();
      await limitBy(ctx, [[`account:2fa:player:${player.id}`, LIMITS.twoFactorPerPlayer]]);
      await accounts.confirmTwoFactor(player.id, input.code);
      return 1 as const;
    }),
  ];
}
