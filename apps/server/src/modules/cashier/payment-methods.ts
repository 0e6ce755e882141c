/**
 * The payment methods a player may use in their currency (with bounds and presets), the banks of a
 * country for a bank transfer, and the seeded methods.
 */
import type { BankOutput } from '@croupier/contract/cashier/get-banks';
import type { PaymentMethodOutput } from '@croupier/contract/cashier/payment-methods';
import type { Locale } from '@croupier/contract/locales';
import { minorUnitsPerMajor } from '@croupier/money/decimal';
import { AppError } from '../../lib/app-error.ts';
import type { MethodLimitRecord } from './cashier.repository.ts';
import type { CashierContext } from './cashier-context.ts';
import { type ProviderBank, ProviderRefusedError, ProviderUnavailableError } from './payment-provider.ts';
import { findLimit, invalidField, REQUISITES } from './request-checks.ts';
import { moneyOf } from './transaction-output.ts';

const BANKS_TTL_MS = 10 * 60 * 1000;
const BANKS_CACHE_MAX_COUNTRIES = 64;

export function createPaymentMethods(
  context: Pick<
    CashierContext,
    'deps' | 'repository' | 'wallet' | 'cms' | 'metadata' | 'facts' | 'requireProvider'
  >,
) {
  const { deps, repository, wallet, cms, metadata, facts, requireProvider } = context;
  const banksCache = new Map<string, { at: number; items: ProviderBank[] }>();

  return {
    async paymentMethods(
      playerId: bigint,
      locale: Locale,
    ): Promise<{ items: PaymentMethodOutput[]; total: number }> {
      const { currency } = await facts(playerId, locale);
      const exponent = await wallet.exponentOf(currency);
      const info = new Map(
        (await cms.getConfig(locale))['cashier-config'].paymentMethods.map((entry) => [entry.sysname, entry]),
      );
      const items: PaymentMethodOutput[] = [];
      for (const method of await repository.listActiveMethods()) {
        const deposit = findLimit(method, currency, 'deposit');
        const withdrawal = findLimit(method, currency, 'withdrawal');
        if (!deposit && !withdrawal) continue;
        const text = info.get(method.sysname);
        items.push({
          sysname: method.sysname,
          title: text?.title ?? method.sysname,
          description: text?.description ?? '',
          icons: text?.icons ?? [],
          min_max_text: text?.minMaxText ?? '',
          currency,
          deposit: deposit
            ? {
                min: moneyOf(deposit.minMinor, currency, exponent),
                max: moneyOf(deposit.maxMinor, currency, exponent),
                presets: deposit.presetsMinor.map((value) => moneyOf(value, currency, exponent)),
              }
            : null,
          withdrawal: withdrawal
            ? {
                min: moneyOf(withdrawal.minMinor, currency, exponent),
                max: moneyOf(withdrawal.maxMinor, currency, exponent),
                period_max:
                  withdrawal.periodMaxMinor === null
                    ? null
                    : moneyOf(withdrawal.periodMaxMinor, currency, exponent),
                period_hours: withdrawal.periodHours,
              }
            : null,
          deposit_requisites: REQUISITES[method.providerMethod].deposit,
          withdrawal_requisites: REQUISITES[method.providerMethod].withdrawal,
        });
      }
      return { items, total: items.length };
    },

    // --- banks -----------------------------------------------------------------------------------

    async banks(
      playerId: bigint,
      country: string | undefined,
      locale: Locale,
    ): Promise<{ items: BankOutput[]; total: number }> {
      const code = country ?? (await facts(playerId, locale)).countryCode ?? 'FR';
      const at = deps.now().getTime();
      const cached = banksCache.get(code);
      if (cached && at - cached.at < BANKS_TTL_MS) return { items: cached.items, total: cached.items.length };
      let items: ProviderBank[];
      try {
        items = await requireProvider().listBanks(code);
      } catch (error) {
        if (error instanceof ProviderRefusedError)
          throw invalidField('country', 'unsupported', 'cashier.country_unsupported');
        if (error instanceof ProviderUnavailableError) {
          throw new AppError('BillingUnavailableException', {
            code: 'provider_unavailable',
            message: 'cashier.provider_unavailable',
          });
        }
        throw error;
      }
      // Bounded: past the cap the oldest country is forgotten.
      if (banksCache.size >= BANKS_CACHE_MAX_COUNTRIES && !banksCache.has(code)) {
        const oldest = banksCache.keys().next().value;
        if (oldest !== undefined) banksCache.delete(oldest);
      }
      banksCache.set(code, { at, items });
      return { items, total: items.length };
    },

    // --- seed ------------------------------------------------------------------------------------

    /** Card and bank transfer in every seeded currency; inserts only what is missing. */
    async seed(): Promise<void> {
      const now = deps.now();
      await repository.ensureSettings(now);
      await repository.upsertMethod({ sysname: 'card', providerMethod: 'card', sortOrder: 1 });
      await repository.upsertMethod({
        sysname: 'bank_transfer',
        providerMethod: 'bank_transfer',
        sortOrder: 2,
      });
      const currencies = await metadata.currencies();
      for (const { code, exponent } of currencies) {
        // Bounds in major units for two-decimal currencies; yen is worth about a hundredth.
        const unit = exponent === 0 ? 150n : minorUnitsPerMajor(exponent);
        const major = (values: number[]) => values.map((value) => BigInt(value) * unit);
        const rows: (MethodLimitRecord & { method: string })[] = [
          {
            method: 'card',
            currency: code,
            direction: 'deposit',
            minMinor: 10n * unit,
            maxMinor: 5_000n * unit,
            periodMaxMinor: null,
            periodHours: 24,
            presetsMinor: major([10, 25, 50, 100, 250]),
          },
          {
            method: 'card',
            currency: code,
            direction: 'withdrawal',
            minMinor: 20n * unit,
            maxMinor: 5_000n * unit,
            periodMaxMinor: 10_000n * unit,
            periodHours: 24,
            presetsMinor: [],
          },
          {
            method: 'bank_transfer',
            currency: code,
            direction: 'deposit',
            minMinor: 20n * unit,
            maxMinor: 20_000n * unit,
            periodMaxMinor: null,
            periodHours: 24,
            presetsMinor: major([50, 100, 500, 1_000]),
          },
          {
            method: 'bank_transfer',
            currency: code,
            direction: 'withdrawal',
            minMinor: 20n * unit,
            maxMinor: 20_000n * unit,
            periodMaxMinor: 50_000n * unit,
            periodHours: 24,
            presetsMinor: [],
          },
        ];
        for (const row of rows) await repository.insertMethodLimitIfMissing(row);
      }
    },
  };
}
