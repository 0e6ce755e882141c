/**
 * Marketing's tournaments, jackpots and loyalty desks (issue #18, ADR 049), for staff with
 * `promotions.edit`, each call a staff action with its audit row (before and after on a change):
 * - `GET /nfx/operator/tournaments`, `GET …/:id`, `POST …` (create), `PUT …/:id` (edit, with the
 *   `version` read), `POST …/:id/cancel {version, reason}` (buy-ins refunded through the ledger);
 * - `GET /nfx/operator/jackpots`, `GET …/:id`, `POST …`, `PUT …/:id` (name, running, games; the money
 *   rules are locked once a jackpot exists);
 * - `GET /nfx/operator/loyalty/programmes`, `GET …/:id`, `POST …`, `PUT …/:id` (levels and rates;
 *   an edit that would demote players is refused).
 * Every change goes through the module's own service (which validates as it does for its seeds),
 * money is a decimal string of the record's currency on the wire, and a bad input, a stale
 * version or a refused change is a typed error with nothing written.
 */

import type { Locale } from '@croupier/contract/locales';
import { currencyExponent, isKnownCurrency } from '@croupier/money/currencies';
import { parseMinor } from '@croupier/money/decimal';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { MessageRegistry } from '../../lib/messages.ts';
import type { JackpotsService } from '../jackpots/jackpots.service.ts';
import type { LoyaltyService } from '../loyalty/loyalty.service.ts';
import type { TournamentDefinition, TournamentsService } from '../tournaments/tournaments.service.ts';
import { operatorErrorHandler, rawParam, sendData } from './operator-errors.ts';
import { staffAction } from './require-backoffice-role.ts';

const idParams = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/) }).strict();
const localized = (max: number) =>
  z.object({ en: z.string().trim().min(1).max(max), fr: z.string().trim().min(1).max(max) }).strict();
const optionalText = z.object({ en: z.string().max(4000), fr: z.string().max(4000) }).strict();
const money = z.string().regex(/^[0-9]{1,15}(\.[0-9]{1,8})?$/);
const version = z.string().regex(/^[0-9a-f]{16}$/);
const key = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/);
const currency = z.string().regex(/^[A-Z]{3}$/);
const sysnames = z.array(z.string().min(1).max(100)).min(1).max(200);

const prizeLine = z
  .object({
    from: z.number().int().min(1).max(1000),
    to: z.number().int().min(1).max(1000),
    kind: z.enum(['cash', 'bonus', 'free_spins', 'loyalty_points']),
    amount: money.nullish(),
    template_key: z.string().min(1).max(100).nullish(),
    points: z.number().int().min(1).max(100_000_000).nullish(),
    label: localized(100).nullish(),
  })
  .strict();

const tournamentFields = {
  name: localized(200),
  description: optionalText,
  image_url: z.string().max(500).optional(),
  tags: z.array(z.string().min(1).max(40)).max(20).optional(),
  starts_at: z.iso.datetime({ offset: true }),
  ends_at: z.iso.datetime({ offset: true }),
  recur_days: z.number().int().min(1).max(365).nullish(),
  currency,
  scoring: z.enum(['total_bet', 'total_win', 'biggest_multiplier', 'points_per_bet']),
  points_per_bet: z.number().int().min(1).max(1_000_000).nullish(),
  min_stake: money.nullish(),
  entry: z.enum(['opt_in', 'automatic', 'buy_in']),
  buy_in: money.nullish(),
  max_participants: z.number().int().min(1).max(1_000_000).nullish(),
  reset_on_cashout: z.boolean().optional(),
  prizes: z.array(prizeLine).max(100),
  games: sysnames,
};
const tournamentCreate = z.object({ key, ...tournamentFields }).strict();
const tournamentUpdate = z.object({ version, ...tournamentFields }).strict();
const cancelBody = z.object({ version, reason: z.string().trim().min(3).max(500) }).strict();

const jackpotRules = {
  name: localized(200),
  contribution_bp: z.number().int().min(1).max(10_000),
  reserve_bp: z.number().int().min(0).max(9_999),
  seed: money,
  ceiling: money,
  games: sysnames,
};
const jackpotCreate = z.object({ key, currency, ...jackpotRules }).strict();
const jackpotUpdate = z.object({ version, enabled: z.boolean(), ...jackpotRules }).strict();

const level = z
  .object({
    position: z.number().int().min(1).max(100),
    threshold: z.number().int().min(0).max(1_000_000_000),
    name: localized(100),
    perks: z
      .object({ en: z.array(z.string().max(200)).max(20), fr: z.array(z.string().max(200)).max(20) })
      .strict(),
    image: z.string().max(500),
  })
  .strict();
const rate = z
  .object({
    product: z.enum(['casino', 'sport']),
    game_type: z.string().min(1).max(40).nullable(),
    currency,
    points: z.number().int().min(1).max(1_000_000),
    per_amount: money,
  })
  .strict();
const programmeFields = {
  name: localized(200),
  description: optionalText,
  points_alias: localized(40),
  expiry_days: z.number().int().min(1).max(3650).nullable(),
  downgrade: z.enum(['keep', 'reset']),
  rates: z.array(rate).max(100),
  levels: z.array(level).min(1).max(100),
};
const programmeCreate = z.object({ key, ...programmeFields }).strict();
const programmeUpdate = z.object({ version, ...programmeFields }).strict();

function invalid(field: string, problem: string): AppError {
  return new AppError('InvalidParameterException', {
    code: 'invalid_parameter',
    message: 'validation',
    fields: { [field]: problem },
  });
}

/** A decimal string of `code`'s money as minor units; a bad amount is a typed error on `field`. */
function minor(text: string, code: string, field: string): bigint {
  if (!isKnownCurrency(code)) throw invalid('currency', 'unknown');
  const parsed = parseMinor(text, currencyExponent(code), { trailingZeros: true });
  if (!parsed.ok) throw invalid(field, parsed.problem);
  return parsed.amountMinor;
}

function tournamentDefinition(
  body: z.infer<typeof tournamentUpdate> | z.infer<typeof tournamentCreate>,
): Omit<TournamentDefinition, 'key'> {
  const c = body.currency;
  return {
    name: body.name,
    description: body.description,
    imageUrl: body.image_url ?? '',
    tags: body.tags ?? [],
    startsAt: new Date(body.starts_at),
    endsAt: new Date(body.ends_at),
    recurDays: body.recur_days ?? null,
    currency: c,
    scoring: body.scoring,
    pointsPerBet: body.points_per_bet ?? null,
    minStakeMinor: body.min_stake == null ? null : minor(body.min_stake, c, 'min_stake'),
    entry: body.entry,
    buyInMinor: body.buy_in == null ? null : minor(body.buy_in, c, 'buy_in'),
    maxParticipants: body.max_participants ?? null,
    resetOnCashout: body.reset_on_cashout ?? false,
    prizes: body.prizes.map((line) => ({
      from: line.from,
      to: line.to,
      kind: line.kind,
      ...(line.kind === 'cash'
        ? { amountMinor: line.amount == null ? '' : minor(line.amount, c, 'prizes').toString() }
        : {}),
      ...(line.template_key ? { templateKey: line.template_key } : {}),
      ...(line.points != null ? { points: line.points } : {}),
      ...(line.label ? { label: line.label } : {}),
    })),
    games: body.games,
  };
}

function programmeInput(body: z.infer<typeof programmeUpdate> | z.infer<typeof programmeCreate>) {
  return {
    name: body.name,
    description: body.description,
    pointsAlias: body.points_alias,
    expiryDays: body.expiry_days,
    downgrade: body.downgrade,
    rates: body.rates.map((r) => ({
      product: r.product,
      gameType: r.game_type,
      currency: r.currency,
      points: r.points,
      perMinor: minor(r.per_amount, r.currency, 'rates'),
    })),
    levels: body.levels,
  };
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

function deskText(locale: Locale, error: AppError): string | undefined {
  const text = TEXTS[locale][error.code];
  if (text === undefined) return undefined;
  return text.replace(/\{(\w+)\}/g, (_m, name: string) => String(error.values?.[name] ?? ''));
}

export async function marketingDesksRoutes(
  app: FastifyInstance,
  options: {
    tournaments: TournamentsService;
    jackpots: JackpotsService;
    loyalty: LoyaltyService;
    messages: MessageRegistry;
  },
) {
  const { tournaments, jackpots, loyalty } = options;
  app.setErrorHandler(operatorErrorHandler(options.messages, deskText));
  const permission = 'promotions.edit' as const;
  const target = (type: string) => (request: FastifyRequest) => ({ type, id: rawParam(request, 'id') });
  const id = (request: FastifyRequest) => BigInt(idParams.parse(request.params).id);

  // --- tournaments -------------------------------------------------------------------------------
  const tournament = target('tournament');

  app.get('/nfx/operator/tournaments', async (request, reply) => {
    const items = await staffAction(request, { permission, action: 'tournaments.list' }, async () => ({
      result: await tournaments.staffList(),
    }));
    return sendData(reply, { items });
  });

  app.get('/nfx/operator/tournaments/:id', async (request, reply) => {
    const spec = { permission, action: 'tournaments.view', target: tournament(request) };
    const found = await staffAction(request, spec, async () => ({
      result: await tournaments.staffGet(id(request)),
    }));
    return sendData(reply, found);
  });

  app.post('/nfx/operator/tournaments', async (request, reply) => {
    const created = await staffAction(request, { permission, action: 'tournaments.create' }, async () => {
      const body = tournamentCreate.parse(request.body);
      const result = await tournaments.staffCreate({ key: body.key, ...tournamentDefinition(body) });
      return { result, after: result };
    });
    return sendData(reply, created);
  });

  app.put('/nfx/operator/tournaments/:id', async (request, reply) => {
    const spec = { permission, action: 'tournaments.update', target: tournament(request) };
    const updated = await staffAction(request, spec, async () => {
      const tournamentId = id(request);
      const body = tournamentUpdate.parse(request.body);
      const { before, after } = await tournaments.staffUpdate(
        tournamentId,
        body.version,
        tournamentDefinition(body),
      );
      return { result: after, before, after };
    });
    return sendData(reply, updated);
  });

  app.post('/nfx/operator/tournaments/:id/cancel', async (request, reply) => {
    const spec = { permission, action: 'tournaments.cancel', target: tournament(request), money: true };
    const cancelled = await staffAction(request, spec, async () => {
      const tournamentId = id(request);
      const body = cancelBody.parse(request.body);
      const done = await tournaments.staffCancel(tournamentId, body.version);
      return {
        result: { ...done.after, refunded: done.refunded, refunded_amount: done.refundedAmount },
        before: done.before,
        after: { ...done.after, refunded: done.refunded, refunded_amount: done.refundedAmount },
        detail: body.reason,
      };
    });
    return sendData(reply, cancelled);
  });

  // --- jackpots ----------------------------------------------------------------------------------
  const jackpot = target('jackpot');

  app.get('/nfx/operator/jackpots', async (request, reply) => {
    const items = await staffAction(request, { permission, action: 'jackpots.list' }, async () => ({
      result: await jackpots.staffList(),
    }));
    return sendData(reply, { items });
  });

  app.get('/nfx/operator/jackpots/:id', async (request, reply) => {
    const spec = { permission, action: 'jackpots.view', target: jackpot(request) };
    const found = await staffAction(request, spec, async () => ({
      result: await jackpots.staffGet(id(request)),
    }));
    return sendData(reply, found);
  });

  app.post('/nfx/operator/jackpots', async (request, reply) => {
    const spec = { permission, action: 'jackpots.create', money: true };
    const created = await staffAction(request, spec, async () => {
      const body = jackpotCreate.parse(request.body);
      const result = await jackpots.staffCreate({
        key: body.key,
        name: body.name,
        currency: body.currency,
        contributionBp: body.contribution_bp,
        reserveBp: body.reserve_bp,
        seedMinor: minor(body.seed, body.currency, 'seed'),
        ceilingMinor: minor(body.ceiling, body.currency, 'ceiling'),
        games: body.games,
      });
      return { result, after: result };
    });
    return sendData(reply, created);
  });

  app.put('/nfx/operator/jackpots/:id', async (request, reply) => {
    const spec = { permission, action: 'jackpots.update', target: jackpot(request) };
    const updated = await staffAction(request, spec, async () => {
      const jackpotId = id(request);
      const body = jackpotUpdate.parse(request.body);
      const current = await jackpots.staffGet(jackpotId);
      const { before, after } = await jackpots.staffUpdate(jackpotId, body.version, {
        name: body.name,
        enabled: body.enabled,
        games: body.games,
        contributionBp: body.contribution_bp,
        reserveBp: body.reserve_bp,
        seedMinor: minor(body.seed, current.currency, 'seed'),
        ceilingMinor: minor(body.ceiling, current.currency, 'ceiling'),
      });
      return { result: after, before, after };
    });
    return sendData(reply, updated);
  });

  // --- loyalty -----------------------------------------------------------------------------------
  const programme = target('loyalty_programme');

  app.get('/nfx/operator/loyalty/programmes', async (request, reply) => {
    const items = await staffAction(request, { permission, action: 'loyalty.list' }, async () => ({
      result: await loyalty.staffList(),
    }));
    return sendData(reply, { items });
  });

  app.get('/nfx/operator/loyalty/programmes/:id', async (request, reply) => {
    const spec = { permission, action: 'loyalty.view', target: programme(request) };
    const found = await staffAction(request, spec, async () => ({
      result: await loyalty.staffGet(id(request)),
    }));
    return sendData(reply, found);
  });

  app.post('/nfx/operator/loyalty/programmes', async (request, reply) => {
    const created = await staffAction(request, { permission, action: 'loyalty.create' }, async () => {
      const body = programmeCreate.parse(request.body);
      const result = await loyalty.staffCreate({ key: body.key, ...programmeInput(body) });
      return { result, after: result };
    });
    return sendData(reply, created);
  });

  app.put('/nfx/operator/loyalty/programmes/:id', async (request, reply) => {
    const spec = { permission, action: 'loyalty.update', target: programme(request) };
    const updated = await staffAction(request, spec, async () => {
      const programmeId = id(request);
      const body = programmeUpdate.parse(request.body);
      const { before, after } = await loyalty.staffUpdate(programmeId, body.version, programmeInput(body));
      return { result: after, before, after };
    });
    return sendData(reply, updated);
  });
}
