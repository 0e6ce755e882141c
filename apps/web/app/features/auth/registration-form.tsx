/**
 * The sign-up form (spec §2, §3 auth config, §5): login as an email or a phone per
 * `registration.loginType`, password, currency from the available ones (the default preselected),
 * the terms / notify / markBetting boxes the config turns on (terms must be ticked when active),
 * and the promo code field (per showPromocode / showPromoFieldByDefault, prefilled from the
 * `promo_code` kept in localStorage), and the loyalty character picker (`showCharacterSelect`, when
 * the root loader found characters).
 *
 * Fields are checked with the shared rules, as the player types or on submit per
 * `registration.validationStrategy`; the server's field errors land on the same fields.
 */

import { localizePath } from '@croupier/contract/locales';
import {
  birthDateField,
  loginField,
  newPasswordField,
  optional,
  requiredCheckboxField,
} from '@croupier/contract/validation/fields';
import { DEFAULT_MINIMUM_AGE } from '@croupier/contract/validation/rules';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Trans, useTranslation } from '../../i18n/use-translation.tsx';
import { type AuthRootData, useRootLoaderData } from '../../lib/root-data.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import {
  promoCodeErrorCodes,
  promoCodeFailureKey,
  sendPromoNotFound,
} from '../campaigns/promo-code-failure.ts';
import { useOpenLimitPrompt } from '../responsible-gaming/limit-prompt.tsx';
import { apiErrorText } from './api-error-text.ts';
import { PROMO_CODE_STORAGE_KEY, storedPromoCode } from './attribution.ts';
import { CharacterPicker } from './character-picker.tsx';
import { CheckboxField, FormMessage, PasswordInput, Select } from './form-controls.tsx';
import { applyServerFieldErrors, localized, type MessageContext } from './form-validation.ts';
import { useBrowserApi, useSignedIn } from './use-auth-actions.ts';

export interface RegistrationValues {
  login: string;
  password: string;
  currency: string;
  terms: boolean;
  notify: boolean;
  markBetting: boolean;
  promo_code: string;
  /** A loyalty character id, or '' (choose later); absent where the form offers none. */
  character?: string;
  /** Optional here (asked before the first deposit otherwise); when typed, of age. */
  birth_date: string;
}

const FORM_FIELDS = [
  'login',
  'password',
  'currency',
  'terms',
  'notify',
  'markBetting',
  'promo_code',
  'character',
  'birth_date',
] as const;

export function registrationSchema(config: AuthRootData['config']['registration'], context: MessageContext) {
  return z.object({
    login: localized(z.string(), loginField(config.loginType), context),
    password: localized(z.string(), newPasswordField(), context),
    currency: z.string(),
    terms: config.terms.isActive ? localized(z.boolean(), requiredCheckboxField(), context) : z.boolean(),
    notify: z.boolean(),
    markBetting: z.boolean(),
    promo_code: z.string().trim(),
    character: z.string().optional(),
    // The site's minimum age; the server applies the configured one and says it in its message.
    birth_date: localized(z.string(), optional(birthDateField({ minimumAge: DEFAULT_MINIMUM_AGE })), context),
  });
}

function readStoredPromoCode(): string {
  return typeof window === 'undefined' ? '' : storedPromoCode(window.localStorage);
}

export function RegistrationForm({ auth }: { auth: AuthRootData }) {
  const { t } = useTranslation('auth');
  const { t: tCampaigns } = useTranslation('campaigns');
  const locale = usePageLocale();
  const api = useBrowserApi();
  const toasts = useToasts();
  const signedIn = useSignedIn();
  const openLimitPrompt = useOpenLimitPrompt();
  const registration = auth.config.registration;
  const offeredCharacters = useRootLoaderData()?.loyalty?.characters;
  const characters = registration.showCharacterSelect ? (offeredCharacters ?? []) : [];
  const context = useMemo<MessageContext>(
    () => ({ locale, overrides: auth.validationOverrides }),
    [locale, auth.validationOverrides],
  );
  const schema = useMemo(() => registrationSchema(registration, context), [registration, context]);
  const [formError, setFormError] = useState<string | null>(null);
  const [promoOpen, setPromoOpen] = useState(registration.showPromoFieldByDefault);
  const [promoFocusRequested, setPromoFocusRequested] = useState(false);

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<RegistrationValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    mode: registration.validationStrategy === 'eager' ? 'onChange' : 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      login: '',
      password: '',
      currency: auth.defaultCurrency,
      terms: registration.terms.isActive && registration.terms.defaultValue,
      notify: registration.notify.isActive && registration.notify.defaultValue,
      markBetting: registration.markBetting.isActive && registration.markBetting.defaultValue,
      promo_code: '',
      character: '',
      birth_date: '',
    },
  });

  // The kept promo code lives in this browser only, so it is filled in after hydration.
  useEffect(() => {
    if (!registration.showPromocode) return;
    const stored = readStoredPromoCode();
    if (stored === '') return;
    setValue('promo_code', stored);
    setPromoOpen(true);
  }, [registration.showPromocode, setValue]);

  // "I have a promo code" swaps itself for the field; focus follows so keyboard users stay in place.
  useEffect(() => {
    if (promoFocusRequested && promoOpen) setFocus('promo_code');
  }, [promoFocusRequested, promoOpen, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await api.call('auth.register', {
        login: values.login,
        password: values.password,
        currency: values.currency,
        terms: values.terms === true,
        notify: values.notify,
        markBetting: values.markBetting,
        ...(registration.showPromocode && values.promo_code !== '' ? { promo_code: values.promo_code } : {}),
        ...(values.birth_date ? { birth_date: values.birth_date } : {}),
        ...(characters.length > 0 && values.character ? { character: Number(values.character) } : {}),
      });
    } catch (error) {
      const onFields = applyServerFieldErrors(error, FORM_FIELDS, setError, context);
      // Spec §8: a promo-code failure shows the promo-code text of its first code (fallback INVALID).
      const promoKey = promoCodeErrorCodes(error).length > 0 ? promoCodeFailureKey(error) : null;
      if (promoKey) {
        setError('promo_code', { type: 'server', message: tCampaigns(promoKey) });
        void sendPromoNotFound(api, values.promo_code, promoCodeErrorCodes(error)[0] ?? 'INVALID');
      }
      if (!onFields && !promoKey) setFormError(apiErrorText(error, t('errors.generic')));
      return;
    }
    // The kept sign-up code went with the registration (the server applies it now or at the first deposit).
    if (registration.showPromocode && values.promo_code !== '') {
      window.localStorage.removeItem(PROMO_CODE_STORAGE_KEY);
    }
    toasts.show({ kind: 'success', title: t('register.success') });
    signedIn('register');
    // The limit prompt (ADR 029), once the auth popup has gone.
    openLimitPrompt(values.currency);
  });

  const isPhone = registration.loginType === 'phone';
  const termsHref = localizePath('/terms', locale);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="registration-form">
      <Field
        label={isPhone ? t('fields.phone') : t('fields.email')}
        error={errors.login?.message}
        hint={isPhone ? t('fields.phoneHint') : undefined}
        required
      >
        <Input
          {...register('login')}
          type={isPhone ? 'tel' : 'email'}
          inputMode={isPhone ? 'tel' : 'email'}
          autoComplete={isPhone ? 'tel' : 'email'}
          autoCapitalize="none"
          spellCheck={false}
          data-autofocus
        />
      </Field>
      <Field
        label={t('fields.password')}
        error={errors.password?.message}
        hint={t('fields.passwordHint')}
        required
      >
        <PasswordInput {...register('password')} autoComplete="new-password" />
      </Field>
      <Field
        label={t('fields.birthDate')}
        error={errors.birth_date?.message}
        hint={t('fields.birthDateHint', { age: DEFAULT_MINIMUM_AGE })}
      >
        <Input
          {...register('birth_date')}
          autoComplete="bday"
          inputMode="numeric"
          placeholder={t('fields.birthDatePlaceholder')}
          data-testid="registration-birth_date"
        />
      </Field>
      <Field label={t('fields.currency')} error={errors.currency?.message}>
        <Select {...register('currency')}>
          {auth.currencies.map((currency) => (
            <option key={currency.code} value={currency.code}>
              {currency.code} — {currency.symbol}
            </option>
          ))}
        </Select>
      </Field>

      {registration.showPromocode &&
        (promoOpen ? (
          <Field label={t('fields.promoCode')} error={errors.promo_code?.message}>
            <Input
              {...register('promo_code')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
          </Field>
        ) : (
          <button
            type="button"
            onClick={() => {
              setPromoOpen(true);
              setPromoFocusRequested(true);
            }}
            className="-my-1 inline-flex min-h-11 items-center gap-2 self-start rounded-lg text-sm font-semibold text-accent hover:text-accent-hover"
          >
            <span aria-hidden="true">+</span>
            {t('register.havePromoCode')}
          </button>
        ))}

      {characters.length > 0 && (
        <CharacterPicker
          characters={characters}
          field={register('character')}
          error={errors.character?.message}
        />
      )}

      {(registration.terms.isActive || registration.notify.isActive || registration.markBetting.isActive) && (
        <div className="flex flex-col gap-3 pt-1">
          {registration.terms.isActive && (
            <CheckboxField
              {...register('terms')}
              required
              error={errors.terms?.message}
              label={
                <Trans
                  t={t}
                  i18nKey="register.terms"
                  components={{
                    terms: (
                      // biome-ignore lint/a11y/useAnchorContent: Trans puts the link text in.
                      <a
                        href={termsHref}
                        target="_blank"
                        rel="noopener"
                        className="font-semibold text-accent underline-offset-2 hover:underline"
                      />
                    ),
                  }}
                />
              }
            />
          )}
          {registration.notify.isActive && (
            <CheckboxField {...register('notify')} label={t('register.notify')} />
          )}
          {registration.markBetting.isActive && (
            <CheckboxField {...register('markBetting')} label={t('register.markBetting')} />
          )}
        </div>
      )}

      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      <Button type="submit" fullWidth loading={isSubmitting} className="mt-1">
        {t('register.submit')}
      </Button>
    </form>
  );
}
