/**
 * Error messages in the request's locale. Keys are error types or message keys services pass to
 * AppError; `{name}` placeholders take values, `[…]` marks a part shown only with its values
 * (see interpolate.ts). Every key exists in both locales (tested).
 */
import type { ErrorType } from '@croupier/contract/errors';
import { interpolate, type MessageValues } from '../lib/interpolate.ts';

type Catalogue = Record<ErrorType, string> & Record<string, string>;

const en: Catalogue = {
  UnknownErrorException: 'Something went wrong!',
  ApplicationDisabledException: 'The site is temporarily disabled.',
  MethodNotFoundException: 'Method[ {method}] does not exist.',
  AuthorizationException: 'Please sign in to continue.',
  InvalidRequestException: 'The request is malformed.',
  InternalServerErrorException: 'Something went wrong! Please try again later.',
  AccessDeniedException: 'Access denied.',
  UserDeletedException: 'This account has been deleted.',
  UserBannedException: 'This account is blocked.',
  UserNeedDepositException: 'Make a deposit to continue.',
  UserNeedProfileDataException: 'Please complete your profile to continue.',
  UserNeedConfirmContactException: 'Please confirm your contact details to continue.',
  ApplicationUnavailableException: 'The site is under maintenance. Please come back soon.',
  InvalidParameterException: 'Some parameters are invalid[: {fields}].',
  TooManyRequestsException: 'Too many requests.[ Try again in {seconds} s.]',
  BillingServiceErrorException: 'The payment service returned an error.',
  BillingTransactionDeclinedException: 'The transaction was declined.',
  BillingUnavailableException: 'Payments are temporarily unavailable.',
  BillingDepositLimitExceededException: 'This deposit exceeds your deposit limit.',
  WithdrawalDeclinedException: 'The withdrawal was declined.',
  WithdrawalLimitsExceededException: 'The amount is outside the withdrawal limits.',
  WithdrawalLimitsPeriodExceededException: 'You have reached the withdrawal limit for this period.',
  KycUserProfileException: 'Please complete identity verification.',
  KycWithdrawalException: 'Identity verification is required before withdrawing.',
  StorageQuotaExceededException: 'Storage quota exceeded.',
  SumsubVerificationRequiredException: 'Identity verification is required.',
  RequisitesOnVerificationException: 'Your payment details are being verified.',
  RequisitesValidationRequiredException: 'Please check your payment details.',
  RequisitesFraudulentException: 'These payment details cannot be used.',
  'request.unsupported_version': 'API version[ {version}] is not supported.',
  'request.body_too_large': 'The request body is too large.',
  'request.malformed_body': 'The request body could not be read.',
  'request.cross_site': 'Cross-site requests are not allowed.',
  'request.invalid_target': 'The request target must be a path on this site.',
  'request.invalid_host': 'The Host header is missing or invalid.',
  'request.database_unavailable': 'The service is briefly unavailable. Please try again in a moment.',
  'request.retry': 'Try again',
};

const fr: Catalogue = {
  UnknownErrorException: 'Une erreur est survenue !',
  ApplicationDisabledException: 'Le site est temporairement désactivé.',
  MethodNotFoundException: "La méthode[ {method}] n'existe pas.",
  AuthorizationException: 'Veuillez vous connecter pour continuer.',
  InvalidRequestException: 'La requête est mal formée.',
  InternalServerErrorException: 'Une erreur est survenue ! Veuillez réessayer plus tard.',
  AccessDeniedException: 'Accès refusé.',
  UserDeletedException: 'Ce compte a été supprimé.',
  UserBannedException: 'Ce compte est bloqué.',
  UserNeedDepositException: 'Effectuez un dépôt pour continuer.',
  UserNeedProfileDataException: 'Veuillez compléter votre profil pour continuer.',
  UserNeedConfirmContactException: 'Veuillez confirmer vos coordonnées pour continuer.',
  ApplicationUnavailableException: 'Le site est en maintenance. Revenez bientôt.',
  InvalidParameterException: 'Certains paramètres sont invalides[ : {fields}].',
  TooManyRequestsException: 'Trop de requêtes.[ Réessayez dans {seconds} s.]',
  BillingServiceErrorException: 'Le service de paiement a renvoyé une erreur.',
  BillingTransactionDeclinedException: 'La transaction a été refusée.',
  BillingUnavailableException: 'Les paiements sont temporairement indisponibles.',
  BillingDepositLimitExceededException: 'Ce dépôt dépasse votre limite de dépôt.',
  WithdrawalDeclinedException: 'Le retrait a été refusé.',
  WithdrawalLimitsExceededException: 'Le montant est hors des limites de retrait.',
  WithdrawalLimitsPeriodExceededException: 'Vous avez atteint la limite de retrait pour cette période.',
  KycUserProfileException: "Veuillez terminer la vérification d'identité.",
  KycWithdrawalException: "Une vérification d'identité est requise avant tout retrait.",
  StorageQuotaExceededException: 'Quota de stockage dépassé.',
  SumsubVerificationRequiredException: "Une vérification d'identité est requise.",
  RequisitesOnVerificationException: 'Vos coordonnées de paiement sont en cours de vérification.',
  RequisitesValidationRequiredException: 'Veuillez vérifier vos coordonnées de paiement.',
  RequisitesFraudulentException: 'Ces coordonnées de paiement ne peuvent pas être utilisées.',
  'request.unsupported_version': "La version[ {version}] de l'API n'est pas prise en charge.",
  'request.body_too_large': 'Le corps de la requête est trop volumineux.',
  'request.malformed_body': "Le corps de la requête n'a pas pu être lu.",
  'request.cross_site': 'Les requêtes intersites ne sont pas autorisées.',
  'request.invalid_target': 'La cible de la requête doit être un chemin de ce site.',
  'request.invalid_host': "L'en-tête Host est absent ou invalide.",
  'request.database_unavailable': 'Le service est momentanément indisponible. Réessayez dans un instant.',
  'request.retry': 'Réessayer',
};

export const serverMessages = { en, fr } as const;
export type ServerLocale = keyof typeof serverMessages;

export function translate(locale: ServerLocale, key: string, values: MessageValues = {}): string {
  const template = serverMessages[locale][key] ?? serverMessages.en[key];
  // Not a key: a message a module already wrote out in the request's language.
  return template === undefined ? key : interpolate(template, values);
}
