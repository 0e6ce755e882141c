/**
 * Staff sign-in: identifier (email or username) and password; when the server asks for the second
 * factor (`mfa_code_required`) the same form asks for the 6-digit code and sends all three again.
 * The token goes to sessionStorage (backoffice-session.ts); a role that requires two-factor and has
 * not set it up goes to the enrolment page first.
 */
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  type AuthAnswer,
  BackofficeApiError,
  backofficeRequest,
} from '../features/backoffice/backoffice-api.ts';
import { errorText } from '../features/backoffice/backoffice-errors.ts';
import { MFA_CODE_PATTERN } from '../features/backoffice/backoffice-format.ts';
import { TWO_FACTOR_PATH } from '../features/backoffice/backoffice-loaders.ts';
import { backofficeHref, safeNext } from '../features/backoffice/backoffice-paths.ts';
import { needsMfaEnrolment } from '../features/backoffice/backoffice-permissions.ts';
import { saveToken } from '../features/backoffice/backoffice-session.ts';
import { ErrorNote } from '../features/backoffice/backoffice-shell.tsx';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';
import { ChipMark } from '../ui/logo.tsx';

export default function BackofficeSignIn() {
  const { t } = useTranslation('backoffice');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const locale = usePageLocale();
  const [askCode, setAskCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const identifier = String(form.get('identifier') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const code = String(form.get('code') ?? '').replace(/\s/g, '');
    setPending(true);
    setError(null);
    try {
      const answer = await backofficeRequest<AuthAnswer>('/nfx/auth/local', {
        method: 'POST',
        body: { identifier, password, ...(askCode && code ? { code } : {}) },
      });
      saveToken(answer.jwt);
      const target = needsMfaEnrolment(answer.user)
        ? backofficeHref(locale, TWO_FACTOR_PATH)
        : safeNext(locale, searchParams.get('next'));
      await navigate(target, { replace: true });
    } catch (caught) {
      if (caught instanceof BackofficeApiError && caught.code === 'mfa_code_required') {
        setAskCode(true);
      } else {
        setError(errorText(t, caught));
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="w-full max-w-sm rounded-2xl border border-border bg-surface p-6 shadow-lg">
      <div className="mb-6 flex items-center gap-3">
        <ChipMark className="size-9" />
        <div>
          <h1 className="text-xl font-semibold">{t('signIn.title')}</h1>
          <p className="text-sm text-muted">{t('signIn.subtitle')}</p>
        </div>
      </div>
      <form method="post" onSubmit={submit} className="flex flex-col gap-4" noValidate={false}>
        <Field label={t('signIn.identifier')} required>
          <Input name="identifier" autoComplete="username" required readOnly={askCode} />
        </Field>
        <Field label={t('signIn.password')} required>
          <Input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            readOnly={askCode}
          />
        </Field>
        {askCode && (
          <Field label={t('signIn.code')} hint={t('signIn.codeHint')} required>
            <Input
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern={MFA_CODE_PATTERN}
              maxLength={6}
              required
              autoFocus
            />
          </Field>
        )}
        {error && <ErrorNote text={error} />}
        <Button type="submit" loading={pending} fullWidth>
          {askCode ? t('signIn.verify') : t('signIn.submit')}
        </Button>
      </form>
    </div>
  );
}
