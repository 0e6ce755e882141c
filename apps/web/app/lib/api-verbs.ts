/**
 * The HTTP verb of each player API method, for the browser client (spec §7: reads are GET, changes
 * POST). The verbs live in the contract registry, but importing it would ship every method's zod
 * schemas to every page (issue #17), so the
 * browser keeps this list of the POST methods; api-verbs.test.ts holds it equal to the registry.
 */
import type { MethodName } from '@croupier/contract/registry';

const POST_METHODS = [
  'account.addcontact',
  'account.changefakename',
  'account.changelocale',
  'account.changepassword',
  'account.changeSubscription',
  'account.changeTwoFactorAuth',
  'account.completeRegistration',
  'account.confirmContact',
  'account.confirmTwoFactorAuth',
  'account.saveProfileInfo',
  'account.sendconfirmationtocontact',
  'account.setCurrency',
  'account.setDepositLimit',
  'account.setUserOnVerification',
  'account.unsubscribe',
  'auth.login',
  'auth.register',
  'auth.restore',
  'BettingBonuses.activate',
  'BettingBonuses.remove',
  'bonuses.activate',
  'bonuses.deactivate',
  'bonuses.remove',
  'campaigns.activateOffer',
  'campaigns.takepromotions',
  'cashbacks.payout',
  'cashbacks.remove',
  'cashier.cancelwithdrawal',
  'cashier.makedeposit',
  'cashier.makewithdrawal',
  'FreshChat.storeChatEvent',
  'games.addLike',
  'games.createhistoryexportrequest',
  'games.removeLike',
  'loyalty.buyproduct',
  'loyalty.setcharacter',
  'notices.markRead',
  'responsibleGaming.answerLimitPrompt',
  'responsibleGaming.exclude',
  'responsibleGaming.requestReopen',
  'responsibleGaming.setLimit',
  'responsibleGaming.setRealityCheck',
  'responsibleGaming.setSessionLimit',
  'sportsbook.cashOut',
  'sportsbook.placeBet',
  'sportsbook.quote',
  'storage.set',
  'sumsub.createApplicant',
  'sumsub.getAccessToken',
  'Support.sendFeedback',
  'tournaments.participate',
] as const satisfies readonly MethodName[];

const POST_KEYS: ReadonlySet<string> = new Set(POST_METHODS.map((name) => name.toLowerCase()));

/** The verb of a method (names match case-insensitively, as the server's); unknown names are GET. */
export function httpVerbOf(name: string): 'GET' | 'POST' {
  return POST_KEYS.has(name.toLowerCase()) ? 'POST' : 'GET';
}
