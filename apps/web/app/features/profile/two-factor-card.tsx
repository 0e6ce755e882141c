/**
 * Two-factor authentication (spec §3 `two_factor_auth`, §5 code rules, §7
 * `account.changeTwoFactorAuth` / `account.confirmTwoFactorAuth`). Turning it on shows the QR code
 * (a data URL from the server) and the secret for typing by hand, and is complete once a 6-digit
 * code from the app is accepted. Turning it off needs a valid code too.
 */
import { twoFactorCodeField } from '@croupier/contract/validation/fields';
import { useState } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button, IconButton } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Icon } from '../../ui/icon.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { toApiFailure } from './api-failure.ts';
import { CodeInput } from './code-input.tsx';
import { useMessageOf } from './form-settings.tsx';
import { Badge, ProfileCard } from './profile-card.tsx';
import { mapServerFieldErrors } from './server-field-errors.ts';
import { usePlayerApi } from './use-player-api.ts';
import { useSharedForm } from './use-shared-form.ts';

interface PendingSetup {
  secret: string;
  qrCode: string;
}

const codeSchema = z.object({ code: twoFactorCodeField() });

/** `JBSWY3DPEHPK3PXP` → `JBSW Y3DP EHPK 3PXP`: easier to copy by eye. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('profile');
  const toasts = useToasts();
  const { api } = usePlayerApi();
  const [pending, setPending] = useState<PendingSetup | null>(null);
  const [starting, setStarting] = useState(false);

  async function start() {
    setStarting(true);
    try {
      const answer = await api.call('account.changeTwoFactorAuth', { enable: true });
      if (answer.status === 'pending') setPending({ secret: answer.secret, qrCode: answer.qr_code });
    } catch (error) {
      toasts.show({ kind: 'error', title: t('errors.saveData'), text: toApiFailure(error)?.message });
    }
    setStarting(false);
  }

  return (
    <ProfileCard
      id="two-factor"
      title={t('twoFactor.title')}
      description={t('twoFactor.description')}
      aside={
        enabled ? (
          <Badge tone="success">{t('twoFactor.on')}</Badge>
        ) : (
          <Badge tone="muted">{t('twoFactor.off')}</Badge>
        )
      }
    >
      {enabled ? (
        <DisableForm />
      ) : pending ? (
        <SetupForm pending={pending} onCancel={() => setPending(null)} onDone={() => setPending(null)} />
      ) : (
        <Button
          onClick={start}
          loading={starting}
          iconStart="lock"
          data-testid="two-factor-enable"
          // A long label ("Activer l’authentification à deux facteurs") wraps instead of widening a phone's page.
          className="max-w-full py-2.5 text-center leading-snug! whitespace-normal!"
        >
          {t('twoFactor.enable')}
        </Button>
      )}
    </ProfileCard>
  );
}

function useCodeForm() {
  return useSharedForm(codeSchema, { code: '' });
}

function SetupForm({
  pending,
  onCancel,
  onDone,
}: {
  pending: PendingSetup;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('profile');
  const toasts = useToasts();
  const messageOf = useMessageOf();
  const { api, refresh } = usePlayerApi();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useCodeForm();

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await api.call('account.confirmTwoFactorAuth', { code });
      toasts.show({ kind: 'success', title: t('twoFactor.enabled'), text: t('twoFactor.enabledText') });
      await refresh();
      onDone();
    } catch (error) {
      const mapped = mapServerFieldErrors(error, ['code'], messageOf);
      if (mapped.fields.code)
        setError('code', { type: 'server', message: mapped.fields.code }, { shouldFocus: true });
      else toasts.show({ kind: 'error', title: t('errors.saveData'), text: mapped.failure?.message });
    }
  });

  async function copySecret() {
    try {
      await navigator.clipboard.writeText(pending.secret);
      toasts.show({ kind: 'info', title: t('twoFactor.copied') });
    } catch {
      toasts.show({ kind: 'error', title: t('twoFactor.copyFailed') });
    }
  }

  return (
    <div
      className="grid gap-6 laptop:grid-cols-[auto_minmax(0,1fr)] laptop:gap-8"
      data-testid="two-factor-setup"
    >
      <div className="flex flex-col items-center gap-3 laptop:items-start">
        <p className="self-stretch text-sm font-medium">
          <StepNumber n={1} />
          {t('twoFactor.stepScan')}
        </p>
        <img
          src={pending.qrCode}
          alt={t('twoFactor.qrAlt')}
          width={200}
          height={200}
          className="size-[200px] rounded-xl bg-white p-2"
          data-testid="two-factor-qr"
        />
      </div>
      <div className="flex min-w-0 flex-col gap-5">
        <div>
          <p className="mb-2 text-sm font-medium">
            <StepNumber n={2} />
            {t('twoFactor.stepManual')}
          </p>
          <div className="flex items-center gap-2 rounded-xl border border-border bg-background p-2 ps-4">
            <code
              className="min-w-0 flex-1 font-mono text-sm tracking-wide"
              translate="no"
              data-testid="two-factor-secret"
              data-secret={pending.secret}
            >
              {groupSecret(pending.secret)}
            </code>
            <IconButton icon="copy" label={t('twoFactor.copy')} onClick={copySecret} />
          </div>
        </div>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <Field
            label={
              <>
                <StepNumber n={3} />
                {t('twoFactor.stepCode')}
              </>
            }
            error={errors.code?.message}
          >
            <CodeInput {...register('code')} data-testid="two-factor-code" />
          </Field>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={isSubmitting} data-testid="two-factor-confirm">
              {t('twoFactor.confirm')}
            </Button>
            <Button variant="ghost" onClick={onCancel}>
              {t('twoFactor.cancel')}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}

function StepNumber({ n }: { n: number }) {
  return (
    <span
      aria-hidden="true"
      className="me-2 inline-flex size-6 items-center justify-center rounded-full bg-accent/15 text-xs font-bold text-accent"
    >
      {n}
    </span>
  );
}

function DisableForm() {
  const { t } = useTranslation('profile');
  const toasts = useToasts();
  const messageOf = useMessageOf();
  const { api, refresh } = usePlayerApi();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useCodeForm();

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await api.call('account.changeTwoFactorAuth', { enable: false, code });
      toasts.show({ kind: 'success', title: t('twoFactor.disabled') });
      await refresh();
    } catch (error) {
      const mapped = mapServerFieldErrors(error, ['code'], messageOf);
      if (mapped.fields.code)
        setError('code', { type: 'server', message: mapped.fields.code }, { shouldFocus: true });
      else toasts.show({ kind: 'error', title: t('errors.saveData'), text: mapped.failure?.message });
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex max-w-md flex-col gap-4"
      data-testid="two-factor-disable"
    >
      <p className="flex items-start gap-2 text-sm text-muted">
        <Icon name="check-circle" className="mt-0.5 text-accent" />
        {t('twoFactor.enabledInfo')}
      </p>
      <Field label={t('twoFactor.disableCode')} error={errors.code?.message}>
        <CodeInput {...register('code')} data-testid="two-factor-disable-code" />
      </Field>
      <div>
        <Button type="submit" variant="danger" loading={isSubmitting} data-testid="two-factor-disable-submit">
          {t('twoFactor.disable')}
        </Button>
      </div>
    </form>
  );
}
