/**
 * The browser's offer action (a button's click, never page data): take an action offer
 * (`campaigns.takepromotions`). Success shows a toast and reloads the page's data; a refusal shows
 * the server's localized message. Promo codes are redeemed by features/campaigns.
 */
import { useCallback, useMemo, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { createBrowserApi } from '../../lib/browser-api.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { useToasts } from '../../ui/toasts.tsx';
import { toApiFailure } from '../profile/api-failure.ts';

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
      const message = toApiFailure(error)?.message || t('offers.failedText');
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

  return { take, pending };
}
