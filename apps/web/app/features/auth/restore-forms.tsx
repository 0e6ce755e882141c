/**
 * Password recovery (spec §7 `auth.restore`): the request form (an email; the answer is the same
 * whether an account has it or not, so nobody learns who plays here) and the completion form the
 * emailed link opens at `/forms/sign_in?restore_token=…` (new password twice). An expired or used
 * link says so and offers a new one.
 */

import { ApiError } from '@croupier/contract/errors';
import { emailField, issueToMessage, newPasswordField } from '@croupier/contract/validation/fields';
import { validateRepeatPassword } from '@croupier/contract/validation/rules';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { apiErrorText } from './api-error-text.ts';
import { FormMessage, PasswordInput } from './form-controls.tsx';
import { applyServerFieldErrors, localized, type MessageContext } from './form-validation.ts';
import { useBrowserApi } from './use-auth-actions.ts';

export interface RestoreRequestFormProps {
  context: MessageContext;
  eager: boolean;
  onBack: () => void;
}

export function RestoreRequestForm({ context, eager, onBack }: RestoreRequestFormProps) {
  const { t } = useTranslation('auth');
  const api = useBrowserApi();
  const schema = useMemo(() => z.object({ email: localized(z.string(), emailField(), context) }), [context]);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    mode: eager ? 'onChange' : 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
  });

  useEffect(() => setFocus('email'), [setFocus]);

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      await api.call('auth.restore', { email });
    } catch (error) {
      if (!applyServerFieldErrors(error, ['email'], setError, context)) {
        setFormError(apiErrorText(error, t('errors.generic')));
      }
      return;
    }
    setSentTo(email);
  });

  if (sentTo !== null) {
    return (
      <div className="flex flex-col gap-4" data-testid="restore-sent">
        <FormMessage tone="success">{t('restore.sent', { email: sentTo })}</FormMessage>
        <Button variant="secondary" fullWidth onClick={onBack}>
          {t('restore.backToLogin')}
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="restore-request-form">
      <div>
        <h3 className="font-semibold">{t('restore.title')}</h3>
        <p className="mt-1 text-sm leading-relaxed text-muted">{t('restore.text')}</p>
      </div>
      <Field label={t('fields.email')} error={errors.email?.message} required>
        <Input
          {...register('email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
        />
      </Field>
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      <Button type="submit" fullWidth loading={isSubmitting}>
        {t('restore.submit')}
      </Button>
      <Button variant="ghost" fullWidth onClick={onBack}>
        {t('restore.backToLogin')}
      </Button>
    </form>
  );
}

interface RestoreCompleteValues {
  password: string;
  repeatPassword: string;
}

/**
 * Both rules judge the raw texts, so a mismatch shows on the repeat field even while the new
 * password itself still has a problem.
 */
export function restoreCompleteSchema(context: MessageContext) {
  const passwordRule = newPasswordField();
  return z.object({ password: z.string(), repeatPassword: z.string() }).superRefine((values, ctx) => {
    const password = passwordRule.safeParse(values.password);
    const passwordIssue = password.success ? undefined : password.error.issues[0];
    if (passwordIssue) {
      ctx.addIssue({
        code: 'custom',
        message: issueToMessage(passwordIssue, context.locale, context.overrides),
        path: ['password'],
      });
    }
    const repeatIssue = validateRepeatPassword(values.repeatPassword, values.password);
    if (repeatIssue) {
      ctx.addIssue({
        code: 'custom',
        message: issueToMessage(repeatIssue, context.locale, context.overrides),
        path: ['repeatPassword'],
      });
    }
  });
}

export interface RestoreCompleteFormProps {
  token: string;
  context: MessageContext;
  eager: boolean;
  onDone: () => void;
  onRequestNewLink: () => void;
}

export function RestoreCompleteForm({
  token,
  context,
  eager,
  onDone,
  onRequestNewLink,
}: RestoreCompleteFormProps) {
  const { t } = useTranslation('auth');
  const api = useBrowserApi();
  const schema = useMemo(() => restoreCompleteSchema(context), [context]);
  const [formError, setFormError] = useState<string | null>(null);
  const [linkDead, setLinkDead] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RestoreCompleteValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    mode: eager ? 'onChange' : 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { password: '', repeatPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await api.call('auth.restore', {
        token,
        password: values.password,
        repeat_password: values.repeatPassword,
      });
    } catch (error) {
      // The link itself is wrong, expired or spent: the server's text says which.
      if (error instanceof ApiError && error.fields.token !== undefined) {
        setLinkDead(true);
        setFormError(error.message);
        return;
      }
      const applied = applyServerFieldErrors(error, ['password', 'repeatPassword'], setError, context, {
        repeat_password: 'repeatPassword',
      });
      if (!applied) setFormError(apiErrorText(error, t('errors.generic')));
      return;
    }
    onDone();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="restore-complete-form">
      <div>
        <h3 className="font-semibold">{t('restore.completeTitle')}</h3>
        <p className="mt-1 text-sm leading-relaxed text-muted">{t('restore.completeText')}</p>
      </div>
      <Field
        label={t('fields.newPassword')}
        error={errors.password?.message}
        hint={t('fields.passwordHint')}
        required
      >
        <PasswordInput {...register('password')} autoComplete="new-password" disabled={linkDead} />
      </Field>
      <Field label={t('fields.repeatPassword')} error={errors.repeatPassword?.message} required>
        <PasswordInput {...register('repeatPassword')} autoComplete="new-password" disabled={linkDead} />
      </Field>
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      {linkDead ? (
        <Button fullWidth onClick={onRequestNewLink}>
          {t('restore.requestNewLink')}
        </Button>
      ) : (
        <Button type="submit" fullWidth loading={isSubmitting}>
          {t('restore.completeSubmit')}
        </Button>
      )}
    </form>
  );
}
