/**
 * What marketing's operator desks share (issue #18, ADR 049; the tournaments, jackpots and loyalty
 * modules' `*-operator.routes.ts`): the input pieces, decimal money to minor units of a currency, and
 * the desks' refusals in the staff member's language (operator-errors.ts' module texts).
 */
import type { Locale } from '@croupier/contract/locales';
import { currencyExponent, isKnownCurrency } from '@croupier/money/currencies';
import { parseMinor } from '@croupier/money/decimal';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';

export const localized = (max: number) =>
  z.object({ en: z.string().trim().min(1).max(max), fr: z.string().trim().min(1).max(max) }).strict();
export const optionalText = z.object({ en: z.string().max(4000), fr: z.string().max(4000) }).strict();
export const money = z.string().regex(/^[0-9]{1,15}(\.[0-9]{1,8})?$/);
export const version = z.string().regex(/^[0-9a-f]{24}$/);
export const key = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/);
export const currency = z.string().regex(/^[A-Z]{3}$/);
export const sysnames = z.array(z.string().min(1).max(100)).min(1).max(200);

export function invalid(field: string, problem: string): AppError {
  return new AppError('InvalidParameterException', {
    code: 'invalid_parameter',
    message: 'validation',
    fields: { [field]: problem },
  });
}

/** A decimal string of `code`'s money as minor units; a bad amount is a typed error on `field`. */
export function minor(text: string, code: string, field: string): bigint {
  if (!isKnownCurrency(code)) throw invalid('currency', 'unknown');
  const parsed = parseMinor(text, currencyExponent(code), { trailingZeros: true });
  if (!parsed.ok) throw invalid(field, parsed.problem);
  return parsed.amountMinor;
}

/** The desks' own refusals, in the staff member's language. */
const TEXTS: Record<Locale, Record<string, string>> = {
  en: {
    tournament_started: 'This tournament has started: its rules can no longer change.',
    tournament_has_participants: 'Players have joined: the entry, buy-in and currency can no longer change.',
    tournament_closed: 'This tournament is already settled or cancelled.',
    tournament_key_taken: 'A tournament with this key exists already.',
    tournament_not_found: 'Tournament not found.',
    jackpot_rules_locked:
      'The contribution, reserve share, seed and ceiling of a running jackpot cannot change: create a new jackpot.',
    jackpot_key_taken: 'A jackpot with this key exists already.',
    jackpot_not_found: 'Jackpot not found.',
    loyalty_key_taken: 'A programme with this key exists already.',
    loyalty_programme_not_found: 'Loyalty programme not found.',
    level_demotes_players: 'These levels would put {players} player(s) on a lower level: refused.',
    invalid_loyalty_programme: 'The programme is not valid ({field}: {problem}).',
  },
  fr: {
    tournament_started: 'Ce tournoi a commencé : ses règles ne peuvent plus changer.',
    tournament_has_participants:
      "Des joueurs sont inscrits : l'entrée, le droit d'entrée et la devise ne peuvent plus changer.",
    tournament_closed: 'Ce tournoi est déjà réglé ou annulé.',
    tournament_key_taken: 'Un tournoi avec cette clé existe déjà.',
    tournament_not_found: 'Tournoi introuvable.',
    jackpot_rules_locked:
      "La contribution, la part de réserve, le montant de départ et le plafond d'un jackpot en cours ne peuvent pas changer : créez un nouveau jackpot.",
    jackpot_key_taken: 'Un jackpot avec cette clé existe déjà.',
    jackpot_not_found: 'Jackpot introuvable.',
    loyalty_key_taken: 'Un programme avec cette clé existe déjà.',
    loyalty_programme_not_found: 'Programme de fidélité introuvable.',
    level_demotes_players: 'Ces niveaux feraient descendre {players} joueur(s) de niveau : refusé.',
    invalid_loyalty_programme: "Le programme n'est pas valide ({field} : {problem}).",
  },
};

export function deskText(locale: Locale, error: AppError): string | undefined {
  const text = TEXTS[locale][error.code];
  if (text === undefined) return undefined;
  return text.replace(/\{(\w+)\}/g, (_m, name: string) => String(error.values?.[name] ?? ''));
}
