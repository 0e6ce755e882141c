/**
 * The social / messenger registration completion popup (spec §4): a player whose account has
 * `is_registration_completed` false gets a non-closable popup on every page until they choose a
 * currency and answer the auth config's boxes (`account.completeRegistration`). The one way out
 * without completing is to log out.
 */

import { localizePath } from '@croupier/contract/locales';
import { requiredCheckboxField } from '@croupier/contract/validation/fields';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { z } from 'zod';
import type { AuthRootData } from '../../lib/root-data.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { Button } from '../../ui/button.tsx';
import { useCurrentDialog, useDialogs } from '../../ui/dialogs.tsx';
import { Field } from '../../ui/field.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { useAuthRoot } from './auth-root-data.ts';
import { CheckboxField, FormMessage, Select } from './form-controls.tsx';
import { apiErrorText, applyServerFieldErrors, localized, type MessageContext } from './form-validation.ts';
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

function CompletionBody() {
  const root = useAuthRoot();
  if (!root?.isAuthenticated) return null;
  return <CompletionForm auth={root.auth} currency={root.account.currency} />;
}

/** Opens the popup while the signed-in account is not complete; on every page, until it is. */
export function RegistrationCompletion() {
  const { t } = useTranslation('auth');
  const root = useAuthRoot();
  const dialogs = useDialogs();
  const openId = useRef<string | null>(null);
  const incomplete = root?.isAuthenticated === true && !root.account.is_registration_completed;
  // The latest dialog API and texts without re-running the effect when other dialogs come and go.
  const latest = useRef({ dialogs, t });
  latest.current = { dialogs, t };

  useEffect(() => {
    const { dialogs: api, t: translate } = latest.current;
    if (!incomplete) return;
    openId.current = api.open({
      title: translate('completion.title'),
      size: 'md',
      closable: false,
      content: <CompletionBody />,
      onClosed: () => {
        openId.current = null;
      },
    });
    return () => {
      if (openId.current) api.close(openId.current, { force: true });
      openId.current = null;
    };
  }, [incomplete]);

  return null;
}
