/**
 * Every player API method, as data. The server binds one handler to each entry (a missing handler
 * fails at boot); tests walk this list to fuzz every method.
 */
import { accountAddContact } from './account/add-contact.ts';
import { accountChangeFakeName } from './account/change-fake-name.ts';
import { accountChangeLocale } from './account/change-locale.ts';
import { accountChangePassword } from './account/change-password.ts';
import { accountChangeSubscription } from './account/change-subscription.ts';
import { accountChangeTwoFactorAuth } from './account/change-two-factor-auth.ts';
import { accountCompleteRegistration } from './account/complete-registration.ts';
import { accountConfirmContact } from './account/confirm-contact.ts';
import { accountConfirmTwoFactorAuth } from './account/confirm-two-factor-auth.ts';
import { accountGetBalance } from './account/get-balance.ts';
import { accountGetContactPhoneSettings } from './account/get-contact-phone-settings.ts';
import { accountGetCurrencyRates } from './account/get-currency-rates.ts';
import { accountGetInfo } from './account/get-info.ts';
import { accountGetPersonalDataFields } from './account/get-personal-data-fields.ts';
import { accountGetProfileInfo } from './account/get-profile-info.ts';
import { accountSaveProfileInfo } from './account/save-profile-info.ts';
import { accountSendConfirmationToContact } from './account/send-confirmation-to-contact.ts';
import { accountSetCurrency } from './account/set-currency.ts';
import { accountSetUserOnVerification } from './account/set-user-on-verification.ts';
import { accountUnsubscribe } from './account/unsubscribe.ts';
import { authLogin } from './auth/login.ts';
import { authLogout } from './auth/logout.ts';
import { authRegister } from './auth/register.ts';
import { authRestore } from './auth/restore.ts';
import { bannersGet } from './banners/get.ts';
import { bonusesActivate } from './bonuses/activate.ts';
import {
  bettingBonusesActivate,
  bettingBonusesGet,
  bettingBonusesRemove,
} from './bonuses/betting-bonuses.ts';
import { bonusesDeactivate } from './bonuses/deactivate.ts';
import { bonusesGet } from './bonuses/get.ts';
import { bonusesRemove } from './bonuses/remove.ts';
import { campaignsActivateOffer } from './campaigns/activate-offer.ts';
import { campaignsCheckPromocode } from './campaigns/check-promocode.ts';
import { campaignsGetoffers } from './campaigns/getoffers.ts';
import { campaignsTakepromotions } from './campaigns/takepromotions.ts';
import { cashbacksGet } from './cashbacks/get.ts';
import { cashbacksPayout } from './cashbacks/payout.ts';
import { cashbacksRemove } from './cashbacks/remove.ts';
import { cashierCancelWithdrawal } from './cashier/cancel-withdrawal.ts';
import { cashierGetBanks } from './cashier/get-banks.ts';
import { cashierGetDepositInfo } from './cashier/get-deposit-info.ts';
import { accountGetDepositLimit } from './cashier/get-deposit-limit.ts';
import { cashierGetDepositSettings } from './cashier/get-deposit-settings.ts';
import { cashierGetHistory } from './cashier/get-history.ts';
import { cashierGetWithdrawSettings } from './cashier/get-withdraw-settings.ts';
import { cashierMakeDeposit } from './cashier/make-deposit.ts';
import { cashierMakeWithdrawal } from './cashier/make-withdrawal.ts';
import { cashierPaymentMethods } from './cashier/payment-methods.ts';
import { accountSetDepositLimit } from './cashier/set-deposit-limit.ts';
import { eventsHandle } from './events/handle.ts';
import { freespinsGet } from './freespins/get.ts';
import { gamesAddLike } from './games/add-like.ts';
import { gamesCreateHistoryExportRequest } from './games/create-history-export-request.ts';
import { gamesGet } from './games/get.ts';
import { gamesGetCategories } from './games/get-categories.ts';
import { gamesGetHistory } from './games/get-history.ts';
import { gamesGetHistoryExportRequest } from './games/get-history-export-request.ts';
import { gamesGetLikes } from './games/get-likes.ts';
import { gamesGetProviders } from './games/get-providers.ts';
import { gamesGetWinners } from './games/get-winners.ts';
import { gamesRemoveLike } from './games/remove-like.ts';
import { jackpotsGet } from './jackpots/get.ts';
import { jackpotsGetWinners } from './jackpots/get-winners.ts';
import {
  loyaltyBuyProduct,
  loyaltyGetCharacters,
  loyaltyGetInfo,
  loyaltyGetNotifications,
  loyaltyGetProducts,
  loyaltyGetProgram,
  loyaltyGetPrograms,
  loyaltySetCharacter,
} from './loyalty/loyalty.ts';
import { getMetadata } from './metadata/get.ts';
import { getGeneralInfo } from './metadata/get-general-info.ts';
import type { MethodContract } from './method.ts';
import { popupsGet } from './popups/get.ts';
import { promotionsGet, promotionsGetOne } from './promotions/get.ts';
import { responsibleGamingExclude } from './responsible-gaming/exclude.ts';
import { responsibleGamingGetLimits } from './responsible-gaming/get-limits.ts';
import {
  responsibleGamingAnswerLimitPrompt,
  responsibleGamingGetLimitPrompt,
} from './responsible-gaming/limit-prompt.ts';
import { responsibleGamingRequestReopen } from './responsible-gaming/request-reopen.ts';
import {
  responsibleGamingGetSession,
  responsibleGamingSetRealityCheck,
  responsibleGamingSetSessionLimit,
} from './responsible-gaming/session.ts';
import { responsibleGamingSetLimit } from './responsible-gaming/set-limit.ts';
import {
  sportsbookCashOut,
  sportsbookGetBets,
  sportsbookGetFreeBets,
  sportsbookPlaceBet,
  sportsbookQuote,
} from './sportsbook/betting.ts';
import {
  sportsbookGetEvent,
  sportsbookGetLive,
  sportsbookGetSports,
  sportsbookGetTournaments,
  sportsbookGetUpcoming,
} from './sportsbook/catalogue.ts';
import { storageGet } from './storage/get.ts';
import { storageGetKeys } from './storage/get-keys.ts';
import { storageSet } from './storage/set.ts';
import { sumsubCreateApplicant } from './sumsub/create-applicant.ts';
import { sumsubGetAccessToken } from './sumsub/get-access-token.ts';
import { sumsubGetStatus } from './sumsub/get-status.ts';
import { supportGetSettings } from './support/get-settings.ts';
import { noticesGet, noticesMarkRead } from './support/notices.ts';
import { supportSendFeedback } from './support/send-feedback.ts';
import { freshChatStoreChatEvent } from './support/store-chat-event.ts';
import { leaderboardGet, tournamentsGet, tournamentsParticipate } from './tournaments/tournaments.ts';

export const methods = {
  [getGeneralInfo.name]: getGeneralInfo,
  [getMetadata.name]: getMetadata,
  [storageGet.name]: storageGet,
  [storageGetKeys.name]: storageGetKeys,
  [storageSet.name]: storageSet,
  [eventsHandle.name]: eventsHandle,
  [bannersGet.name]: bannersGet,
  [authRegister.name]: authRegister,
  [authLogin.name]: authLogin,
  [authLogout.name]: authLogout,
  [authRestore.name]: authRestore,
  [accountGetInfo.name]: accountGetInfo,
  [accountGetBalance.name]: accountGetBalance,
  [accountGetProfileInfo.name]: accountGetProfileInfo,
  [accountSaveProfileInfo.name]: accountSaveProfileInfo,
  [accountGetPersonalDataFields.name]: accountGetPersonalDataFields,
  [accountAddContact.name]: accountAddContact,
  [accountSendConfirmationToContact.name]: accountSendConfirmationToContact,
  [accountConfirmContact.name]: accountConfirmContact,
  [accountGetContactPhoneSettings.name]: accountGetContactPhoneSettings,
  [accountChangeSubscription.name]: accountChangeSubscription,
  [accountChangePassword.name]: accountChangePassword,
  [accountChangeFakeName.name]: accountChangeFakeName,
  [accountChangeLocale.name]: accountChangeLocale,
  [accountSetCurrency.name]: accountSetCurrency,
  [accountCompleteRegistration.name]: accountCompleteRegistration,
  [accountUnsubscribe.name]: accountUnsubscribe,
  [accountGetCurrencyRates.name]: accountGetCurrencyRates,
  [accountChangeTwoFactorAuth.name]: accountChangeTwoFactorAuth,
  [accountConfirmTwoFactorAuth.name]: accountConfirmTwoFactorAuth,
  [cashierPaymentMethods.name]: cashierPaymentMethods,
  [cashierGetDepositSettings.name]: cashierGetDepositSettings,
  [cashierMakeDeposit.name]: cashierMakeDeposit,
  [cashierGetDepositInfo.name]: cashierGetDepositInfo,
  [cashierGetHistory.name]: cashierGetHistory,
  [cashierGetWithdrawSettings.name]: cashierGetWithdrawSettings,
  [cashierMakeWithdrawal.name]: cashierMakeWithdrawal,
  [cashierCancelWithdrawal.name]: cashierCancelWithdrawal,
  [cashierGetBanks.name]: cashierGetBanks,
  [accountGetDepositLimit.name]: accountGetDepositLimit,
  [accountSetDepositLimit.name]: accountSetDepositLimit,
  [gamesGet.name]: gamesGet,
  [gamesGetCategories.name]: gamesGetCategories,
  [gamesGetProviders.name]: gamesGetProviders,
  [gamesGetLikes.name]: gamesGetLikes,
  [gamesAddLike.name]: gamesAddLike,
  [gamesRemoveLike.name]: gamesRemoveLike,
  [gamesGetHistory.name]: gamesGetHistory,
  [gamesCreateHistoryExportRequest.name]: gamesCreateHistoryExportRequest,
  [gamesGetHistoryExportRequest.name]: gamesGetHistoryExportRequest,
  [gamesGetWinners.name]: gamesGetWinners,
  [freespinsGet.name]: freespinsGet,
  [bonusesGet.name]: bonusesGet,
  [bonusesActivate.name]: bonusesActivate,
  [bonusesDeactivate.name]: bonusesDeactivate,
  [bonusesRemove.name]: bonusesRemove,
  [bettingBonusesGet.name]: bettingBonusesGet,
  [bettingBonusesActivate.name]: bettingBonusesActivate,
  [bettingBonusesRemove.name]: bettingBonusesRemove,
  [cashbacksGet.name]: cashbacksGet,
  [cashbacksPayout.name]: cashbacksPayout,
  [cashbacksRemove.name]: cashbacksRemove,
  [loyaltyGetInfo.name]: loyaltyGetInfo,
  [loyaltyGetPrograms.name]: loyaltyGetPrograms,
  [loyaltyGetProgram.name]: loyaltyGetProgram,
  [loyaltyGetCharacters.name]: loyaltyGetCharacters,
  [loyaltySetCharacter.name]: loyaltySetCharacter,
  [loyaltyGetProducts.name]: loyaltyGetProducts,
  [loyaltyBuyProduct.name]: loyaltyBuyProduct,
  [loyaltyGetNotifications.name]: loyaltyGetNotifications,
  [jackpotsGet.name]: jackpotsGet,
  [jackpotsGetWinners.name]: jackpotsGetWinners,
  [tournamentsGet.name]: tournamentsGet,
  [tournamentsParticipate.name]: tournamentsParticipate,
  [leaderboardGet.name]: leaderboardGet,
  [responsibleGamingGetLimits.name]: responsibleGamingGetLimits,
  [responsibleGamingSetLimit.name]: responsibleGamingSetLimit,
  [responsibleGamingExclude.name]: responsibleGamingExclude,
  [responsibleGamingRequestReopen.name]: responsibleGamingRequestReopen,
  [responsibleGamingGetLimitPrompt.name]: responsibleGamingGetLimitPrompt,
  [responsibleGamingAnswerLimitPrompt.name]: responsibleGamingAnswerLimitPrompt,
  [responsibleGamingGetSession.name]: responsibleGamingGetSession,
  [responsibleGamingSetSessionLimit.name]: responsibleGamingSetSessionLimit,
  [responsibleGamingSetRealityCheck.name]: responsibleGamingSetRealityCheck,
  [campaignsGetoffers.name]: campaignsGetoffers,
  [campaignsTakepromotions.name]: campaignsTakepromotions,
  [campaignsActivateOffer.name]: campaignsActivateOffer,
  [campaignsCheckPromocode.name]: campaignsCheckPromocode,
  [promotionsGet.name]: promotionsGet,
  [promotionsGetOne.name]: promotionsGetOne,
  [popupsGet.name]: popupsGet,
  [accountSetUserOnVerification.name]: accountSetUserOnVerification,
  [sumsubCreateApplicant.name]: sumsubCreateApplicant,
  [sumsubGetAccessToken.name]: sumsubGetAccessToken,
  [sumsubGetStatus.name]: sumsubGetStatus,
  [supportGetSettings.name]: supportGetSettings,
  [supportSendFeedback.name]: supportSendFeedback,
  [freshChatStoreChatEvent.name]: freshChatStoreChatEvent,
  [noticesGet.name]: noticesGet,
  [noticesMarkRead.name]: noticesMarkRead,
  [sportsbookGetSports.name]: sportsbookGetSports,
  [sportsbookGetTournaments.name]: sportsbookGetTournaments,
  [sportsbookGetLive.name]: sportsbookGetLive,
  [sportsbookGetUpcoming.name]: sportsbookGetUpcoming,
  [sportsbookQuote.name]: sportsbookQuote,
  [sportsbookPlaceBet.name]: sportsbookPlaceBet,
  [sportsbookGetBets.name]: sportsbookGetBets,
  [sportsbookCashOut.name]: sportsbookCashOut,
  [sportsbookGetFreeBets.name]: sportsbookGetFreeBets,
  [sportsbookGetEvent.name]: sportsbookGetEvent,
} as const satisfies Record<string, MethodContract>;

export type MethodName = keyof typeof methods;
export type MethodsMap = typeof methods;

/** `account.getInfo` and `account.getinfo` name one method. */
export function methodKey(name: string): string {
  return name.toLowerCase();
}

const byKey = new Map<string, MethodContract>(Object.values(methods).map((m) => [methodKey(m.name), m]));

export function findMethod(name: string): MethodContract | undefined {
  return byKey.get(methodKey(name));
}
