/**
 * Marketing's bonus templates (issue #18, ADR 048), for staff with `promotions.edit`, each a staff
 * action with its audit row (before and after on changes):
 * - `GET /nfx/operator/bonus-templates`, `GET /nfx/operator/bonus-templates/:id`;
 * - `POST /nfx/operator/bonus-templates` (a new key; `taken` when it exists);
 * - `PUT /nfx/operator/bonus-templates/:id` with the `version` the edit was made from
 *   (`stale_version`, `template_in_use`).
 * Amounts are decimal strings in each currency's unit on the wire, bigint minor units inside; the
 * rules are the bonuses service's (bonus-template.ts `validateTemplate`): `invalid_bonus_template`
 * naming the field, nothing written.
 */
import { currencyExponent } from '@croupier/money/currencies';
import { formatMinor, parseMinor } from '@croupier/money/decimal';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { MessageRegistry } from '../../lib/messages.ts';
import { idParams } from '../../lib/row-id.ts';
import { operatorErrorHandler, rawParam, sendData } from '../backoffice/operator-errors.ts';
import { staffAction } from '../backoffice/require-backoffice-role.ts';
import {
  type BonusKind,
  BonusTemplateError,
  type BonusTemplateInput,
  type ContributionGameType,
  type TemplateCurrencyAmounts,
} from './bonus-template.ts';
import { type BonusesService, invalidTemplate, type StaffTemplate } from './bonuses.service.ts';

const text = z.object({ en: z.string().max(2000), fr: z.string().max(2000) }).strict();
const decimal = z.string().max(40).nullable().default(null);
const amountsBody = z
  .object({
    cap: decimal,
    min_deposit: decimal,
    fixed: decimal,
    max_win: decimal,
    max_bet: decimal,
    spin_bet: decimal,
  })
  .strict();
const templateFields = {
  kind: z.string().max(32),
  name: text,
  description: text,
  percent: z.number().nullable().default(null),
  amounts: z.record(z.string().max(8), amountsBody),
  wagering_multiplier: z.number(),
  contributions: z.record(z.string().max(16), z.number()).default({}),
  game_contributions: z.record(z.string().max(100), z.number()).default({}),
  allowed_game_types: z.array(z.string().max(16)).max(10).default([]),
  allowed_games: z.array(z.string().max(100)).max(500).default([]),
  activation_days: z.number(),
  wagering_days: z.number(),
  freespin_game: z.string().max(100).nullable().default(null),
  freespin_count: z.number().nullable().default(null),
  enabled: z.boolean().default(true),
};
const createBody = z.object({ key: z.string().max(64), ...templateFields }).strict();
const updateBody = z.object({ version: z.string().regex(/^[0-9a-f]{24}$/), ...templateFields }).strict();

const AMOUNT_FIELDS = [
  ['cap', 'capMinor'],
  ['min_deposit', 'minDepositMinor'],
  ['fixed', 'fixedMinor'],
  ['max_win', 'maxWinMinor'],
  ['max_bet', 'maxBetMinor'],
  ['spin_bet', 'spinBetMinor'],
] as const;

/** The wire's amounts in minor units; a bad currency or amount is the template's typed refusal. */
function toAmounts(wire: z.infer<typeof amountsBody>, currency: string): TemplateCurrencyAmounts {
  let exponent: number;
  try {
    exponent = currencyExponent(currency);
  } catch {
    throw invalidTemplate(new BonusTemplateError(`amounts.${currency}`, 'unknown currency'));
  }
  const out = {} as Record<(typeof AMOUNT_FIELDS)[number][1], bigint | null>;
  for (const [name, key] of AMOUNT_FIELDS) {
    const value = wire[name];
    if (value === null) {
      out[key] = null;
      continue;
    }
    const parsed = parseMinor(value, exponent, { trailingZeros: true });
    if (!parsed.ok) {
      throw invalidTemplate(
        new BonusTemplateError(`amounts.${currency}.${name}`, `a decimal amount in ${currency}`),
      );
    }
    out[key] = parsed.amountMinor;
  }
  return out;
}

type TemplateBody = Omit<z.infer<typeof createBody>, 'key'>;

function toInput(body: TemplateBody): Omit<BonusTemplateInput, 'key'> & { enabled: boolean } {
  return {
    kind: body.kind as BonusKind,
    name: body.name,
    description: body.description,
    percent: body.percent,
    amounts: Object.fromEntries(
      Object.entries(body.amounts).map(([currency, wire]) => [currency, toAmounts(wire, currency)]),
    ),
    wageringMultiplier: body.wagering_multiplier,
    contributions: body.contributions as Partial<Record<ContributionGameType, number>>,
    gameContributions: body.game_contributions,
    allowedGameTypes: body.allowed_game_types as ContributionGameType[],
    allowedGames: body.allowed_games,
    activationDays: body.activation_days,
    wageringDays: body.wagering_days,
    freespinGame: body.freespin_game,
    freespinCount: body.freespin_count,
    enabled: body.enabled,
  };
}

/** A template on the wire: decimal strings, snake_case, its version. */
export function templateWire(template: StaffTemplate) {
  return {
    id: Number(template.id),
    key: template.key,
    version: template.version,
    in_use: template.inUse,
    kind: template.kind,
    name: template.name,
    description: template.description,
    percent: template.percent,
    amounts: Object.fromEntries(
      Object.entries(template.amounts).map(([currency, a]) => {
        const exponent = currencyExponent(currency);
        return [
          currency,
          Object.fromEntries(
            AMOUNT_FIELDS.map(([name, key]) => {
              const value = a[key];
              return [name, value === null ? null : formatMinor(value, exponent)];
            }),
          ),
        ];
      }),
    ),
    wagering_multiplier: template.wageringMultiplier,
    contributions: template.contributions,
    game_contributions: template.gameContributions,
    allowed_game_types: template.allowedGameTypes,
    allowed_games: template.allowedGames,
    activation_days: template.activationDays,
    wagering_days: template.wageringDays,
    freespin_game: template.freespinGame,
    freespin_count: template.freespinCount,
    enabled: template.enabled,
  };
}

export async function bonusesOperatorRoutes(
  app: FastifyInstance,
  options: { bonuses: BonusesService; messages: MessageRegistry },
) {
  const { bonuses } = options;
  app.setErrorHandler(operatorErrorHandler(options.messages));
  const target = (request: FastifyRequest) => ({ type: 'bonus_template', id: rawParam(request, 'id') });
  const templateId = (request: FastifyRequest) => BigInt(idParams.parse(request.params).id);

  app.get('/nfx/operator/bonus-templates', async (request, reply) => {
    const items = await staffAction(
      request,
      { permission: 'promotions.edit', action: 'bonus_templates.list' },
      async () => ({ result: (await bonuses.staffTemplates()).map(templateWire) }),
    );
    return sendData(reply, { items });
  });

  app.get('/nfx/operator/bonus-templates/:id', async (request, reply) => {
    const spec = {
      permission: 'promotions.edit' as const,
      action: 'bonus_templates.view',
      target: target(request),
    };
    const template = await staffAction(request, spec, async () => ({
      result: templateWire(await bonuses.staffTemplate(templateId(request))),
    }));
    return sendData(reply, template);
  });

  app.post('/nfx/operator/bonus-templates', async (request, reply) => {
    const spec = { permission: 'promotions.edit' as const, action: 'bonus_templates.create' };
    const template = await staffAction(request, spec, async () => {
      const { key, ...body } = createBody.parse(request.body);
      const created = templateWire(await bonuses.createStaffTemplate({ key, ...toInput(body) }));
      return { result: created, after: created, detail: key };
    });
    return sendData(reply, template);
  });

  app.put('/nfx/operator/bonus-templates/:id', async (request, reply) => {
    const spec = {
      permission: 'promotions.edit' as const,
      action: 'bonus_templates.update',
      target: target(request),
    };
    const template = await staffAction(request, spec, async () => {
      const id = templateId(request);
      const { version, ...body } = updateBody.parse(request.body);
      const changed = await bonuses.updateStaffTemplate(id, version, toInput(body));
      const after = templateWire(changed.after);
      return { result: after, before: templateWire(changed.before), after };
    });
    return sendData(reply, template);
  });
}
