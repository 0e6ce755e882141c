/**
 * Account preferences: the public nickname (fake name, `account.changefakename`), the account
 * language (`account.changelocale`, then the site itself switches language on the same page) and
 * the currency (`account.setCurrency`, allowed only until money has moved on the account: the
 * server's currencyLocked answer is shown under the field).
 */

import { LOCALES, type Locale, normalizeLocale } from '@croupier/contract/locales';
import type { CurrencyInfo } from '@croupier/contract/metadata/get-general-info';
import { fakeNameField } from '@croupier/contract/validation/fields';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { saveLocaleChoice } from '../../lib/locale-cookie.ts';
import { switchLocaleHref } from '../../lib/locale-paths.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { toApiFailure } from './api-failure.ts';
import { useMessageOf } from './form-settings.tsx';
import { ProfileCard } from './profile-card.tsx';
import { Select } from './select.tsx';
import { mapServerFieldErrors } from './server-field-errors.ts';
import { usePlayerApi } from './use-player-api.ts';
import { useSharedForm } from './use-shared-form.ts';

export interface AccountCardProps {
  fakename: string | null;
  accountLocale: string;
  currency: string;
  currencies: readonly CurrencyInfo[];
}

export function AccountCard({ fakename, accountLocale, currency, currencies }: AccountCardProps) {
  const { t } = useTranslation('profile');
  return (
    <ProfileCard id="account" title={t('account.title')} description={t('account.description')}>
      <div className="grid gap-6 laptop:grid-cols-3 laptop:gap-8">
        <FakeNameForm fakename={fakename} />
        <LocaleForm accountLocale={accountLocale} />
        <CurrencyForm currency={currency} currencies={currencies} />
      </div>
    </ProfileCard>
  );
}

const fakeNameSchema = z.object({ fakename: fakeNameField() });

function FakeNameForm({ fakename }: { fakename: string | null }) {
  const { t } = useTranslation('profile');
  const toasts = useToasts();
  const messageOf = useMessageOf();
  const { api, refresh } = usePlayerApi();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useSharedForm(fakeNameSchema, { fakename: fakename ?? '' });

  const onSubmit = handleSubmit(async (output) => {
    try {
      await api.call('account.changefakename', output);
      reset({ fakename: output.fakename });
      toasts.show({ kind: 'success', title: t('account.fakenameSaved') });
      await refresh();
    } catch (error) {
      const mapped = mapServerFieldErrors(error, ['fakename'], messageOf);
      if (mapped.fields.fakename) {
        setError('fakename', { type: 'server', message: mapped.fields.fakename }, { shouldFocus: true });
      } else {
        toasts.show({ kind: 'error', title: t('errors.saveData'), text: mapped.failure?.message });
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <Field label={t('account.fakename')} hint={t('account.fakenameHint')} error={errors.fakename?.message}>
        <Input
          {...register('fakename')}
          defaultValue={fakename ?? ''}
          autoComplete="nickname"
          data-testid="fakename"
        />
      </Field>
      <Button
        type="submit"
        variant="secondary"
        loading={isSubmitting}
        className="self-start"
        data-testid="fakename-save"
      >
        {t('account.save')}
      </Button>
    </form>
  );
}

function LocaleForm({ accountLocale }: { accountLocale: string }) {
  const { t } = useTranslation('profile');
  const { t: tCommon } = useTranslation('common');
  const toasts = useToasts();
  const pageLocale = usePageLocale();
  const { api, refresh } = usePlayerApi();
  const [choice, setChoice] = useState<Locale>(normalizeLocale(accountLocale) ?? pageLocale);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await api.call('account.changelocale', { locale: choice });
      saveLocaleChoice(choice);
      if (choice !== pageLocale) {
        // Each language is its own URL with its own bundle: load the same page in the new one.
        window.location.assign(switchLocaleHref(window.location, choice));
        return;
      }
      toasts.show({ kind: 'success', title: t('account.localeSaved') });
      await refresh();
    } catch (error) {
      toasts.show({ kind: 'error', title: t('errors.saveData'), text: toApiFailure(error)?.message });
    }
    setBusy(false);
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-3 border-t border-border pt-6 laptop:border-t-0 laptop:pt-0"
    >
      <Field label={t('account.locale')} hint={t('account.localeHint')}>
        <Select
          value={choice}
          onChange={(event) => setChoice(normalizeLocale(event.target.value) ?? pageLocale)}
          data-testid="account-locale"
        >
          {LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {tCommon(`languages.${locale}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Button
        type="submit"
        variant="secondary"
        loading={busy}
        className="self-start"
        data-testid="locale-save"
      >
        {t('account.save')}
      </Button>
    </form>
  );
}

function CurrencyForm({ currency, currencies }: { currency: string; currencies: readonly CurrencyInfo[] }) {
  const { t } = useTranslation('profile');
  const toasts = useToasts();
  const messageOf = useMessageOf();
  const { api, refresh } = usePlayerApi();
  const [choice, setChoice] = useState(currency);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.call('account.setCurrency', { currency: choice });
      toasts.show({ kind: 'success', title: t('account.currencySaved', { currency: choice }) });
      await refresh();
    } catch (failure) {
      const mapped = mapServerFieldErrors(failure, ['currency'], messageOf);
      if (mapped.fields.currency) setError(mapped.fields.currency);
      else toasts.show({ kind: 'error', title: t('errors.saveData'), text: mapped.failure?.message });
    }
    setBusy(false);
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-3 border-t border-border pt-6 laptop:border-t-0 laptop:pt-0"
    >
      <Field label={t('account.currency')} hint={t('account.currencyHint')} error={error}>
        <Select
          value={choice}
          onChange={(event) => {
            setChoice(event.target.value);
            setError(null);
          }}
          data-testid="account-currency"
        >
          {currencies.map((option) => (
            <option key={option.code} value={option.code}>
              {`${option.code} (${option.symbol})`}
            </option>
          ))}
        </Select>
      </Field>
      <Button
        type="submit"
        variant="secondary"
        loading={busy}
        className="self-start"
        data-testid="currency-save"
      >
        {t('account.save')}
      </Button>
    </form>
  );
}
