/**
 * A bonus grant inside the caller's transaction (issue #12, ADR 021): the campaigns module claims a
 * promo code's usage and grants its bonus in one transaction, so a refused grant leaves the code
 * unused and a used code always has its bonus. The one set of grant rules: `bonuses.grant` runs it in
 * a transaction of its own (idempotent by key, a key reused for another player or template refused);
 * the campaigns' transaction is the one their repository opened on the same database.
 */
import { currencyExponent } from '@croupier/money/currencies';
import { formatMinor } from '@croupier/money/decimal';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { grantAmount } from './bonus-template.ts';
import { type BonusTx, createBonusesRepository, type PlayerBonusRecord } from './bonuses.repository.ts';

const DAY_MS = 86_400_000;

export interface GrantOptions {
  currency: string;
  /** Why (support reads it in the audit): `welcome_deposit`, `promo:<code>`, `staff:<id>` … */
  reason: string;
  /** Unique for ever per grant occasion (`deposit:<payment id>:welcome`); a replay grants nothing new. */
  idempotencyKey: string;
  /** deposit_match: the qualifying deposit. */
  depositMinor?: bigint;
}

export type GrantInTransaction = (
  tx: BonusTx,
  playerId: bigint,
  templateId: bigint,
  options: GrantOptions,
) => Promise<PlayerBonusRecord>;

/**
 * `playerGate` refuses a player who may not receive a bonus now (a time-out or self-exclusion,
 * ADR 025) with a typed error, read on the grant's transaction.
 */
export type PlayerGate = (tx: BonusTx, playerId: bigint) => Promise<void>;

export function createGrantInTransaction(
  deps: Pick<Deps, 'db' | 'now'>,
  playerGate?: PlayerGate,
): GrantInTransaction {
  const repository = createBonusesRepository(deps.db);
  return async (tx, playerId, templateId, options) => {
    if (playerGate) await playerGate(tx, playerId);
    const template = (await repository.templates([templateId], tx)).get(templateId);
    if (!template?.enabled) {
      throw new AppError('InvalidParameterException', {
        code: 'bonus_template_not_found',
        message: 'bonuses.template_not_found',
      });
    }
    const amount = grantAmount(template, options.currency, options.depositMinor ?? null);
    if (!amount.ok) {
      const min = template.amounts[options.currency]?.minDepositMinor;
      const reason = amount.reason === 'currency' ? 'currency_unsupported' : amount.reason;
      throw new AppError('InvalidParameterException', {
        code: `bonus_${reason}`,
        message: `bonuses.${reason}`,
        values: {
          currency: options.currency,
          ...(min
            ? { min: `${formatMinor(min, currencyExponent(options.currency))} ${options.currency}` }
            : {}),
        },
      });
    }
    if (
      !/^[\x21-\x7e]{1,150}$/.test(options.idempotencyKey) ||
      options.reason.length === 0 ||
      options.reason.length > 200
    ) {
      throw new AppError('InvalidParameterException', {
        code: 'invalid_bonus_grant',
        fields: { idempotency_key: 'printable, at most 150 characters', reason: '1 to 200 characters' },
      });
    }
    const now = deps.now();
    const inserted = await repository.insertBonus(tx, {
      playerId,
      templateId,
      currency: options.currency,
      account: template.kind === 'betting' ? 'betting_bonus' : 'bonus',
      status: 'available',
      amountMinor: amount.amountMinor,
      depositMinor: options.depositMinor ?? null,
      wageringRequiredMinor: amount.amountMinor * BigInt(template.wageringMultiplier),
      grantKey: options.idempotencyKey,
      grantReason: options.reason,
      activateBy: new Date(now.getTime() + template.activationDays * DAY_MS),
      createdAt: now,
      updatedAt: now,
    });
    if (inserted) {
      await repository.insertAudit(tx, inserted.id, {
        fromStatus: null,
        toStatus: 'available',
        actor: 'system:grant',
        reason: options.reason,
        at: now,
      });
      return inserted;
    }
    const first = await repository.bonusByGrantKey(tx, options.idempotencyKey);
    if (!first || first.playerId !== playerId || first.templateId !== templateId) {
      throw new AppError('InvalidParameterException', {
        code: 'bonus_grant_conflict',
        message: 'bonuses.grant_conflict',
      });
    }
    return first;
  };
}

/** What an offer shows of its promotions: each template's kind and localized name. */
export interface TemplateSummary {
  id: bigint;
  kind: string;
  name: { en: string; fr: string };
  description: { en: string; fr: string };
  enabled: boolean;
}

export function createTemplateSummaries(deps: Pick<Deps, 'db'>) {
  const repository = createBonusesRepository(deps.db);
  return async (ids: bigint[]): Promise<Map<bigint, TemplateSummary>> => {
    const found = await repository.templates(ids);
    const result = new Map<bigint, TemplateSummary>();
    for (const [id, t] of found) {
      result.set(id, { id, kind: t.kind, name: t.name, description: t.description, enabled: t.enabled });
    }
    return result;
  };
}
