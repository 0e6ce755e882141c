/**
 * "Have a promo code?" on the offers page: a player redeems a code with the site's one promo-code
 * form (features/campaigns); a guest is asked to sign up, with the code kept for the registration
 * form.
 */
import { useId } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { useAuthRoot } from '../auth/auth-root-data.ts';
import { PromoCodeForm } from '../campaigns/promo-code-form.tsx';
import { PROMO_CODE_ANCHOR, signUpHref } from './promotion-paths.ts';

export function PromoCodeSection() {
  const { t } = useTranslation('promotions');
  const location = useLocation();
  const isPlayer = useAuthRoot()?.isAuthenticated ?? false;
  const headingId = useId();

  return (
    <section
      id={PROMO_CODE_ANCHOR}
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-2xl border border-border bg-surface p-4 tablet:p-6"
      data-testid="promo-code-section"
    >
      <h2 id={headingId} className="text-lg font-semibold tracking-tight">
        {t('code.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{isPlayer ? t('code.text') : t('code.guest')}</p>
      <div className="mt-4">
        {isPlayer ? (
          <PromoCodeForm />
        ) : (
          <Button href={signUpHref(location.pathname, null)} data-testid="promo-code-sign-up">
            {t('offers.signUp')}
          </Button>
        )}
      </div>
    </section>
  );
}
