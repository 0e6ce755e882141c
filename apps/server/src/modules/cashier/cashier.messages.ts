/**
 * Texts of the errors the cashier and wallet raise, in every locale. Services throw AppError with
 * one of these keys and `{name}` values; the edge that answers (the API dispatcher, the operator
 * routes) turns the key into the request's language through the one message registry.
 */
import type { Locale } from '@croupier/contract/locales';
import { defineCatalogue } from '../../lib/messages.ts';

const en = {
  'wallet.insufficient_funds': 'Your balance is too low for this amount.',
  'cashier.method_unsupported': 'This payment method is not available.',
  'cashier.currency_unsupported': 'Payments are made in your account currency[ ({currency})].',
  'cashier.amount_invalid': 'Enter a positive amount[ with at most {digits} decimal places].',
  'cashier.requisites_invalid': 'Please check your payment details.',
  'cashier.no_card_deposit':
    'Card withdrawals go back to a card you deposited with. Make a card deposit first, or withdraw by bank transfer.',
  'cashier.withdrawal_pending': 'You already have a withdrawal waiting for approval.',
  'cashier.not_cancelable': 'This withdrawal can no longer be cancelled.',
  'cashier.not_found': 'This transaction was not found.',
  'cashier.request_conflict': 'This request id was already used for another request.',
  'cashier.campaign_offer_unavailable': 'This offer is not available with this deposit.',
  'cashier.request_failed': 'This request did not go through. Start a new one.',
  'cashier.deposit_limit_exceeded':
    'This deposit exceeds your deposit limit.[ You can deposit up to {available} until {until}.]',
  'cashier.withdrawal_limits':
    'The amount is outside the limits of this method.[ Withdrawals with this method must be between {min} and {max}.]',
  'cashier.withdrawal_period_limit':
    'You have reached the withdrawal limit of this method for this period.[ You can withdraw up to {max} every {hours} hours with this method; {available} is left.]',
  'cashier.provider_unavailable': 'Payments are temporarily unavailable. Please try again in a few minutes.',
  'cashier.declined': 'The payment provider declined the transaction[ ({code})].',
  'cashier.country_unsupported': 'No banks are listed for this country.',
} as const;

export type CashierMessageKey = keyof typeof en;

const fr: Record<CashierMessageKey, string> = {
  'wallet.insufficient_funds': 'Votre solde est insuffisant pour ce montant.',
  'cashier.method_unsupported': "Ce moyen de paiement n'est pas disponible.",
  'cashier.currency_unsupported': 'Les paiements se font dans la devise de votre compte[ ({currency})].',
  'cashier.amount_invalid': 'Saisissez un montant positif[ avec au plus {digits} décimales].',
  'cashier.requisites_invalid': 'Veuillez vérifier vos coordonnées de paiement.',
  'cashier.no_card_deposit':
    'Les retraits par carte reviennent sur une carte utilisée pour un dépôt. Faites d’abord un dépôt par carte, ou retirez par virement.',
  'cashier.withdrawal_pending': 'Vous avez déjà un retrait en attente de validation.',
  'cashier.not_cancelable': 'Ce retrait ne peut plus être annulé.',
  'cashier.not_found': "Cette transaction n'a pas été trouvée.",
  'cashier.request_conflict': 'Cet identifiant de demande a déjà servi pour une autre demande.',
  'cashier.campaign_offer_unavailable': "Cette offre n'est pas disponible avec ce dépôt.",
  'cashier.request_failed': "Cette demande n'a pas abouti. Recommencez.",
  'cashier.deposit_limit_exceeded':
    "Ce dépôt dépasse votre limite de dépôt.[ Vous pouvez déposer jusqu'à {available} jusqu'au {until}.]",
  'cashier.withdrawal_limits':
    'Le montant est hors des limites de ce moyen.[ Les retraits avec ce moyen doivent être compris entre {min} et {max}.]',
  'cashier.withdrawal_period_limit':
    "Vous avez atteint la limite de retrait de ce moyen pour cette période.[ Vous pouvez retirer jusqu'à {max} toutes les {hours} heures avec ce moyen ; il reste {available}.]",
  'cashier.provider_unavailable':
    'Les paiements sont temporairement indisponibles. Réessayez dans quelques minutes.',
  'cashier.declined': 'Le prestataire de paiement a refusé la transaction[ ({code})].',
  'cashier.country_unsupported': "Aucune banque n'est répertoriée pour ce pays.",
};

export const cashierTexts = defineCatalogue({ name: 'cashier', en, fr });

export const cashierMessages: Record<Locale, Record<CashierMessageKey, string>> = cashierTexts.texts;

/** The text of a cashier key in `locale` with its values filled in. */
export function cashierText(
  locale: Locale,
  key: CashierMessageKey,
  values: Record<string, string | number | Date> = {},
): string {
  return cashierTexts.text(locale, key, values);
}
