/**
 * The player's loyalty actions (spec §4: shop confirm, buy and insufficient funds; character change
 * and its confirm): the dialog first, the call, a toast, the loaders refreshed, then the loyalty
 * notices fetched (the interaction just changed the balance: spec §4 shows them as toasts).
 */
import { countedAlias, type PointsAlias } from '@croupier/contract/loyalty/counted-alias';
import type { LoyaltyCharacter, LoyaltyProduct } from '@croupier/contract/loyalty/loyalty';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { useDialogs } from '../../ui/dialogs.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { toApiFailure } from '../profile/api-failure.ts';
import { usePlayerApi } from '../profile/use-player-api.ts';
import { formatPoints } from './loyalty-maths.ts';
import { useLoyaltyNotices } from './loyalty-notices.tsx';

export function useLoyaltyActions({ alias, points }: { alias: PointsAlias; points: number }) {
  const { t } = useTranslation('loyalty');
  const locale = usePageLocale();
  const { api, refresh } = usePlayerApi();
  const dialogs = useDialogs();
  const toasts = useToasts();
  const notices = useLoyaltyNotices();
  const [busy, setBusy] = useState<string | null>(null);

  function insufficient(product: LoyaltyProduct) {
    dialogs.open({
      type: 'popup',
      size: 'sm',
      title: t('shop.insufficientTitle', { alias: alias.pointsAlias }),
      content: (
        <p className="text-sm text-muted" data-testid="loyalty-insufficient">
          {t('shop.insufficientText', {
            name: product.name,
            price: formatPoints(product.price),
            alias: countedAlias(product.price, alias, locale),
            points: formatPoints(points),
          })}
        </p>
      ),
    });
  }

  async function buy(product: LoyaltyProduct): Promise<void> {
    if (busy !== null) return;
    if (points < product.price) return insufficient(product);
    const ok = await dialogs.confirm({
      title: t('shop.confirmTitle', { name: product.name }),
      text: t('shop.confirmText', {
        price: formatPoints(product.price),
        alias: countedAlias(product.price, alias, locale),
        points: formatPoints(points),
      }),
      confirmText: t('shop.confirmAction'),
    });
    if (!ok) return;
    setBusy(`product:${product.id}`);
    try {
      await api.call('loyalty.buyproduct', { id: product.id, request_id: crypto.randomUUID() });
      toasts.show({ kind: 'success', title: t('shop.bought', { name: product.name }) });
      await refresh();
      notices.fetchNow();
    } catch (error) {
      const failure = toApiFailure(error);
      if (failure?.code === 'insufficient_funds') insufficient(product);
      else toasts.show({ kind: 'error', title: failure?.message || t('errors.generic') });
    } finally {
      setBusy(null);
    }
  }

  async function choose(character: LoyaltyCharacter): Promise<void> {
    if (busy !== null) return;
    const ok = await dialogs.confirm({
      title: t('characters.confirmTitle'),
      text: t('characters.confirmText', { name: character.name }),
      confirmText: t('characters.confirmAction'),
    });
    if (!ok) return;
    setBusy(`character:${character.id}`);
    try {
      await api.call('loyalty.setcharacter', { id: character.id });
      toasts.show({ kind: 'success', title: t('characters.changed', { name: character.name }) });
      await refresh();
    } catch (error) {
      toasts.show({ kind: 'error', title: toApiFailure(error)?.message || t('errors.generic') });
    } finally {
      setBusy(null);
    }
  }

  return { busy, buy, choose };
}
