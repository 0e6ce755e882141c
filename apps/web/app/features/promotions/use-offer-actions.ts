/**
 * The browser's offer actions (a button's click, never page data): take an action offer
 * (`campaigns.takepromotions`) or redeem a promo code (`campaigns.activateOffer`). Success shows a
 * toast and reloads the page's data; a refusal shows the server's localized message.
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { createBrowserApi } from '../../lib/browser-api.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { useToasts } from '../../ui/toasts.tsx';
import { apiFailureMessage } from './api-failure-message.ts';

export type ActionResult = { ok: true; title: string } | { ok: false; message: string };

export function useOfferActions() {
  const { t } = useTranslation('promotions');
  const locale = usePageLocale();
  const toasts = useToasts();
  const revalidator = useRevalidator();
  const api = useMemo(() => createBrowserApi(locale), [locale]);
  const [pending, setPending] = useState<string | null>(null);

  const fail = useCallback(
    (error: unknown): ActionResult => {
      const message = apiFailureMessage(error) ?? t('offers.failedText');
      toasts.show({ kind: 'error', title: t('offers.failed'), text: message });
      return { ok: false, message };
    },
    [t, toasts],
  );

  const take = useCallback(
    async (offerId: number, title: string): Promise<ActionResult> => {
      setPending(`take:${offerId}`);
      try {
        await api.call('campaigns.takepromotions', { offer_id: offerId });
        toasts.show({
          kind: 'success',
          title: t('offers.takenToast'),
          text: t('offers.takenToastText', { title }),
        });
        void revalidator.revalidate();
        return { ok: true, title };
      } catch (error) {
        return fail(error);
      } finally {
        setPending(null);
      }
    },
    [api, fail, revalidator, t, toasts],
  );

  const activate = useCallback(
    async (code: string): Promise<ActionResult> => {
      setPending(`code:${code}`);
      try {
        const offer = await api.call('campaigns.activateOffer', { promo_code: code });
        toasts.show({
          kind: 'success',
          title: t('cta.activated'),
          text: t('cta.activatedText', { title: offer.title }),
        });
        void revalidator.revalidate();
        return { ok: true, title: offer.title };
      } catch (error) {
        return fail(error);
      } finally {
        setPending(null);
      }
    },
    [api, fail, revalidator, t, toasts],
  );

  return { take, activate, pending };
}
