/**
 * Two-factor enrolment, for roles that require it (`user.mfa.required && !user.mfa.enabled`): the
 * server makes a secret (`POST /nfx/auth/mfa/setup`), shown in groups of four and as the
 * `otpauth://` address an authenticator app takes; the first code from the app turns it on
 * (`POST /nfx/auth/mfa/enable`), which answers a new token in place of the old one.
 */
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AuthAnswer } from '../features/backoffice/backoffice-api.ts';
import { errorText } from '../features/backoffice/backoffice-errors.ts';
import { groupSecret, MFA_CODE_PATTERN } from '../features/backoffice/backoffice-format.ts';
import { requireStaff } from '../features/backoffice/backoffice-loaders.ts';
import { backofficeHref } from '../features/backoffice/backoffice-paths.ts';
import { saveToken, staffRequest } from '../features/backoffice/backoffice-session.ts';
import { ErrorNote, PageHeading } from '../features/backoffice/backoffice-shell.tsx';
import { QrCode } from '../features/backoffice/qr-code.tsx';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';
import type { Route } from './+types/backoffice-two-factor';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { user: await requireStaff(request) };
}

interface MfaSetup {
  secret: string;
  otpauthUri: string;
}

export default function BackofficeTwoFactor({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('backoffice');
  const navigate = useNavigate();
  const locale = usePageLocale();
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const enabled = loaderData.user.mfa?.enabled === true;

  async function start() {
    setPending(true);
    setError(null);
    try {
      setSetup(await staffRequest<MfaSetup>('/nfx/auth/mfa/setup', { method: 'POST', body: {} }));
    } catch (caught) {
      setError(errorText(t, caught));
    } finally {
      setPending(false);
    }
  }

  async function enable(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, '');
    setPending(true);
    setError(null);
    try {
      const answer = await staffRequest<AuthAnswer>('/nfx/auth/mfa/enable', {
        method: 'POST',
        body: { code },
      });
      saveToken(answer.jwt);
      await navigate(backofficeHref(locale), { replace: true });
    } catch (caught) {
      setError(errorText(t, caught));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="max-w-xl">
      <PageHeading title={t('mfa.title')} />
      {enabled ? (
        <p className="text-muted">{t('mfa.alreadyEnabled')}</p>
      ) : (
        <>
          <p className="mb-4 text-muted">{t('mfa.intro')}</p>
          {!setup && (
            <Button type="button" onClick={start} loading={pending}>
              {t('mfa.start')}
            </Button>
          )}
          {setup && (
            <div className="flex flex-col gap-5">
              <ol className="list-decimal space-y-2 ps-5 text-sm text-muted">
                <li>{t('mfa.stepApp')}</li>
                <li>{t('mfa.stepCode')}</li>
              </ol>
              <QrCode text={setup.otpauthUri} label={t('mfa.qr')} className="size-48 rounded-lg" />
              <div>
                <h2 className="mb-1 text-sm font-medium">{t('mfa.secret')}</h2>
                <p
                  data-testid="mfa-secret"
                  className="rounded-lg border border-border bg-surface px-3 py-2 font-mono text-lg tracking-wider break-all select-all"
                >
                  {groupSecret(setup.secret)}
                </p>
              </div>
              <div>
                <h2 className="mb-1 text-sm font-medium">{t('mfa.uri')}</h2>
                <p className="rounded-lg border border-border bg-surface px-3 py-2 font-mono text-xs break-all select-all">
                  {setup.otpauthUri}
                </p>
              </div>
              <form onSubmit={enable} className="flex flex-col gap-4 tablet:max-w-xs">
                <Field label={t('mfa.code')} required>
                  <Input
                    name="code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    pattern={MFA_CODE_PATTERN}
                    maxLength={6}
                    required
                  />
                </Field>
                <Button type="submit" loading={pending}>
                  {t('mfa.enable')}
                </Button>
              </form>
            </div>
          )}
          {error && <ErrorNote text={error} />}
        </>
      )}
    </div>
  );
}
