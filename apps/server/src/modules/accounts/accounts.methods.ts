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
import { accountKey, LIMITS, limitBy } from '../auth/auth-limits.ts';
import { startSession } from '../auth/session-cookie.ts';
import { bindAccountMethod } from './accounts.messages.ts';
import { normalizeContactValue } from './accounts.service.ts';

export const accountsMethods = [
  bindAccountMethod(accountGetInfo, async (_input, ctx) =>
    ctx.services.accounts.getInfo(ctx.player?.id ?? null, ctx.locale),
  ),

  bindAccountMethod(accountGetBalance, async (_input, ctx) =>
    ctx.services.accounts.getBalance(ctx.requirePlayer().id),
  ),

  bindAccountMethod(accountGetProfileInfo, async (_input, ctx) =>
    ctx.services.accounts.getProfile(ctx.requirePlayer().id),
  ),

  bindAccountMethod(accountSaveProfileInfo, async (input, ctx) => {
    await ctx.services.accounts.saveProfile(ctx.requirePlayer().id, input);
    return 1 as const;
  }),

  bindAccountMethod(accountGetPersonalDataFields, async (_input, ctx) =>
    ctx.services.accounts.personalDataFields(ctx.requirePlayer().id),
  ),

  bindAccountMethod(accountAddContact, async (input, ctx) => {
    await ctx.services.accounts.addContact(ctx.requirePlayer().id, input);
    return 1 as const;
  }),

  bindAccountMethod(accountSendConfirmationToContact, async (input, ctx) => {
    const player = ctx.requirePlayer();
    const contact = accountKey(`${player.id}:${normalizeContactValue(input.contact).value}`);
    await limitBy(ctx, [
      [`account:code-send:ip:${ctx.ip}`, LIMITS.codeSendPerIp],
      [`account:code-resend:${contact}`, LIMITS.codeResendPerContact],
      [`account:code-send:${contact}`, LIMITS.codeSendPerContact],
    ]);
    await ctx.services.accounts.sendContactConfirmation(player.id, input.contact);
    return 1 as const;
  }),

  bindAccountMethod(accountConfirmContact, async (input, ctx) => {
    const player = ctx.requirePlayer();
    await limitBy(ctx, [
      [`account:code-confirm:ip:${ctx.ip}`, LIMITS.codeConfirmPerIp],
      [`account:code-confirm:player:${player.id}`, LIMITS.codeConfirmPerPlayer],
    ]);
    await ctx.services.accounts.confirmContact(player.id, input.contact, input.code);
    return 1 as const;
  }),

  bindAccountMethod(accountGetContactPhoneSettings, async (_input, ctx) =>
    ctx.services.accounts.phoneSettings(ctx.player?.id ?? null, ctx.locale),
  ),

  bindAccountMethod(accountChangeSubscription, async (input, ctx) => {
    await ctx.services.accounts.changeSubscription(ctx.requirePlayer().id, input.contact, input.subscribed);
    return 1 as const;
  }),

  bindAccountMethod(accountChangePassword, async (input, ctx) => {
    const player = ctx.requirePlayer();
    await limitBy(ctx, [[`account:password:player:${player.id}`, LIMITS.passwordChangePerPlayer]]);
    await ctx.services.accounts.changePassword(player.id, {
      oldPassword: input.old_password,
      newPassword: input.new_password,
    });
    // Every session ended with the change; this device carries on with a fresh one.
    await startSession(ctx, player.id);
    return 1 as const;
  }),

  bindAccountMethod(accountChangeFakeName, async (input, ctx) => {
    await ctx.services.accounts.changeFakename(ctx.requirePlayer().id, input.fakename);
    return 1 as const;
  }),

  bindAccountMethod(accountChangeLocale, async (input, ctx) => {
    await ctx.services.accounts.changeLocale(ctx.requirePlayer().id, input.locale);
    return 1 as const;
  }),

  bindAccountMethod(accountSetCurrency, async (input, ctx) => {
    await ctx.services.accounts.setCurrency(ctx.requirePlayer().id, input.currency);
    return 1 as const;
  }),

  bindAccountMethod(accountCompleteRegistration, async (input, ctx) => {
    await ctx.services.accounts.completeRegistration(ctx.requirePlayer().id, input, ctx.locale);
    return 1 as const;
  }),

  bindAccountMethod(accountUnsubscribe, async (input, ctx) => {
    await ctx.services.accounts.unsubscribe(input.token);
    return 1 as const;
  }),

  bindAccountMethod(accountGetCurrencyRates, async (_input, ctx) => ctx.services.accounts.currencyRates()),

  bindAccountMethod(accountChangeTwoFactorAuth, async (input, ctx) => {
    const player = ctx.requirePlayer();
    await limitBy(ctx, [[`account:2fa:player:${player.id}`, LIMITS.twoFactorPerPlayer]]);
    return ctx.services.accounts.changeTwoFactor(player.id, input);
  }),

  bindAccountMethod(accountConfirmTwoFactorAuth, async (input, ctx) => {
    const player = ctx.requirePlayer();
    await limitBy(ctx, [[`account:2fa:player:${player.id}`, LIMITS.twoFactorPerPlayer]]);
    await ctx.services.accounts.confirmTwoFactor(player.id, input.code);
    return 1 as const;
  }),
];
