/**
 * The code step of a two-factor sign-in (spec §4, §5): one numeric input for the 6-digit code
 * from the authenticator app; the sign-in call is repeated with the parked credentials and the
 * code. Wrong, expired and replayed codes come back as field errors ("Code is invalid", "Time
 * expired"); the time until the app shows its next code counts down beside the field.
 */

import { ApiError } from '@croupier/contract/errors';
import { twoFactorCodeField } from '@croupier/contract/validation/fields';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Icon } from '../../ui/icon.tsx';
import { Input } from '../../ui/input.tsx';
import { apiErrorText } from './api-error-text.ts';
import { FormMessage } from './form-controls.tsx';
import { applyServerFieldErrors, localized, type MessageContext } from './form-validation.ts';
import { type ParkedCredentials, resendTimeOf } from './two-factor.ts';
import { useBrowserApi, useSignedIn } from './use-auth-actions.ts';

/** Seconds left from `seconds` at the time `startedAt` changed; ticks once a second, stops at 0. */
function useCountdown(seconds: number | null, startedAt: number): number | null {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (seconds === null) {
      setLeft(null);
      return;
    }
    const deadline = startedAt + seconds * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [seconds, startedAt]);
  return left;
}

export interface TwoFactorFormProps {
  parked: ParkedCredentials;
  context: MessageContext;
  onBack: (message?: string) => void;
}

export function TwoFactorForm({ parked, context, onBack }: TwoFactorFormProps) {
  const { t } = useTranslation('auth');
  const api = useBrowserApi();
  const signedIn = useSignedIn();
  const schema = useMemo(
    () => z.object({ code: localized(z.string(), twoFactorCodeField(), context) }),
    [context],
  );
  const [formError, setFormError] = useState<string | null>(null);
  const [resend, setResend] = useState({ seconds: parked.resendTime, at: Date.now() });
  const secondsLeft = useCountdown(resend.seconds, resend.at);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { code: '' },
  });

  // The step replaces the credentials form in place: focus moves to the code field.
  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(null);
    try {
      await api.call('auth.login', { login: parked.login, password: parked.password, code });
    } catch (error) {
      if (error instanceof ApiError) {
        const next = resendTimeOf(error);
        if (next !== null) setResend({ seconds: next, at: Date.now() });
        // The password stopped matching (changed elsewhere): start again from the credentials.
        if (error.code === 'invalid_credentials') {
          onBack(error.message);
          return;
        }
      }
      if (!applyServerFieldErrors(error, ['code'], setError, context)) {
        setFormError(apiErrorText(error, t('errors.generic')));
      }
      return;
    }
    signedIn('login');
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="two-factor-form">
      <div className="flex items-start gap-3 rounded-xl border border-border bg-raised/60 p-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent/15 text-accent">
          <Icon name="security" />
        </span>
        <div className="min-w-0">
          <h3 className="font-semibold">{t('twoFactor.title')}</h3>
          <p className="mt-1 text-sm leading-relaxed text-muted">{t('twoFactor.text')}</p>
        </div>
      </div>
      <Field
        label={t('fields.code')}
        error={errors.code?.message}
        hint={secondsLeft ? t('twoFactor.nextCode', { count: secondsLeft }) : undefined}
        required
      >
        <Input
          {...register('code')}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          className="amount text-center text-2xl tracking-[0.5em]"
          data-autofocus
        />
      </Field>
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      <Button type="submit" fullWidth loading={isSubmitting}>
        {t('twoFactor.submit')}
      </Button>
      <Button variant="ghost" fullWidth onClick={() => onBack()}>
        {t('twoFactor.back')}
      </Button>
    </form>
  );
}
