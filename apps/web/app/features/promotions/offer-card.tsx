/**
 * One offer (`campaigns.getoffers`): its trigger in words, the bonuses it grants, and the action
 * that fits it — deposit offers lead to the deposit page with the offer chosen, action offers are
 * taken here, promo-code offers lead to the code field; a guest is asked to sign up.
 */
import type { OfferOutput } from '@croupier/contract/campaigns/common';
import { CheckCircle2, Gift } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { Button, buttonClassName } from '../../ui/button.tsx';
import { cx } from '../../ui/class-names.ts';
import { formatDate } from '../../ui/format.ts';
import { useAuthRoot } from '../auth/auth-root-data.ts';
import { depositWithOfferPath, offerPath, promoCodeFormPath, signUpHref } from './promotion-paths.ts';
import { useOfferActions } from './use-offer-actions.ts';

export function OfferAction({ offer }: { offer: OfferOutput }) {
  const { t } = useTranslation('promotions');
  const locale = usePageLocale();
  const location = useLocation();
  const isPlayer = useAuthRoot()?.isAuthenticated ?? false;
  const { take, pending } = useOfferActions();

  if (offer.is_taken) {
    return (
      <span
        className="inline-flex items-center gap-1.5 rounded-full bg-accent/10 px-3 py-1.5 text-sm font-semibold text-accent ring-1 ring-accent/25"
        data-testid="offer-taken"
      >
        <CheckCircle2 className="size-4" aria-hidden focusable={false} />
        {t('offers.taken')}
      </span>
    );
  }
  if (!isPlayer) {
    return (
      <Button href={signUpHref(location.pathname, null)} data-testid="offer-sign-up">
        {t('offers.signUp')}
      </Button>
    );
  }
  switch (offer.trigger) {
    case 'deposit':
      return (
        <Button href={depositWithOfferPath(offer.id, locale)} data-testid="offer-deposit">
          {t('offers.deposit')}
        </Button>
      );
    case 'action':
      return (
        <Button
          loading={pending === `take:${offer.id}`}
          onClick={() => void take(offer.id, offer.title)}
          data-testid="offer-take"
        >
          {t('offers.take')}
        </Button>
      );
    case 'promo_code':
      return (
        <Button href={promoCodeFormPath(locale)} variant="secondary" data-testid="offer-enter-code">
          {t('offers.enterCode')}
        </Button>
      );
    default:
      // Registration offers are granted at sign-up: nothing for a player to do.
      return null;
  }
}

export function OfferBody({ offer }: { offer: OfferOutput }) {
  const { t } = useTranslation('promotions');
  return (
    <>
      <p className="mt-3 text-sm leading-relaxed text-text/85">{t(`offers.trigger.${offer.trigger}`)}</p>
      {offer.description && <p className="mt-2 text-sm leading-relaxed text-muted">{offer.description}</p>}
      <h3 className="mt-4 text-xs font-semibold tracking-wide text-muted uppercase">{t('offers.youGet')}</h3>
      {offer.promotions.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('offers.noPromotions')}</p>
      ) : (
        <ul className="mt-2 grid gap-2">
          {offer.promotions.map((promotion) => (
            <li
              key={promotion.template_id}
              className="flex gap-3 rounded-xl border border-border bg-raised/50 p-3"
              data-testid="offer-promotion"
            >
              <Gift className="mt-0.5 size-5 shrink-0 text-gold" aria-hidden focusable={false} />
              <div className="min-w-0">
                <p className="text-sm font-semibold">
                  {promotion.name}
                  <span className="ms-2 rounded-md bg-surface px-1.5 py-0.5 text-xs font-medium text-muted ring-1 ring-border">
                    {t(`offers.kind.${promotion.kind}`)}
                  </span>
                </p>
                <p className="mt-1 text-sm leading-relaxed text-muted">{promotion.description}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {offer.exclude_methods.length > 0 && (
        <p className="mt-3 text-xs text-muted">
          {t('offers.excluded', { methods: offer.exclude_methods.join(', ') })}
        </p>
      )}
    </>
  );
}

export function OfferCard({ offer, headingLevel = 2 }: { offer: OfferOutput; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('promotions');
  const locale = usePageLocale();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className={cx(
        'flex flex-col rounded-2xl border bg-surface p-4 tablet:p-5',
        offer.is_taken ? 'border-accent/30' : 'border-border',
      )}
      data-testid="offer-card"
    >
      <div className="flex flex-wrap items-center gap-2 text-xs font-medium">
        <span className="rounded-full bg-gold/10 px-2.5 py-1 text-gold ring-1 ring-gold/25">
          {t(`offers.triggerLabel.${offer.trigger}`)}
        </span>
        <span className="text-muted">
          {offer.ends_at
            ? t('offers.endsAt', { date: formatDate(offer.ends_at, { timeZone: 'UTC' }) })
            : t('offers.noEnd')}
        </span>
      </div>
      <Heading className="mt-3 text-lg font-semibold tracking-tight text-balance">
        <Link to={offerPath(offer.id, locale)} className="hover:text-accent focus-visible:text-accent">
          {offer.title}
        </Link>
      </Heading>
      <div className="flex-1">
        <OfferBody offer={offer} />
      </div>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <OfferAction offer={offer} />
        <Link
          to={offerPath(offer.id, locale)}
          className={buttonClassName({ variant: 'ghost', size: 'sm' })}
          aria-label={t('offers.detailsAbout', { title: offer.title })}
        >
          {t('offers.details')}
        </Link>
      </div>
    </article>
  );
}
