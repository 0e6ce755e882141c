/**
 * Profile: personal data with the age gate, the fields the site asks for, fakename, locale,
 * currency, and the reference exchange rates (`seed` writes them; it shares their base currency).
 */
import type { CurrencyRate } from '@croupier/contract/account/get-currency-rates';
import type { PersonalDataField } from '@croupier/contract/account/get-personal-data-fields';
import type { Locale } from '@croupier/contract/locales';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { interpolate } from '../../lib/interpolate.ts';
import type { MetadataService } from '../metadata/metadata.service.ts';
import type { AccountSupport } from './account-support.ts';
import { accountMessages, fieldError } from './accounts.messages.ts';
import type { createAccountsRepository, ProfilePatch } from './accounts.repository.ts';
import type { ProfileInput } from './accounts-model.ts';
import { minimumAgeFor } from './minimum-age.ts';

type AccountsRepository = ReturnType<typeof createAccountsRepository>;

/** Rates are stored against this currency; every pair is derived from it exactly (SQL numeric). */
const RATE_BASE = 'EUR';

export interface ProfileContext {
  deps: Pick<Deps, 'config' | 'now'>;
  repository: AccountsRepository;
  metadata: MetadataService;
  support: AccountSupport;
}

export function createProfile({ deps, repository, metadata, support }: ProfileContext) {
  const { availableCurrency, hasMoneyMovements, playerOrThrow, checkAge, realMoneyAgeRefusal, getProfile } =
    support;

  return {
    getProfile,

    realMoneyAgeRefusal,

    /**
     * The age gate of real money (deposits, real-money game sessions): a licensed casino knows a
     * player's age before taking their money, so no birth date on the profile is
     * UserNeedProfileDataException (`birth_date_required`: the player fills it in their profile),
     * and one under the minimum age of their country is AccessDeniedException (`under_age`).
     * `data` carries the minimum age and the profile field to fill.
     */
    async requireRealMoneyAge(playerId: bigint, locale: Locale): Promise<void> {
      const refusal = await realMoneyAgeRefusal(playerId);
      if (!refusal) return;
      const data = { minimum_age: refusal.minimumAge, fields: ['birth_date'], link: '/profile/settings' };
      // Written out here: the cashier's and the launcher's error paths do not know accounts keys.
      const message = interpolate(accountMessages[locale][`account.${refusal.reason}`], {
        age: refusal.minimumAge,
      });
      throw new AppError(
        refusal.reason === 'birth_date_required' ? 'UserNeedProfileDataException' : 'AccessDeniedException',
        { code: refusal.reason, message, data },
      );
    },

    async saveProfile(playerId: bigint, input: ProfileInput): Promise<void> {
      // The birth date and the country decide the minimum age: judge what the profile will hold.
      if (input.birth_date !== undefined || input.country_code !== undefined) {
        const [player, profile] = await Promise.all([
          playerOrThrow(playerId),
          repository.findProfile(playerId),
        ]);
        const birthDate = input.birth_date ?? profile?.birthDate ?? null;
        const country = input.country_code ?? player.countryCode;
        if (birthDate !== null) {
          checkAge(input.birth_date !== undefined ? 'birth_date' : 'country_code', birthDate, country);
        }
      }
      const patch: ProfilePatch = {};
      if (input.first_name !== undefined) patch.firstName = input.first_name;
      if (input.last_name !== undefined) patch.lastName = input.last_name;
      if (input.sex !== undefined) patch.sex = input.sex;
      if (input.birth_date !== undefined) patch.birthDate = input.birth_date;
      if (input.country !== undefined) patch.country = input.country;
      if (input.region !== undefined) patch.region = input.region;
      if (input.home_town !== undefined) patch.homeTown = input.home_town;
      if (input.address !== undefined) patch.address = input.address;
      if (input.postcode !== undefined) patch.postcode = input.postcode;
      const now = deps.now();
      await repository.transaction(async (repo) => {
        await repo.upsertProfile(playerId, patch, now);
        if (input.cpf !== undefined) await repo.upsertDocument(playerId, 'cpf', input.cpf, now);
        if (input.country_code !== undefined)
          await repo.updatePlayer(playerId, { countryCode: input.country_code });
      });
    },

    async personalDataFields(playerId: bigint): Promise<{ items: PersonalDataField[]; total: number }> {
      const profile = (await getProfile(playerId)).fields;
      const filled = (value: string | number | null) => value !== null && value !== '' && value !== 0;
      const items: PersonalDataField[] = [
        {
          name: 'first_name',
          check: 'first_name',
          required: true,
          editable: true,
          filled: filled(profile.first_name),
        },
        {
          name: 'last_name',
          check: 'last_name',
          required: true,
          editable: true,
          filled: filled(profile.last_name),
        },
        { name: 'sex', check: 'sex', required: true, editable: true, filled: filled(profile.sex) },
        {
          name: 'birth_date',
          check: 'birth_date',
          required: true,
          editable: true,
          filled: filled(profile.birth_date),
          minimum_age: minimumAgeFor(deps.config, profile.country_code),
        },
        {
          name: 'cpf',
          check: 'documentNumber',
          required: false,
          editable: true,
          filled: filled(profile.cpf),
        },
        { name: 'country', check: 'text', required: false, editable: true, filled: filled(profile.country) },
        {
          name: 'country_code',
          check: 'country_code',
          required: true,
          editable: true,
          filled: filled(profile.country_code),
        },
        { name: 'region', check: 'text', required: false, editable: true, filled: filled(profile.region) },
        {
          name: 'home_town',
          check: 'text',
          required: true,
          editable: true,
          filled: filled(profile.home_town),
        },
        {
          name: 'address',
          check: 'address',
          required: true,
          editable: true,
          filled: filled(profile.address),
        },
        {
          name: 'postcode',
          check: 'postcode',
          required: true,
          editable: true,
          filled: filled(profile.postcode),
        },
      ];
      return { items, total: items.length };
    },

    async changeFakename(playerId: bigint, fakename: string): Promise<void> {
      await repository.updatePlayer(playerId, { fakename });
    },

    async changeLocale(playerId: bigint, locale: Locale): Promise<void> {
      await repository.updatePlayer(playerId, { locale });
    },

    async setCurrency(playerId: bigint, code: string): Promise<void> {
      const currency = await availableCurrency(code);
      if (await hasMoneyMovements(playerId)) {
        throw fieldError('currency', 'currencyLocked', 'account.currency_locked');
      }
      await repository.updatePlayer(playerId, { currency });
    },

    async currencyRates(): Promise<{ items: CurrencyRate[]; total: number }> {
      const codes = (await metadata.currencies()).map((c) => c.code);
      const items = await repository.crossRates(codes, RATE_BASE);
      return { items, total: items.length };
    },

    /** Reference exchange rates (display only); inserts only what is missing. */
    async seed(): Promise<void> {
      const now = deps.now();
      const rates: [string, string][] = [
        ['USD', '1.08'],
        ['GBP', '0.85'],
        ['CAD', '1.47'],
        ['JPY', '162.50'],
      ];
      for (const [quote, rate] of rates) await repository.insertRateIfMissing(RATE_BASE, quote, rate, now);
    },
  };
}
