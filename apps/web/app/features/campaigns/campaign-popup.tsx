/**
 * A campaign popup's body (spec §4): its plain-text content and its buttons. The player's popup
 * queue (popup-queue.tsx) shows it inside a queued dialog; the back office's popup editor
 * (routes/backoffice-promotions.tsx) renders the very same component as its live preview, so what
 * marketing sees is what players get.
 */
import type { PopupOutput } from '@croupier/contract/popups/get';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';

export function CampaignPopupBody({
  popup,
  preview,
  offerHref,
  onClose,
}: {
  popup: Pick<PopupOutput, 'key' | 'content' | 'offer_id'>;
  preview: boolean;
  /** Where "see the offer" leads: the popup's offer page (unused without an offer). */
  offerHref: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('campaigns');
  return (
    <div className="flex flex-col gap-4" data-testid={`campaign-popup-${popup.key}`}>
      {preview && (
        <span
          className="self-start rounded-full bg-warning/15 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-warning"
          data-testid="campaign-popup-preview"
        >
          {t('popup.preview')}
        </span>
      )}
      <p className="whitespace-pre-line text-sm leading-relaxed text-muted">{popup.content}</p>
      <div className="flex flex-col gap-2 tablet:flex-row-reverse">
        {popup.offer_id !== null && (
          <Button href={offerHref} onClick={onClose} data-autofocus fullWidth>
            {t('popup.seeOffer')}
          </Button>
        )}
        <Button variant={popup.offer_id === null ? 'primary' : 'secondary'} onClick={onClose} fullWidth>
          {t('popup.close')}
        </Button>
      </div>
    </div>
  );
}
