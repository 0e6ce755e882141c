/**
 * The call to action of a promotion page. A guest gets the sign-up button (the registration popup,
 * with the promotion's promo code pre-filled when it has one). A player gets "Activate code" for a
 * promo code (the site's one redemption, features/campaigns), the deposit page for an offer, or the operator's link.
 */
import type { PromotionDetail } from '@croupier/contract/promotions/get';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { Button } from '../../ui/button.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { useAuthRoot } from '../auth/auth-root-data.ts';
import { useActivatePromoCode } from '../campaigns/use-activate-promo-code.ts';
import { ctaHref, depositWithOfferPath, signUpHref } from './promotion-paths.ts';

export function PromotionCta({ promotion }: { promotion: PromotionDetail }) {
  const { t } = useTranslation('promotions');
  const locale = usePageLocale();
  const location = useLocation();
  const isPlayer = useAuthRoot()?.isAuthenticated ?? false;
  const { activate, pending } = useActivatePromoCode();
  const toasts = useToasts();
  const cta = promotion.cta;
  const code = cta?.promo_code ?? null;

  if (!isPlayer) {
    return (
      <Button href={signUpHref(location.pathname, code)} size="lg" data-testid="promotion-sign-up">
        {code ? t('cta.signUpWithCode', { code }) : t('cta.signUp')}
      </Button>
    );
  }
  if (!cta) return null;
  if (code) {
    return (
      <Button
        size="lg"
        loading={pending === code}
        onClick={async () => {
          const result = await activate(code);
          if (!result.ok) toasts.show({ kind: 'error', title: t('offers.failed'), text: result.message });
        }}
        data-testid="promotion-activate"
      >
        {t('cta.activate', { code })}
      </Button>
    );
  }
  if (cta.offer_id !== null) {
    return (
      <Button href={depositWithOfferPath(cta.offer_id, locale)} size="lg" data-testid="promotion-deposit">
        {cta.text || t('cta.deposit')}
      </Button>
    );
  }
  const href = cta.link === null ? null : ctaHref(cta.link, locale);
  if (!href) return null;
  return (
    <Button href={href} size="lg" data-testid="promotion-link">
      {cta.text || t('cta.open')}
    </Button>
  );
}
