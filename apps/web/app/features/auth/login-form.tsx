/**
 * The credentials step of sign-in (spec §2, §4): login (email or phone; a leading `+` is dropped
 * before the call) and password. A two-factor account answers `two_factor_required`: the panel
 * then shows the code step with the credentials parked in memory.
 */

import { loginField, passwordField } from '@croupier/contract/validation/fields';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { apiErrorText } from './api-error-text.ts';
import { FormMessage, PasswordInput } from './form-controls.tsx';
import { applyServerFieldErrors, localized, type MessageContext } from './form-validation.ts';
import { isTwoFactorRequired, loginForCall, type ParkedCredentials, resendTimeOf } from './two-factor.ts';
import { useBrowserApi, useSignedIn } from './use-auth-actions.ts';

export interface LoginValues {
  login: string;
  password: string;
}

export function loginSchema(context: MessageContext) {
  return z.object({
    login: localized(z.string(), loginField('emailOrPhone'), context),
    password: localized(z.string(), passwordField(), context),
  });
}

export interface LoginFormProps {
  context: MessageContext;
  eager: boolean;
  onTwoFactor: (parked: ParkedCredentials) => void;
  onForgotPassword: () => void;
}

export function LoginForm({ context, eager, onTwoFactor, onForgotPassword }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const api = useBrowserApi();
  const signedIn = useSignedIn();
  const schema = useMemo(() => loginSchema(context), [context]);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    mode: eager ? 'onChange' : 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { login: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const login = loginForCall(values.login);
    try {
      await api.call('auth.login', { login, password: values.password });
    } catch (error) {
      if (isTwoFactorRequired(error)) {
        onTwoFactor({ login, password: values.password, resendTime: resendTimeOf(error) });
        return;
      }
      if (!applyServerFieldErrors(error, ['login', 'password'], setError, context)) {
        setFormError(apiErrorText(error, t('errors.generic')));
      }
      return;
    }
    signedIn('login');
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="login-form">
      <Field label={t('fields.emailOrPhone')} error={errors.login?.message} required>
        <Input
          {...register('login')}
          type="text"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          data-autofocus
        />
      </Field>
      <Field label={t('fields.password')} error={errors.password?.message} required>
        <PasswordInput {...register('password')} autoComplete="current-password" />
      </Field>
      <button
        type="button"
        onClick={onForgotPassword}
        className="-mt-1 inline-flex min-h-11 items-center self-end rounded-lg text-sm font-semibold text-accent hover:text-accent-hover"
      >
        {t('login.forgotPassword')}
      </button>
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      <Button type="submit" fullWidth loading={isSubmitting}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
