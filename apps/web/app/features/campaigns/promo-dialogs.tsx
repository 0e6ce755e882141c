/**
 * The promo-code-activated popup and the betting-bonus-activated confirm (spec §2 popups, §4
 * confirm dialogs). The popup says what the code granted; when one of the promotions is a betting
 * bonus, the confirm follows it in the queue. The sportsbook is not built yet, so the confirm links
 * to /promotions only.
 */
import type { OfferOutput } from '@croupier/contract/campaigns/common';
import { localizePath } from '@croupier/contract/locales';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { Button } from '../../ui/button.tsx';
import { type DialogsApi, useCurrentDialog } from '../../ui/dialogs.tsx';

function PromoActivatedContent({ offer }: { offer: OfferOutput }) {
  const { t } = useTranslation('campaigns');
  const locale = usePageLocale();
  const dialog = useCurrentDialog();
  return (
    <div className="flex flex-col gap-4" data-testid="promo-activated">
      {offer.promotions.length > 0 ? (
        <>
          <p className="text-sm leading-relaxed text-muted">{t('activated.text', { offer: offer.title })}</p>
          <ul className="flex flex-col gap-2">
            {offer.promotions.map((promotion) => (
              <li
                key={promotion.template_id}
                className="rounded-xl border border-border bg-raised/60 p-3"
                data-testid="promo-activated-item"
              >
                <span className="block text-xs font-semibold uppercase tracking-wide text-accent">
                  {t(`kinds.${promotion.kind}`)}
                </span>
                <span className="block font-semibold">{promotion.name}</span>
                {promotion.description && (
                  <span className="mt-0.5 block text-sm text-muted">{promotion.description}</span>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-sm leading-relaxed text-muted">{t('activated.empty')}</p>
      )}
      <div className="flex flex-col gap-2 tablet:flex-row-reverse">
        <Button onClick={() => dialog.close()} data-autofocus fullWidth>
          {t('activated.close')}
        </Button>
        <Button
          variant="secondary"
          href={localizePath('/profile/bonuses', locale)}
          onClick={() => dialog.close()}
          fullWidth
        >
          {t('activated.seeBonuses')}
        </Button>
      </div>
    </div>
  );
}

function BettingBonusContent() {
  const { t } = useTranslation('campaigns');
  const locale = usePageLocale();
  const dialog = useCurrentDialog();
  return (
    <div className="flex flex-col gap-4" data-testid="betting-bonus-confirm">
      <p className="text-sm leading-relaxed text-muted">{t('bettingBonus.text')}</p>
      <div className="flex flex-col gap-2 tablet:flex-row-reverse">
        <Button onClick={() => dialog.close()} data-autofocus fullWidth>
          {t('bettingBonus.close')}
        </Button>
        <Button
          variant="secondary"
          href={localizePath('/promotions', locale)}
          onClick={() => dialog.close()}
          fullWidth
        >
          {t('bettingBonus.promotions')}
        </Button>
      </div>
    </div>
  );
}

/** Opens the activated popup, then (queued) the betting-bonus confirm if a betting bonus was granted. */
export function showPromoActivated(
  dialogs: Pick<DialogsApi, 'open'>,
  offer: OfferOutput,
  t: (key: string) => string,
): void {
  dialogs.open({
    title: t('activated.title'),
    size: 'sm',
    content: <PromoActivatedContent offer={offer} />,
  });
  if (offer.promotions.some((promotion) => promotion.kind === 'betting')) {
    dialogs.open({
      type: 'confirm',
      title: t('bettingBonus.title'),
      size: 'sm',
      queue: true,
      content: <BettingBonusContent />,
    });
  }
}
