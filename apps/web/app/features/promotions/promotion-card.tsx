/** One promotion in the /promotions grid: image, title, summary, validity and a "More" link. */
import type { PromotionSummary } from '@croupier/contract/promotions/get';
import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { promotionPath } from './promotion-paths.ts';
import { validityText } from './validity.ts';

export function PromotionCard({ promotion, now }: { promotion: PromotionSummary; now: Date }) {
  const { t } = useTranslation('promotions');
  const locale = usePageLocale();
  const href = promotionPath(promotion.id, locale);
  return (
    <article
      className="group flex flex-col overflow-hidden rounded-2xl border border-border bg-surface transition-colors hover:border-accent/40"
      data-testid="promotion-card"
    >
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className="block aspect-[5/3] overflow-hidden bg-raised"
      >
        <img
          src={promotion.image}
          alt=""
          loading="lazy"
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
        />
      </Link>
      <div className="flex flex-1 flex-col p-4 tablet:p-5">
        <p className="flex items-center gap-1.5 text-xs font-medium text-muted">
          <CalendarDays className="size-3.5" aria-hidden focusable={false} />
          {validityText(t, promotion.starts_at, promotion.ends_at, now)}
        </p>
        <h2 className="mt-2 text-lg font-semibold tracking-tight text-balance">
          <Link to={href} className="hover:text-accent focus-visible:text-accent">
            {promotion.title}
          </Link>
        </h2>
        <p className="mt-2 flex-1 text-sm leading-relaxed text-muted">{promotion.summary}</p>
        <div className="mt-4">
          <Link
            to={href}
            className={buttonClassName({ variant: 'secondary', size: 'sm' })}
            aria-label={t('list.moreAbout', { title: promotion.title })}
          >
            {t('list.more')}
          </Link>
        </div>
      </div>
    </article>
  );
}
