/**
 * What every part of the cashier shares, built once by `createCashierService` (the composition
 * root): its dependencies, the repository, the provider, and the few lookups every flow makes (the
 * player's facts, currency exponents, a method and its bounds). Each part takes a narrow `Pick` of
 * it, so its file says what it uses.
 */
import type { Locale } from '@croupier/contract/locales';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { CmsService } from '../cms/cms.service.ts';
import type { MetadataService } from '../metadata/metadata.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { CashierRepository, MethodLimitRecord, MethodRecord } from './cashier.repository.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { findLimit, invalidField } from './request-checks.ts';

export interface PspSettings {
  baseUrl: string;
  apiKey: string;
  webhookSecret: string;
}

export interface PlayerFacts {
  currency: string;
  email: string | null;
  loginConfirmed: boolean;
  verified: boolean;
  kycBlock: boolean;
  countryCode: string | null;
}

export type CashierDeps = Pick<Deps, 'db' | 'config' | 'log' | 'now' | 'jobs'>;

/**
 * Deposit offers (ADR 021), given by the container (the cashier does not know campaigns): `check`
 * refuses an offer that cannot go with this deposit (a typed error on `campaign_offer_id`);
 * `creditedTask` is the job enqueued in the credit transaction of a deposit made with an offer.
 */
export interface DepositOfferHooks {
  check(input: {
    playerId: bigint;
    offerId: bigint;
    method: string;
    currency: string;
    amountMinor: bigint;
    locale: Locale;
  }): Promise<void>;
  creditedTask: string;
  /**
   * The promo code kept from sign-up and not redeemed yet waits for the player's first credited
   * deposit (ADR 021): true when a deposit made now is marked so that its credit enqueues
   * `signUpCodeTask` (asked at `cashier.makedeposit`, never on the webhook's fast path).
   */
  signUpCodePending?: (playerId: bigint) => Promise<boolean>;
  /** The job enqueued in that credit's transaction; payload `CreditedDepositForCode`. */
  signUpCodeTask?: string;
}

/** The payload of `signUpCodeTask`. */
export interface CreditedDepositForCode {
  transactionId: string;
  playerId: string;
  currency: string;
  amountMinor: string;
}

/** The payload of `creditedTask`. */
export interface CreditedDepositOffer {
  transactionId: string;
  playerId: string;
  offerId: string;
  currency: string;
  amountMinor: string;
}

export interface CashierContext {
  deps: CashierDeps;
  repository: CashierRepository;
  wallet: WalletService;
  accounts: AccountsService;
  cms: CmsService;
  metadata: MetadataService;
  /** Null: no provider configured (payments answer BillingUnavailableException). */
  psp: PspSettings | null;
  provider: PaymentProvider | null;
  depositOffers: DepositOfferHooks | null;
  /** Refuses a deposit of a player who may only withdraw now (responsible gaming, ADR 025). */
  depositGate: ((playerId: bigint) => Promise<void>) | null;
  /** The origin the provider calls back (webhooks). */
  origin(): string;
  /** The host a transaction was made on, stored with it. */
  siteDomain(): string;
  requireProvider(): PaymentProvider;
  facts(playerId: bigint, locale: Locale): Promise<PlayerFacts>;
  pinCurrency(playerId: bigint, currency: string): Promise<void>;
  exponents(): Promise<Map<string, number>>;
  methodFor(
    sysname: string,
    currency: string,
    direction: 'deposit' | 'withdrawal',
  ): Promise<{ method: MethodRecord; limit: MethodLimitRecord }>;
}

export function createCashierContext(
  parts: Pick<
    CashierContext,
    | 'deps'
    | 'repository'
    | 'wallet'
    | 'accounts'
    | 'cms'
    | 'metadata'
    | 'psp'
    | 'provider'
    | 'depositOffers'
    | 'depositGate'
  >,
): CashierContext {
  const { deps, repository, wallet, accounts, metadata, provider } = parts;

  function origin(): string {
    return (deps.config.PUBLIC_URL ?? `http://127.0.0.1:${deps.config.PORT}`).replace(/\/+$/, '');
  }

  function siteDomain(): string {
    return new URL(origin()).host;
  }

  function requireProvider(): PaymentProvider {
    if (!provider) {
      throw new AppError('BillingUnavailableException', {
        code: 'provider_not_configured',
        message: 'cashier.provider_unavailable',
      });
    }
    return provider;
  }

  async function facts(playerId: bigint, locale: Locale): Promise<PlayerFacts> {
    const info = await accounts.getInfo(playerId, locale);
    return {
      currency: info.currency,
      email: info.login_type === 'email' ? info.login : null,
      loginConfirmed: info.is_login_confirmed,
      verified: info.is_verified,
      kycBlock: info.is_kyc_block_enabled,
      countryCode: info.country_code,
    };
  }

  /**
   * Before the first money fact, writes the currency the player sees (possibly the site default)
   * onto the account, so a later change of the site default cannot show their money in another
   * currency; the wallet's lock then keeps it.
   */
  async function pinCurrency(playerId: bigint, currency: string): Promise<void> {
    if (await wallet.hasMoneyMovements(playerId)) return;
    try {
      await accounts.setCurrency(playerId, currency);
    } catch (error) {
      // A concurrent request of the same player pinned it a moment ago: that is all we wanted.
      if (!(error instanceof AppError && error.fields?.currency === 'currencyLocked')) throw error;
    }
  }

  async function exponents(): Promise<Map<string, number>> {
    return new Map((await metadata.currencies()).map((c) => [c.code, c.exponent]));
  }

  async function methodFor(
    sysname: string,
    currency: string,
    direction: 'deposit' | 'withdrawal',
  ): Promise<{ method: MethodRecord; limit: MethodLimitRecord }> {
    const method = (await repository.listActiveMethods()).find((m) => m.sysname === sysname);
    const limit = method ? findLimit(method, currency, direction) : undefined;
    if (!method || !limit) throw invalidField('method', 'unsupported', 'cashier.method_unsupported');
    return { method, limit };
  }

  return {
    ...parts,
    origin,
    siteDomain,
    requireProvider,
    facts,
    pinCurrency,
    exponents,
    methodFor,
  };
}
