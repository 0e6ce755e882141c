/**
 * Password change (spec §5 password rules, §7 `account.changepassword`): the current password, a
 * new one under the reusable rule (6–20 allowed characters, the offending ones listed) and its
 * repeat. The server ends every other session and gives this one a fresh id, so the player stays
 * signed in here only.
 */
import {
  newPasswordField,
  optional,
  passwordField,
  repeatPasswordField,
  withRepeatPassword,
} from '@croupier/contract/validation/fields';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button, IconButton } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { useMessageOf } from './form-settings.tsx';
import { ProfileCard } from './profile-card.tsx';
import { mapServerFieldErrors } from './server-field-errors.ts';
import { usePlayerApi } from './use-player-api.ts';
import { useSharedForm } from './use-shared-form.ts';

const PASSWORD_FIELDS = ['old_password', 'new_password', 'repeat_password'] as const;

type TextInput = string | null | undefined;

/** As the shared fields take them: text, possibly missing. */
export interface PasswordValues {
  old_password?: TextInput;
  new_password?: TextInput;
  repeat_password?: TextInput;
}

export interface PasswordOutput {
  old_password?: string | undefined;
  new_password: string;
  repeat_password: string;
}

/**
 * A player who signed up through a social network or the messenger may have no password yet: the
 * current password is then optional (the server asks for it whenever one exists).
 */
export function passwordSchema(currentRequired: boolean): z.ZodType<PasswordOutput, PasswordValues> {
  return withRepeatPassword(
    z.object({
      old_password: currentRequired ? passwordField() : optional(passwordField()),
      new_password: newPasswordField(),
      repeat_password: repeatPasswordField(),
    }),
    'new_password',
    'repeat_password',
  );
}

const EMPTY: Required<PasswordValues> = { old_password: '', new_password: '', repeat_password: '' };

export function PasswordForm({ currentRequired }: { currentRequired: boolean }) {
  const { t } = useTranslation('profile');
  const toasts = useToasts();
  const messageOf = useMessageOf();
  const { api, refresh } = usePlayerApi();
  const [visible, setVisible] = useState(false);
  const schema = useMemo(() => passwordSchema(currentRequired), [currentRequired]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = useSharedForm(schema, EMPTY);

  const onSubmit = handleSubmit(async (output) => {
    try {
      await api.call('account.changepassword', output);
      reset(EMPTY);
      toasts.show({ kind: 'success', title: t('password.changed'), text: t('password.changedText') });
      await refresh();
    } catch (error) {
      const mapped = mapServerFieldErrors(error, PASSWORD_FIELDS, messageOf);
      for (const name of PASSWORD_FIELDS) {
        const message = mapped.fields[name];
        if (message) setError(name, { type: 'server', message }, { shouldFocus: name === mapped.firstField });
      }
      if (!mapped.firstField) {
        toasts.show({ kind: 'error', title: t('errors.saveData'), text: mapped.failure?.message });
      }
    }
  });

  const type = visible ? 'text' : 'password';
  const toggle = (
    <IconButton
      icon={visible ? 'eye-off' : 'eye'}
      label={visible ? t('password.hide') : t('password.show')}
      aria-pressed={visible}
      onClick={() => setVisible((value) => !value)}
    />
  );

  return (
    <ProfileCard id="password" title={t('password.title')} description={t('password.description')}>
      <form noValidate onSubmit={onSubmit} className="grid max-w-xl gap-4">
        <Field
          label={t('password.current')}
          required={currentRequired}
          error={errors.old_password?.message}
          hint={currentRequired ? undefined : t('password.currentOptional')}
        >
          <Input
            {...register('old_password')}
            type={type}
            autoComplete="current-password"
            trailing={toggle}
            data-testid="old-password"
          />
        </Field>
        <Field
          label={t('password.new')}
          required
          error={errors.new_password?.message}
          hint={t('password.rules')}
        >
          <Input
            {...register('new_password', {
              // Retyping the new password re-judges a repeat already typed.
              onChange: () => {
                if (getValues('repeat_password')) void trigger('repeat_password');
              },
            })}
            type={type}
            autoComplete="new-password"
            data-testid="new-password"
          />
        </Field>
        <Field label={t('password.repeat')} required error={errors.repeat_password?.message}>
          <Input
            {...register('repeat_password')}
            type={type}
            autoComplete="new-password"
            data-testid="repeat-password"
          />
        </Field>
        <div>
          <Button type="submit" loading={isSubmitting} data-testid="password-save">
            {t('password.save')}
          </Button>
        </div>
      </form>
    </ProfileCard>
  );
}
