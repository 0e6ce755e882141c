import type { CurrencyInfo, GeneralInfo, LocaleInfo } from '@croupier/contract/metadata/get-general-info';
import { currencyExponent, isKnownCurrency } from '@croupier/money/currencies';
import type { Deps } from '../../deps.ts';
import { createMetadataRepository } from './metadata.repository.ts';
import { SITE_SECTION_STATE } from './site-sections.ts';

/** Cached for a short while: read on every page render, changed rarely by an operator. */
const CACHE_TTL_MS = 10_000;

export function createMetadataService(deps: Pick<Deps, 'db' | 'config' | 'now'>) {
  const repository = createMetadataRepository(deps.db);
  let cache: { at: number; currencies: CurrencyInfo[]; locales: LocaleInfo[] } | undefined;

  async function catalogue() {
    const at = deps.now().getTime();
    if (!cache || at - cache.at > CACHE_TTL_MS) {
      const [currencyRows, localeRows] = await Promise.all([
        repository.activeCurrencies(),
        repository.activeLocales(),
      ]);
      cache = {
        at,
        currencies: currencyRows,
        locales: localeRows.map((row) => ({
          ...row,
          dir: row.dir === 'rtl' ? ('rtl' as const) : ('ltr' as const),
        })),
      };
    }
    return cache;
  }

  return {
    /** Forgets the cached catalogue (an operator changed currencies or locales). */
    dropCache(): void {
      cache = undefined;
    },

    async currencies(): Promise<CurrencyInfo[]> {
      return (await catalogue()).currencies;
    },

    async generalInfo(): Promise<GeneralInfo> {
      const { config } = deps;
      const { currencies, locales } = await catalogue();
      const defaultCurrency = currencies.some((c) => c.code === config.DEFAULT_CURRENCY)
        ? config.DEFAULT_CURRENCY
        : (currencies[0]?.code ?? 'USD');
      return {
        analytic: {
          google_tag_manager_id: config.GTM_ID ?? null,
          is_fraud_scoring_enabled: config.SEON_ENABLED,
        },
        available_currencies: currencies,
        available_locales: locales,
        default_currency: defaultCurrency,
        is_seon_enabled: config.SEON_ENABLED,
        domain_state: config.DOMAIN_STATE,
        domain_type: config.DOMAIN_TYPE,
        time_to_force_logout: config.TIME_TO_FORCE_LOGOUT_SECONDS,
        is_bonus_isolation_enabled: config.BONUS_ISOLATION_ENABLED,
        is_game_history_export_enabled: config.GAME_HISTORY_EXPORT_ENABLED,
        user_inactivity_cashier_time: config.USER_INACTIVITY_CASHIER_SECONDS,
        user_inactivity_pp_time: config.USER_INACTIVITY_PP_SECONDS,
        site_sections: { ...SITE_SECTION_STATE },
      };
    },

    async metadata(apiVersion: string) {
      const { currencies, locales } = await catalogue();
      return { api_version: apiVersion, server_time: deps.now().toISOString(), locales, currencies };
    },

    /** Demo and default reference data; inserts only what is missing. */
    async seed(): Promise<void> {
      const currencyRows = [
        { code: 'EUR', symbol: '€', sortOrder: 1 },
        { code: 'USD', symbol: '$', sortOrder: 2 },
        { code: 'GBP', symbol: '£', sortOrder: 3 },
        { code: 'CAD', symbol: 'CA$', sortOrder: 4 },
        { code: 'JPY', symbol: '¥', sortOrder: 5 },
      ];
      for (const row of currencyRows) {
        await repository.upsertCurrency({ ...row, exponent: currencyExponent(row.code) });
      }
      // The column is a copy for the API and reports; packages/money is the source. A row an
      // operator added or edited by hand must agree with it, or the site does not start.
      const problems = currencyRowProblems(await repository.allCurrencies());
      if (problems.length > 0)
        throw new Error(`currencies table disagrees with ISO 4217: ${problems.join('; ')}`);
      await repository.upsertLocale({
        code: 'en',
        language: 'en-US',
        name: 'English',
        dir: 'ltr',
        sortOrder: 1,
      });
      await repository.upsertLocale({
        code: 'fr',
        language: 'fr-FR',
        name: 'Français',
        dir: 'ltr',
        sortOrder: 2,
      });
      cache = undefined;
    },
  };
}

export type MetadataService = ReturnType<typeof createMetadataService>;

/** Rows of the currencies table whose exponent is not packages/money's (unknown codes included). */
export function currencyRowProblems(rows: readonly { code: string; exponent: number }[]): string[] {
  return rows.flatMap(({ code, exponent }) => {
    if (!isKnownCurrency(code)) return [`${code} is not a known currency`];
    const expected = currencyExponent(code);
    return expected === exponent ? [] : [`${code} has exponent ${exponent}, ISO 4217 says ${expected}`];
  });
}
