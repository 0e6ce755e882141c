/**
 * Confirming a contact (spec §4, §5): send a 6-digit code to it (`account.sendconfirmationtocontact`,
 * then a resend timer), type the code (`account.confirmContact`). A wrong code shows the sms code
 * error under the field; a spent or expired code says so; anything else is "Can not confirm
 * contact" (spec §8). Used in the profile's confirm dialog and on /confirmation.
 */
import type { ContactOutput } from '@croupier/contract/account/common';
import { numericCodeField } from '@croupier/contract/validation/fields';
import { useId, useState } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Icon } from '../../ui/icon.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { toApiFailure } from './api-failure.ts';
import { CodeInput } from './code-input.tsx';
import { useMessageOf } from './form-settings.tsx';
import { mapServerFieldErrors } from './server-field-errors.ts';
import { useCountdown } from './use-countdown.ts';
import { usePlayerApi } from './use-player-api.ts';
import { useSharedForm } from './use-shared-form.ts';

const codeSchema = z.object({ code: numericCodeField() });

export interface ConfirmContactFlowProps {
  contact: Pick<ContactOutput, 'type' | 'value'>;
  /** Seconds before another code may be sent (`account.getContactPhoneSettings`). */
  resendSeconds: number;
  /** An error to show under the code at first (a confirmation link that failed). */
  initialError?: string | null;
  onConfirmed: () => void;
}

export function ConfirmContactFlow({
  contact,
  resendSeconds,
  initialError,
  onConfirmed,
}: ConfirmContactFlowProps) {
  const { t } = useTranslation('profile');
  const toasts = useToasts();
  const messageOf = useMessageOf();
  const { api } = usePlayerApi();
  const statusId = useId();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  // The failed link's message stays until the player types another code.
  const [linkError, setLinkError] = useState(initialError ?? null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSharedForm(codeSchema, { code: '' });
  const codeError = errors.code?.message ?? (linkError || undefined);

  async function sendCode() {
    setSending(true);
    setSendError(null);
    try {
      await api.call('account.sendconfirmationtocontact', { contact: contact.value });
      setSent(true);
      countdown.start(resendSeconds);
    } catch (error) {
      const failure = toApiFailure(error);
      if (failure?.type === 'TooManyRequestsException') {
        // A code went out moments ago: the player can use it, or wait and ask again.
        setSendError(failure.message);
        countdown.start(resendSeconds);
      } else {
        toasts.show({ kind: 'error', title: t('confirm.sendFailed'), text: failure?.message });
      }
    } finally {
      setSending(false);
    }
  }

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await api.call('account.confirmContact', { contact: contact.value, code });
      onConfirmed();
    } catch (error) {
      const mapped = mapServerFieldErrors(error, ['code'], messageOf);
      const message = mapped.fields.code;
      if (message) {
        setError('code', { type: 'server', message }, { shouldFocus: true });
        return;
      }
      toasts.show({ kind: 'error', title: t('errors.confirmContact'), text: mapped.failure?.message });
    }
  });

  const waiting = countdown.remainingSeconds > 0;
  return (
    <div className="flex flex-col gap-5" data-testid="confirm-contact">
      <div className="flex items-start gap-3 rounded-xl border border-border bg-background/50 p-3">
        <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-info/10 text-info">
          <Icon name={contact.type === 'email' ? 'mail' : 'phone'} />
        </span>
        <div className="min-w-0">
          <p className="text-sm text-muted">
            {contact.type === 'email' ? t('confirm.introEmail') : t('confirm.introPhone')}
          </p>
          <p className="truncate font-semibold" translate="no">
            {contact.value}
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Button
          variant="secondary"
          onClick={sendCode}
          loading={sending}
          disabled={waiting}
          iconStart="mail"
          data-testid="send-code"
        >
          {waiting
            ? t('confirm.resendIn', { seconds: countdown.remainingSeconds })
            : sent
              ? t('confirm.resend')
              : t('confirm.send')}
        </Button>
        <p id={statusId} aria-live="polite" className="min-h-5 text-sm">
          {sendError ? (
            <span className="text-warning">{sendError}</span>
          ) : sent ? (
            <span className="text-accent">{t('confirm.sent', { contact: contact.value })}</span>
          ) : null}
        </p>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field label={t('confirm.codeLabel')} error={codeError} hint={t('confirm.codeHint')}>
          <CodeInput
            {...register('code', { onChange: () => setLinkError(null) })}
            data-testid="confirm-code"
          />
        </Field>
        <Button type="submit" loading={isSubmitting} data-testid="confirm-submit">
          {t('confirm.submit')}
        </Button>
      </form>
    </div>
  );
}
