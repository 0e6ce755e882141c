/**
 * The feedback form of /support (Support.sendFeedback): category, subject, message, and the email
 * to answer for a guest (optional for a player, answered at the account's login otherwise).
 * Checked in the browser with the contract's bounds, then by the server; success replaces the form
 * with a confirmation, a failure keeps what was typed and says why.
 */
import { ApiError } from '@croupier/contract/errors';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/class-names.ts';
import { Field, useFieldControl } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../auth/form-controls.tsx';
import { usePlayerApi } from '../profile/use-player-api.ts';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_MESSAGE_MAX_CHARS,
  type FeedbackDraft,
  type FeedbackErrors,
  validateFeedback,
} from './feedback-validation.ts';

const EMPTY: FeedbackDraft = { category: '', subject: '', message: '', email: '' };

function MessageArea({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const control = useFieldControl();
  return (
    <textarea
      id={control?.id}
      aria-describedby={control?.['aria-describedby']}
      aria-invalid={control?.['aria-invalid']}
      aria-required={control?.['aria-required']}
      name="message"
      rows={6}
      maxLength={FEEDBACK_MESSAGE_MAX_CHARS}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={cx(
        'block w-full resize-y rounded-xl border bg-background px-4 py-3 text-base text-text',
        control?.['aria-invalid'] ? 'border-danger' : 'border-border hover:border-border-strong',
      )}
    />
  );
}

export function FeedbackForm({ isGuest }: { isGuest: boolean }) {
  const { t } = useTranslation('support');
  const { api } = usePlayerApi();
  const [draft, setDraft] = useState<FeedbackDraft>(EMPTY);
  const [errors, setErrors] = useState<FeedbackErrors>({});
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const statusId = useId();

  const set = (key: keyof FeedbackDraft) => (value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const errorText = (key: keyof FeedbackDraft) => (errors[key] ? t(`form.errors.${errors[key]}`) : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateFeedback(draft, isGuest);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setState('sending');
    try {
      const email = draft.email.trim();
      await api.call('Support.sendFeedback', {
        category: draft.category as (typeof FEEDBACK_CATEGORIES)[number],
        subject: draft.subject.trim(),
        message: draft.message.trim(),
        ...(email ? { email } : {}),
      });
      setState('sent');
      setDraft(EMPTY);
    } catch (error) {
      setState('idle');
      if (error instanceof ApiError && error.type === 'TooManyRequestsException')
        setFailure(t('form.tooMany'));
      else if (error instanceof ApiError && error.type === 'InvalidParameterException')
        setFailure(error.message);
      else {
        console.error('feedback not sent', error);
        setFailure(t('form.failed'));
      }
    }
  }

  if (state === 'sent') {
    return (
      <div role="status" className="rounded-2xl border border-border bg-surface p-6">
        <h3 className="text-lg font-semibold">{t('form.sentTitle')}</h3>
        <p className="mt-2 text-muted">{t('form.sentText')}</p>
        <Button variant="secondary" className="mt-4" onClick={() => setState('idle')}>
          {t('form.another')}
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-describedby={failure ? statusId : undefined}
      className="flex flex-col gap-5"
    >
      <Field label={t('form.category')} error={errorText('category')} required>
        <Select
          name="category"
          value={draft.category}
          onChange={(event) => set('category')(event.target.value)}
        >
          <option value="">{t('form.choose')}</option>
          {FEEDBACK_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`form.categories.${category}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('form.subject')} error={errorText('subject')} required>
        <Input
          name="subject"
          value={draft.subject}
          maxLength={200}
          onChange={(event) => set('subject')(event.target.value)}
        />
      </Field>
      <Field label={t('form.message')} error={errorText('message')} hint={t('form.messageHint')} required>
        <MessageArea value={draft.message} onChange={set('message')} />
      </Field>
      <Field
        label={t('form.email')}
        error={errorText('email')}
        hint={isGuest ? t('form.emailGuestHint') : t('form.emailPlayerHint')}
        required={isGuest}
      >
        <Input
          name="email"
          type="email"
          autoComplete="email"
          value={draft.email}
          onChange={(event) => set('email')(event.target.value)}
        />
      </Field>
      {failure && (
        <p
          id={statusId}
          role="alert"
          className="rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger"
        >
          {failure}
        </p>
      )}
      <Button type="submit" loading={state === 'sending'} className="self-start">
        {t('form.send')}
      </Button>
    </form>
  );
}
