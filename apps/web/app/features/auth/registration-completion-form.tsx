/**
 * The registration completion popup's form (spec §4): currency and the auth config's boxes. Its own
 * module, loaded when the popup opens, so its form and validation libraries stay off every page's
 * initial JavaScript (issue #17).
 */
import { localizePath } from '@croupier/contract/locales';
import { requiredCheckboxField } from '@croupier/contract/validation/fields';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useRevalidator } from 'react-router';
import { z } from 'zod';
import { Trans, useTranslation } from '../../i18n/use-translation.tsx';
import type { AuthRootData } from '../../lib/root-data.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { Button } from '../../ui/button.tsx';
import { useCurrentDialog } from '../../ui/dialogs.tsx';
import { Field } from '../../ui/field.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { apiErrorText } from './api-error-text.ts';
import { useAuthRoot } from './auth-root-data.ts';
import { CheckboxField, FormMessage, Select } from './form-controls.tsx';
import { applyServerFieldErrors, localized, type MessageContext } from './form-validation.ts';
import { useBrowserApi, useLogout } from './use-auth-actions.ts';

interface CompletionValues {
  currency: string;
  terms: boolean;
  notify: boolean;
  markBetting: boolean;
}

function CompletionForm({ auth, currency }: { auth: AuthRootData; currency: string }) {
  const { t } = useTranslation('auth');
  const locale = usePageLocale();
  const api = useBrowserApi();
  const toasts = useToasts();
  const revalidator = useRevalidator();
  const dialog = useCurrentDialog();
  const logout = useLogout();
  const registration = auth.config.registration;
  const context = useMemo<MessageContext>(
    () => ({ locale, overrides: auth.validationOverrides }),
    [locale, auth.validationOverrides],
  );
  const schema = useMemo(
    () =>
      z.object({
        currency: z.string(),
        terms: registration.terms.isActive
          ? localized(z.boolean(), requiredCheckboxField(), context)
          : z.boolean(),
        notify: z.boolean(),
        markBetting: z.boolean(),
      }),
    [registration.terms.isActive, context],
  );
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CompletionValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    mode: registration.validationStrategy === 'eager' ? 'onChange' : 'onSubmit',
    defaultValues: {
      currency: auth.currencies.some((entry) => entry.code === currency) ? currency : auth.defaultCurrency,
      terms: registration.terms.isActive && registration.terms.defaultValue,
      notify: registration.notify.isActive && registration.notify.defaultValue,
      markBetting: registration.markBetting.isActive && registration.markBetting.defaultValue,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await api.call('account.completeRegistration', {
        currency: values.currency,
        terms: values.terms === true,
        notify: values.notify,
        markBetting: values.markBetting,
      });
    } catch (error) {
      if (!applyServerFieldErrors(error, ['currency', 'terms', 'notify', 'markBetting'], setError, context)) {
        setFormError(apiErrorText(error, t('errors.generic')));
      }
      return;
    }
    dialog.close({ force: true });
    toasts.show({ kind: 'success', title: t('completion.done') });
    await revalidator.revalidate();
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      data-testid="registration-completion"
    >
      <p className="text-sm leading-relaxed text-muted">{t('completion.text')}</p>
      <Field label={t('fields.currency')} error={errors.currency?.message}>
        <Select {...register('currency')} data-autofocus>
          {auth.currencies.map((entry) => (
            <option key={entry.code} value={entry.code}>
              {entry.code} — {entry.symbol}
            </option>
          ))}
        </Select>
      </Field>
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
                    href={localizePath('/terms', locale)}
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
      {registration.notify.isActive && <CheckboxField {...register('notify')} label={t('register.notify')} />}
      {registration.markBetting.isActive && (
        <CheckboxField {...register('markBetting')} label={t('register.markBetting')} />
      )}
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      <Button type="submit" fullWidth loading={isSubmitting}>
        {t('completion.submit')}
      </Button>
      <Button variant="ghost" fullWidth onClick={() => void logout()}>
        {t('header.logout')}
      </Button>
    </form>
  );
}

export function CompletionBody() {
  const root = useAuthRoot();
  if (!root?.isAuthenticated) return null;
  return <CompletionForm auth={root.auth} currency={root.account.currency} />;
}
