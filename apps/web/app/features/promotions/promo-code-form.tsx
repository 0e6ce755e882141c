/**
 * "Have a promo code?": a player redeems a code (`campaigns.activateOffer`); a refusal is shown
 * under the field in the server's words. A guest is asked to sign up, with the code kept for the
 * registration form.
 */
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { useAuthRoot } from '../auth/auth-root-data.ts';
import { PROMO_CODE_ANCHOR, signUpHref } from './promotion-paths.ts';
import { useOfferActions } from './use-offer-actions.ts';

export function PromoCodeForm() {
  const { t } = useTranslation('promotions');
  const location = useLocation();
  const isPlayer = useAuthRoot()?.isAuthenticated ?? false;
  const { activate, pending } = useOfferActions();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const headingId = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (trimmed === '') {
      setError(t('code.required'));
      return;
    }
    if (!isPlayer) return;
    setError(undefined);
    const result = await activate(trimmed);
    if (result.ok) setCode('');
    else setError(result.message);
  };

  return (
    <section
      id={PROMO_CODE_ANCHOR}
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-2xl border border-border bg-surface p-4 tablet:p-6"
      data-testid="promo-code-form"
    >
      <h2 id={headingId} className="text-lg font-semibold tracking-tight">
        {t('code.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{isPlayer ? t('code.text') : t('code.guest')}</p>
      {isPlayer ? (
        <form
          className="mt-4 flex flex-col gap-3 tablet:flex-row tablet:items-start"
          onSubmit={onSubmit}
          noValidate
        >
          <Field label={t('code.label')} error={error} className="tablet:flex-1">
            <Input
              name="promo_code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </Field>
          <Button type="submit" loading={pending?.startsWith('code:') ?? false} className="tablet:mt-7">
            {t('code.submit')}
          </Button>
        </form>
      ) : (
        <div className="mt-4">
          <Button href={signUpHref(location.pathname, null)} data-testid="promo-code-sign-up">
            {t('offers.signUp')}
          </Button>
        </div>
      )}
    </section>
  );
}
