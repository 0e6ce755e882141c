/**
 * Campaigns (issue #12, ADR 021): offers with a trigger, conditions and promotions (bonus
 * templates), promo codes redeemed once per player within a usage limit, and the player's methods.
 * A promo code's use is claimed and its bonuses granted in one transaction: the redemption row's
 * unique (code, player) key serializes one player's racing requests, and
 * `UPDATE … SET used = used + 1 WHERE used < usage_limit` claims a use atomically.
 */
import { randomBytes } from 'node:crypto';
import type { OfferOutput, PromoCodeError } from '@croupier/contract/campaigns/common';
import type { Locale } from '@croupier/contract/locales';
import type { PopupOutput } from '@croupier/contract/popups/get';
import { currencyExponent, isKnownCurrency } from '@croupier/money/currencies';
import { formatMinor } from '@croupier/money/decimal';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertVersion, editVersion } from '../../lib/edit-version.ts';
import { type ImageNameMapping, remapImageNames } from '../../lib/image-names.ts';
import type { GrantInTransaction, TemplateSummary } from '../bonuses/grant-in-transaction.ts';
import {
  type CampaignTx,
  createCampaignsRepository,
  type OfferRecord,
  type PopupRecord,
  type PromoCodeRecord,
} from './campaigns.repository.ts';
import {
  CampaignRuleError,
  type StaffOfferInput,
  type StaffPopupInput,
  validateOffer,
  validatePopup,
} from './offer-rules.ts';
import { demoCampaigns } from './seed-campaigns.ts';

/** Codes are stored upper-cased; anything else cannot be a code. */
const CODE_SHAPE = /^[A-Z0-9_-]{3,32}$/;

/** The job the cashier enqueues in the credit transaction of a deposit made with an offer. */
export const DEPOSIT_OFFER_TASK = 'campaigns.deposit-offer';

/**
 * The job the cashier enqueues in the credit transaction of a player's first deposit while the
 * promo code kept from sign-up is not redeemed yet (e.g. its offer needs a deposit).
 */
export const SIGN_UP_CODE_DEPOSIT_TASK = 'campaigns.sign-up-code-deposit';

/** 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L), ~40 bits per code. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function randomCodeSuffix(length = 8): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  return out;
}

export function normalizePromoCode(text: string): string | null {
  const code = text.trim().toUpperCase();
  return CODE_SHAPE.test(code) ? code : null;
}

export function promoCodeError(code: PromoCodeError): AppError {
  return new AppError('InvalidParameterException', {
    code: `promo_code_${code.toLowerCase()}`,
    fields: { promo_code: code },
    message: `campaigns.promo_code.${code}`,
  });
}

interface CreditedDepositOfferPayload {
  transactionId: string;
  playerId: string;
  offerId: string;
  currency: string;
  amountMinor: string;
}

interface CreditedFirstDepositPayload {
  transactionId: string;
  playerId: string;
  currency: string;
  amountMinor: string;
}

interface PlayerFacts {
  currency: string;
  hasDeposit: boolean;
}

export function createCampaignsService(
  deps: Pick<Deps, 'db' | 'log' | 'now' | 'jobs'>,
  collaborators: {
    grantInTx: GrantInTransaction;
    templateSummaries: (ids: bigint[]) => Promise<Map<bigint, TemplateSummary>>;
    templateIdByKey: (key: string) => Promise<bigint | null>;
    /** The player's currency (the site default until one is pinned). */
    playerCurrency: (playerId: bigint, locale: Locale) => Promise<string>;
    /** True once any deposit of the player was credited. */
    hasCreditedDeposit: (playerId: bigint) => Promise<boolean>;
    /** The promo code the player signed up with (accounts), or null. */
    signUpPromoCode?: (playerId: bigint) => Promise<string | null>;
    /** Spec §7: the image-name mapping offer descriptions are remapped by (none: left as written). */
    imageNameMapping?: (locale: Locale) => Promise<ImageNameMapping>;
  },
) {
  const repository = createCampaignsRepository(deps.db);
  const { grantInTx, templateSummaries } = collaborators;

  async function facts(playerId: bigint, locale: Locale): Promise<PlayerFacts> {
    const [currency, hasDeposit] = await Promise.all([
      collaborators.playerCurrency(playerId, locale),
      collaborators.hasCreditedDeposit(playerId),
    ]);
    return { currency, hasDeposit };
  }

  function isLive(window: { startsAt: Date; endsAt: Date | null }, now: Date): boolean {
    return window.startsAt.getTime() <= now.getTime() && (window.endsAt === null || window.endsAt > now);
  }

  /** The offer's `user_satisfies_params` for this player (not the deposit amount: see `depositOffer`). */
  function satisfies(offer: OfferRecord, player: PlayerFacts): boolean {
    const c = offer.conditions;
    if (c.firstDepositOnly && player.hasDeposit) return false;
    if (c.currencies && c.currencies.length > 0 && !c.currencies.includes(player.currency)) return false;
    if (c.minDepositMinor && !(player.currency in c.minDepositMinor) && offer.trigger === 'deposit')
      return false;
    return true;
  }

  async function output(offers: OfferRecord[], locale: Locale, taken: Set<bigint>): Promise<OfferOutput[]> {
    const [templates, mapping] = await Promise.all([
      templateSummaries([...new Set(offers.flatMap((o) => o.templateIds))]),
      collaborators.imageNameMapping?.(locale) ?? {},
    ]);
    return offers.map((offer) => ({
      id: Number(offer.id),
      trigger: offer.trigger,
      title: offer.title[locale],
      description: remapImageNames(offer.description[locale], mapping),
      promotions: offer.templateIds.flatMap((id) => {
        const t = templates.get(id);
        if (!t) return [];
        return [
          {
            template_id: Number(id),
            kind: t.kind as OfferOutput['promotions'][number]['kind'],
            name: t.name[locale],
            description: remapImageNames(t.description[locale], mapping),
          },
        ];
      }),
      min_deposits: Object.entries(offer.conditions.minDepositMinor ?? {}).flatMap(([currency, minor]) =>
        isKnownCurrency(currency)
          ? [{ amount: formatMinor(BigInt(minor), currencyExponent(currency)), currency }]
          : [],
      ),
      exclude_methods: offer.excludeMethods,
      ends_at: offer.endsAt?.toISOString() ?? null,
      is_taken: taken.has(offer.id),
    }));
  }

  /** Grants every promotion of the offer in the caller's transaction; keys unique per occasion. */
  async function grantOffer(
    tx: CampaignTx,
    offer: OfferRecord,
    playerId: bigint,
    currency: string,
    occasion: string,
    depositMinor?: bigint,
  ): Promise<void> {
    for (const templateId of offer.templateIds) {
      await grantInTx(tx, playerId, templateId, {
        currency,
        reason: `campaign:${offer.key}`.slice(0, 200),
        idempotencyKey: `${occasion}:template:${templateId}`,
        ...(depositMinor !== undefined ? { depositMinor } : {}),
      });
    }
  }

  /** The code's record if it can be redeemed now by this player (or by anyone, for a guest). */
  async function usableCode(
    text: string,
    playerId: bigint | null,
    locale: Locale,
  ): Promise<{ code: PromoCodeRecord; offer: OfferRecord; player: PlayerFacts | null }> {
    const normalized = normalizePromoCode(text);
    if (!normalized) throw promoCodeError('INVALID');
    const code = await repository.codeByText(normalized);
    if (!code) throw promoCodeError('INVALID');
    const offer = await repository.offer(code.offerId);
    if (!offer?.enabled) throw promoCodeError('INVALID');
    const now = deps.now();
    if (!isLive(code, now) || !isLive(offer, now)) {
      throw promoCodeError(code.startsAt > now || offer.startsAt > now ? 'INVALID' : 'EXPIRED');
    }
    if (playerId !== null && (await repository.hasRedeemed(code.id, playerId))) {
      throw promoCodeError('ALREADY_USED');
    }
    if (code.used >= code.usageLimit) throw promoCodeError('EXHAUSTED');
    let player: PlayerFacts | null = null;
    if (playerId !== null) {
      player = await facts(playerId, locale);
      if (!satisfies(offer, player)) throw promoCodeError('NOT_ELIGIBLE');
    }
    return { code, offer, player };
  }

  function offerRefused(code: string): AppError {
    return new AppError('InvalidParameterException', {
      code: `campaign_offer_${code}`,
      fields: { campaign_offer_id: code },
      message: code === 'not_found' ? 'campaigns.offer_not_found' : 'campaigns.offer_not_eligible',
    });
  }

  /** The deposit offer if it can go with this deposit; a typed `campaign_offer_id` error if not. */
  async function depositOffer(input: {
    playerId: bigint;
    offerId: bigint;
    method: string;
    currency: string;
    amountMinor: bigint;
    locale: Locale;
  }): Promise<OfferRecord> {
    const offer = await repository.offer(input.offerId);
    if (!offer?.enabled || offer.trigger !== 'deposit') throw offerRefused('not_found');
    if (!isLive(offer, deps.now())) throw offerRefused('expired');
    const player = await facts(input.playerId, input.locale);
    if (player.currency !== input.currency || !satisfies(offer, player)) throw offerRefused('not_eligible');
    if (offer.excludeMethods.includes(input.method)) throw offerRefused('method_excluded');
    const min = offer.conditions.minDepositMinor?.[input.currency];
    if (min !== undefined && input.amountMinor < BigInt(min)) throw offerRefused('deposit_too_small');
    return offer;
  }

  // The grant of a credited deposit's offer: the job was enqueued in the credit's transaction, so
  // it exists iff the deposit was credited; the grant key makes a rerun grant nothing new.
  deps.jobs.define<CreditedDepositOfferPayload>({
    name: DEPOSIT_OFFER_TASK,
    handler: async (payload) => {
      const offer = await repository.offer(BigInt(payload.offerId));
      if (offer?.trigger !== 'deposit') {
        deps.log.warn({ ...payload }, 'deposit offer gone: nothing granted');
        return;
      }
      const transactionId = BigInt(payload.transactionId);
      const playerId = BigInt(payload.playerId);
      try {
        await repository.transaction(async (tx) => {
          // A first-deposit offer is granted once per player, whatever deposits were started with
          // it before the first one was credited (the check at request time cannot see those).
          if (
            offer.conditions.firstDepositOnly &&
            !(await repository.insertTake(tx, offer.id, playerId, deps.now()))
          ) {
            deps.log.info({ ...payload }, 'first-deposit offer already granted: nothing more');
            return;
          }
          await grantOffer(
            tx,
            offer,
            playerId,
            payload.currency,
            `deposit:${transactionId}:offer:${offer.id}`,
            BigInt(payload.amountMinor),
          );
        });
      } catch (error) {
        // A promotion that cannot be granted (template disabled, currency not offered) will not
        // become grantable by retrying: logged for support, not retried.
        if (error instanceof AppError && error.type === 'InvalidParameterException') {
          deps.log.warn({ ...payload, code: error.code }, 'deposit offer not granted');
          return;
        }
        throw error;
      }
    },
  });

  /** The sign-up code's record while this player has not redeemed it; null when there is none. */
  async function pendingSignUpCode(playerId: bigint): Promise<PromoCodeRecord | null> {
    const text = collaborators.signUpPromoCode ? await collaborators.signUpPromoCode(playerId) : null;
    const normalized = text ? normalizePromoCode(text) : null;
    if (!normalized) return null;
    const code = await repository.codeByText(normalized);
    if (!code || (await repository.hasRedeemed(code.id, playerId))) return null;
    return code;
  }

  // The issue: "The promo code kept in local storage from sign-up is applied at registration or
  // first deposit." Registration redeems it when it can (auth.register); a code whose offer needs
  // a deposit is redeemed here, when the first deposit is credited: the job exists iff that credit
  // committed, and the redemption row (code, player) makes any rerun or second path redeem nothing.
  deps.jobs.define<CreditedFirstDepositPayload>({
    name: SIGN_UP_CODE_DEPOSIT_TASK,
    handler: async (payload) => {
      const playerId = BigInt(payload.playerId);
      const code = await pendingSignUpCode(playerId);
      if (!code) return;
      const offer = await repository.offer(code.offerId);
      const now = deps.now();
      if (!offer?.enabled || !isLive(code, now) || !isLive(offer, now)) {
        deps.log.info(
          { ...payload, codeId: String(code.id) },
          'sign-up promo code no longer live: not redeemed',
        );
        return;
      }
      const amountMinor = BigInt(payload.amountMinor);
      // Judged as at this deposit: it is the player's first one.
      const player: PlayerFacts = { currency: payload.currency, hasDeposit: false };
      const min = offer.conditions.minDepositMinor?.[payload.currency];
      if (!satisfies(offer, player) || (min !== undefined && amountMinor < BigInt(min))) {
        deps.log.info(
          { ...payload, codeId: String(code.id) },
          'sign-up promo code not eligible at first deposit',
        );
        return;
      }
      try {
        await repository.transaction(async (tx) => {
          if (!(await repository.insertRedemption(tx, code.id, playerId, deps.now()))) return;
          if (!(await repository.claimUse(tx, code.id))) throw promoCodeError('EXHAUSTED');
          await grantOffer(
            tx,
            offer,
            playerId,
            payload.currency,
            `promo:${code.id}:player:${playerId}`,
            amountMinor,
          );
        });
      } catch (error) {
        // Refused (used up, a template that does not fit): everything rolled back, not retried.
        if (error instanceof AppError && error.type === 'InvalidParameterException') {
          deps.log.warn({ ...payload, code: error.code }, 'sign-up promo code not redeemed at first deposit');
          return;
        }
        throw error;
      }
    },
  });

  function invalid(fields: Record<string, string>): AppError {
    return new AppError('InvalidParameterException', { code: 'validation', message: 'validation', fields });
  }

  function notFound(): AppError {
    return new AppError('MethodNotFoundException', { code: 'not_found', message: 'not_found' });
  }

  function taken(field: string): AppError {
    return new AppError('InvalidParameterException', {
      code: 'taken',
      message: 'key_taken',
      fields: { [field]: 'taken' },
    });
  }

  function ruleRefused(error: CampaignRuleError): AppError {
    return new AppError('InvalidParameterException', {
      code: 'validation',
      message: 'validation',
      fields: { [error.field]: error.problem },
      values: { fields: error.field },
      cause: error,
    });
  }

  /** The offer's row after the rules; its templates must exist (the bonuses service answers). */
  async function checkedOffer(input: StaffOfferInput) {
    let row: ReturnType<typeof validateOffer>;
    try {
      row = validateOffer(input);
    } catch (error) {
      if (error instanceof CampaignRuleError) throw ruleRefused(error);
      throw error;
    }
    const known = await templateSummaries(row.templateIds);
    const missing = row.templateIds.find((id) => !known.has(id));
    if (missing !== undefined) {
      throw new AppError('InvalidParameterException', {
        code: 'invalid_bonus_template',
        message: 'bonuses.template_not_found',
        fields: { template_ids: `unknown:${missing}` },
      });
    }
    return row;
  }

  async function checkedPopup(input: StaffPopupInput): Promise<void> {
    try {
      validatePopup(input);
    } catch (error) {
      if (error instanceof CampaignRuleError) throw ruleRefused(error);
      throw error;
    }
    if (input.offerId !== null && !(await repository.offer(input.offerId))) {
      throw ruleRefused(new CampaignRuleError('offer_id', 'not_found'));
    }
  }

  function offerFields(offer: OfferRecord) {
    const { id: _id, ...fields } = offer;
    return fields;
  }

  /** What staff see of an offer, with its version (ADR 048). */
  function offerView(offer: OfferRecord) {
    const minDeposit = Object.entries(offer.conditions.minDepositMinor ?? {}).flatMap(([currency, minor]) =>
      isKnownCurrency(currency) ? [[currency, formatMinor(BigInt(minor), currencyExponent(currency))]] : [],
    );
    return {
      id: Number(offer.id),
      key: offer.key,
      version: editVersion(offerFields(offer)),
      trigger: offer.trigger,
      title: offer.title,
      description: offer.description,
      first_deposit_only: offer.conditions.firstDepositOnly === true,
      min_deposit: Object.fromEntries(minDeposit) as Record<string, string>,
      currencies: offer.conditions.currencies ?? [],
      exclude_methods: offer.excludeMethods,
      template_ids: offer.templateIds.map(Number),
      starts_at: offer.startsAt.toISOString(),
      ends_at: offer.endsAt?.toISOString() ?? null,
      enabled: offer.enabled,
    };
  }

  function popupFields(popup: PopupRecord) {
    const { id: _id, ...fields } = popup;
    return fields;
  }

  function popupView(popup: PopupRecord) {
    return {
      id: Number(popup.id),
      key: popup.key,
      version: editVersion(popupFields(popup)),
      title: popup.title,
      content: popup.content,
      offer_id: popup.offerId === null ? null : Number(popup.offerId),
      starts_at: popup.startsAt.toISOString(),
      ends_at: popup.endsAt?.toISOString() ?? null,
      enabled: popup.enabled,
    };
  }

  /** What staff see of a code. */
  function codeView(row: PromoCodeRecord) {
    return {
      id: Number(row.id),
      code: row.code,
      offer_id: Number(row.offerId),
      usage_limit: row.usageLimit,
      used: row.used,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt?.toISOString() ?? null,
    };
  }

  return {
    /** The back office's offers (issue #18, ADR 048): every offer, each with its version. */
    async staffOffers() {
      return (await repository.allOffers()).map(offerView);
    },

    async staffOffer(id: bigint) {
      const offer = await repository.offer(id);
      if (!offer) throw notFound();
      return offerView(offer);
    },

    /** Marketing creates an offer: the offer rules, its templates known to bonuses, `taken` for a key that exists. */
    async createOffer(input: StaffOfferInput) {
      const row = await checkedOffer(input);
      const id = await repository.insertOffer(row);
      if (id === null) throw taken('key');
      return offerView((await repository.offer(id))!);
    },

    /**
     * Marketing edits an offer made from `version` (ADR 048): `stale_version` when it changed
     * meanwhile (checked under the row's lock), the rules as on create; the key and trigger stay.
     */
    async updateOffer(id: bigint, version: string, input: Omit<StaffOfferInput, 'key'>) {
      const before = await repository.transaction(async (tx) => {
        const current = await repository.lockOffer(tx, id);
        if (!current) throw notFound();
        assertVersion(offerFields(current), version);
        // Codes, takes and deposits were made under the trigger: it stays, like the key.
        if (input.trigger !== current.trigger)
          throw ruleRefused(new CampaignRuleError('trigger', 'immutable'));
        const { key: _key, ...row } = await checkedOffer({ ...input, key: current.key });
        await repository.updateOffer(tx, id, row);
        return offerView(current);
      });
      return { before, after: offerView((await repository.offer(id))!) };
    },

    async staffPopups() {
      return (await repository.allPopups()).map(popupView);
    },

    async staffPopup(id: bigint) {
      const popup = await repository.popup(id);
      if (!popup) throw notFound();
      return popupView(popup);
    },

    async createPopup(input: StaffPopupInput) {
      await checkedPopup(input);
      const id = await repository.insertPopup(input);
      if (id === null) throw taken('key');
      return popupView((await repository.popup(id))!);
    },

    async updatePopup(id: bigint, version: string, input: Omit<StaffPopupInput, 'key'>) {
      const before = await repository.transaction(async (tx) => {
        const current = await repository.lockPopup(tx, id);
        if (!current) throw notFound();
        assertVersion(popupFields(current), version);
        await checkedPopup({ ...input, key: current.key });
        await repository.updatePopup(tx, id, input);
        return popupView(current);
      });
      return { before, after: popupView((await repository.popup(id))!) };
    },

    async staffCodes(offerId: bigint, page: { offset: number; count: number }) {
      return (await repository.codesOf(offerId, page)).map(codeView);
    },

    /**
     * Marketing creates promo codes for a `promo_code` offer: the codes given, or `count` random
     * ones after a prefix (a batch). All land or none (a code that exists already refuses the whole
     * batch, typed); codes are stored upper-cased, as players' entries are matched.
     */
    async createCodes(input: {
      offerId: bigint;
      codes?: string[] | undefined;
      batch?: { prefix: string; count: number } | undefined;
      usageLimit: number;
      startsAt?: Date | undefined;
      endsAt?: Date | null | undefined;
    }) {
      const offer = await repository.offer(input.offerId);
      if (!offer) throw new AppError('MethodNotFoundException', { code: 'not_found', message: 'not_found' });
      if (offer.trigger !== 'promo_code') throw invalid({ offer_id: 'not_promo_code_offer' });
      const startsAt = input.startsAt ?? deps.now();
      if (input.endsAt && input.endsAt.getTime() <= startsAt.getTime())
        throw invalid({ ends_at: 'before_start' });
      let codes: string[];
      if (input.codes) {
        codes = input.codes.map((text) => {
          const code = normalizePromoCode(text);
          if (!code) throw invalid({ codes: 'invalid_format' });
          return code;
        });
      } else if (input.batch) {
        const prefix = input.batch.prefix.toUpperCase();
        codes = Array.from({ length: input.batch.count }, () => `${prefix}${randomCodeSuffix()}`);
      } else {
        throw invalid({ codes: 'required' });
      }
      if (new Set(codes).size !== codes.length) throw invalid({ codes: 'duplicate' });
      const rows = codes.map((code) => ({
        code,
        offerId: input.offerId,
        usageLimit: input.usageLimit,
        startsAt,
        endsAt: input.endsAt ?? null,
      }));
      if (!(await repository.insertCodes(rows))) {
        throw new AppError('InvalidParameterException', {
          code: 'taken',
          message: 'taken',
          fields: { codes: 'taken' },
        });
      }
      return rows.map((row) => ({ code: row.code, usage_limit: row.usageLimit }));
    },

    /**
     * True when the player's next credited deposit must enqueue SIGN_UP_CODE_DEPOSIT_TASK: a
     * sign-up code not redeemed yet and no credited deposit so far.
     */
    async signUpCodePending(playerId: bigint): Promise<boolean> {
      if (!(await pendingSignUpCode(playerId))) return false;
      return !(await collaborators.hasCreditedDeposit(playerId));
    },

    /** Checks a deposit's `campaign_offer_id` at `cashier.makedeposit` (nothing written). */
    async checkDepositOffer(input: Parameters<typeof depositOffer>[0]): Promise<void> {
      await depositOffer(input);
    },

    /**
     * popups.get: live popups in queue order; a popup promoting an offer only while the player can
     * see that offer and has not taken it. `key`: that popup only (preview by name).
     */
    async popups(playerId: bigint, key: string | null, locale: Locale): Promise<{ items: PopupOutput[] }> {
      const now = deps.now();
      const player = await facts(playerId, locale);
      const taken = await repository.takenOfferIds(playerId);
      const offers = new Map((await repository.enabledOffers()).map((o) => [o.id, o]));
      const items: PopupOutput[] = [];
      for (const popup of await repository.enabledPopups()) {
        if (key !== null && popup.key !== key) continue;
        if (!isLive(popup, now)) continue;
        if (popup.offerId !== null) {
          const offer = offers.get(popup.offerId);
          if (!offer || !isLive(offer, now) || taken.has(offer.id)) continue;
          if (offer.trigger === 'registration') continue;
          if (offer.trigger !== 'promo_code' && !satisfies(offer, player)) continue;
        }
        items.push({
          id: Number(popup.id),
          key: popup.key,
          title: popup.title[locale],
          content: popup.content[locale],
          offer_id: popup.offerId === null ? null : Number(popup.offerId),
          ends_at: popup.endsAt?.toISOString() ?? null,
        });
      }
      return { items };
    },

    /** campaigns.getoffers: what the caller can see now. */
    async getOffers(
      playerId: bigint | null,
      page: { offset: number; count: number },
      locale: Locale,
    ): Promise<{ items: OfferOutput[]; total: number }> {
      const now = deps.now();
      const player = playerId === null ? null : await facts(playerId, locale);
      const visible = (await repository.enabledOffers()).filter((offer) => {
        if (!isLive(offer, now)) return false;
        switch (offer.trigger) {
          case 'promo_code':
            return false;
          case 'registration':
            return player === null;
          case 'deposit':
            return player === null || satisfies(offer, player);
          case 'action':
            return player === null || satisfies(offer, player);
        }
        return false;
      });
      const taken = playerId === null ? new Set<bigint>() : await repository.takenOfferIds(playerId);
      const items = await output(visible.slice(page.offset, page.offset + page.count), locale, taken);
      return { items, total: visible.length };
    },

    /**
     * campaigns.takepromotions: an action offer's promotions, once per player. Deposit offers are
     * granted when their deposit is credited, registration offers at sign-up, promo-code offers
     * through their code: none of those can be taken here.
     */
    async takePromotions(playerId: bigint, offerId: bigint, locale: Locale): Promise<void> {
      const offer = await repository.offer(offerId);
      if (!offer?.enabled || !isLive(offer, deps.now())) {
        throw new AppError('InvalidParameterException', {
          code: 'offer_not_found',
          fields: { offer_id: 'not_found' },
          message: 'campaigns.offer_not_found',
        });
      }
      const player = await facts(playerId, locale);
      if (offer.trigger !== 'action' || !satisfies(offer, player)) {
        throw new AppError('InvalidParameterException', {
          code: 'offer_not_eligible',
          fields: { offer_id: 'not_eligible' },
          message: 'campaigns.offer_not_eligible',
        });
      }
      await repository.transaction(async (tx) => {
        if (!(await repository.insertTake(tx, offer.id, playerId, deps.now()))) {
          throw new AppError('InvalidParameterException', {
            code: 'offer_already_taken',
            fields: { offer_id: 'already_taken' },
            message: 'campaigns.offer_already_taken',
          });
        }
        await grantOffer(tx, offer, playerId, player.currency, `offer:${offer.id}:player:${playerId}`);
      });
    },

    /** campaigns.checkPromocode: resolves when the code can be redeemed; writes nothing. */
    async checkPromoCode(playerId: bigint | null, text: string, locale: Locale): Promise<void> {
      await usableCode(text, playerId, locale);
    },

    /**
     * campaigns.activateOffer: redeems the code and grants its offer's promotions, all in one
     * transaction (a refused grant leaves the code unused).
     */
    async activateOffer(playerId: bigint, text: string, locale: Locale): Promise<OfferOutput> {
      const { code, offer, player } = await usableCode(text, playerId, locale);
      await repository.transaction(async (tx) => {
        if (!(await repository.insertRedemption(tx, code.id, playerId, deps.now()))) {
          throw promoCodeError('ALREADY_USED');
        }
        if (!(await repository.claimUse(tx, code.id))) throw promoCodeError('EXHAUSTED');
        try {
          await grantOffer(tx, offer, playerId, player!.currency, `promo:${code.id}:player:${playerId}`);
        } catch (error) {
          // The player's currency or situation does not fit a promotion: the code stays unused.
          if (error instanceof AppError && error.type === 'InvalidParameterException') {
            throw promoCodeError('NOT_ELIGIBLE');
          }
          throw error;
        }
      });
      const [answer] = await output([offer], locale, new Set([offer.id]));
      return answer!;
    },

    /** The demo offers and codes (seed `campaigns-demo-v1`); idempotent by key and code. */
    async seed(): Promise<void> {
      for (const offer of demoCampaigns.offers) {
        const templateIds: bigint[] = [];
        for (const key of offer.templateKeys) {
          const id = await collaborators.templateIdByKey(key);
          if (id === null) throw new Error(`campaigns seed: bonus template ${key} is missing`);
          templateIds.push(id);
        }
        const { templateKeys: _keys, codes, popups, ...row } = offer;
        const offerId = await repository.upsertOfferByKey({ ...row, templateIds, endsAt: null });
        for (const code of codes) {
          await repository.insertCodeIfMissing({ ...code, offerId, endsAt: null });
        }
        for (const popup of popups) {
          await repository.insertPopupIfMissing({ ...popup, offerId, endsAt: null });
        }
      }
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
