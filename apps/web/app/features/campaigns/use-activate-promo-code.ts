/**
 * The one way the site redeems a promo code (spec §7 `campaigns.activateOffer`, §8 failure
 * handling): on success the promo-code-activated popup (then the betting-bonus confirm when a
 * betting bonus was granted) and the page's data reloaded; on failure the text of the FIRST
 * promo_code error code (fallback INVALID) and the promo-not-found analytics event. The promo-code
 * form and a promotion's "Activate code" button both call it.
 */
import type { OfferOutput } from '@croupier/contract/campaigns/common';
import { useCallback, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { createBrowserApi } from '../../lib/browser-api.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { useDialogs } from '../../ui/dialogs.tsx';
import { promoCodeErrorCodes, promoCodeFailureKey, sendPromoNotFound } from './promo-code-failure.ts';
import { showPromoActivated } from './promo-dialogs.tsx';

export type PromoCodeResult = { ok: true; offer: OfferOutput } | { ok: false; message: string };

export function useActivatePromoCode() {
  const { t } = useTranslation('campaigns');
  const locale = usePageLocale();
  const dialogs = useDialogs();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<string | null>(null);

  const activate = useCallback(
    async (code: string): Promise<PromoCodeResult> => {
      setPending(code);
      const api = createBrowserApi(locale);
      try {
        const offer = await api.call('campaigns.activateOffer', { promo_code: code });
        showPromoActivated(dialogs, offer, t);
        void revalidator.revalidate();
        return { ok: true, offer };
      } catch (error) {
        const key = promoCodeFailureKey(error);
        if (key) void sendPromoNotFound(api, code, promoCodeErrorCodes(error)[0] ?? 'INVALID');
        return { ok: false, message: key ? t(key) : t('promoCode.network') };
      } finally {
        setPending(null);
      }
    },
    [dialogs, locale, revalidator, t],
  );

  return { activate, pending };
}
