/**
 * /profile/bonuses (spec §2, §3, §4, issue 12): the player's bonuses in three sections — Active
 * (funded: active or wagering), Available (granted, waiting for activation), History (completed,
 * expired, cancelled, burned; 4 per page with "show more") — and the free-spin packs. An empty page
 * points to the promotions.
 */
import type { BonusOutput } from '@croupier/contract/bonuses/common';
import type { FreespinPack } from '@croupier/contract/freespins/get';
import { localizePath } from '@croupier/contract/locales';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useHrefAvailable } from '../../lib/site-sections.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import { BonusCard, bonusAction, useBonusConfirm } from './bonus-card.tsx';
import type { BonusActionName } from './bonus-maths.ts';
import { FreespinList } from './freespin-list.tsx';
import { useOfferActions } from './use-offer-actions.ts';

export interface BonusesPageData {
  active: BonusOutput[];
  available: BonusOutput[];
  history: { items: BonusOutput[]; total: number };
  freespins: FreespinPack[];
  /** The link that shows one more page of history, when there is more. */
  moreHistoryHref: string | null;
}

function Section({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: string;
  text?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3" data-testid={id}>
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        {text && <p className="mt-1 text-sm text-muted">{text}</p>}
      </div>
      {children}
    </section>
  );
}

function PromotionsLink({ className }: { className?: string }) {
  const { t } = useTranslation('bonuses');
  const locale = usePageLocale();
  const available = useHrefAvailable();
  if (!available('/promotions')) return null;
  return (
    <Link
      to={localizePath('/promotions', locale)}
      className={buttonClassName({ variant: 'secondary', size: 'sm', className })}
      data-testid="bonuses-promotions"
    >
      {t('empty.link')}
    </Link>
  );
}

export function BonusesPage({ data }: { data: BonusesPageData }) {
  const { t } = useTranslation('bonuses');
  const { busy, run } = useOfferActions();
  const confirmOf = useBonusConfirm();
  const onAction = (bonus: BonusOutput, action: BonusActionName) => {
    void run(bonusAction(bonus, action, confirmOf(bonus, action), t(`done.${action}`)));
  };
  const nothing =
    data.active.length === 0 &&
    data.available.length === 0 &&
    data.history.total === 0 &&
    data.freespins.length === 0;

  if (nothing) {
    return (
      <section
        className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-surface px-4 py-12 text-center shadow-card"
        data-testid="bonuses-empty"
      >
        <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-raised text-gold">
          <Icon name="gift" size="lg" />
        </span>
        <h2 className="text-lg font-semibold tracking-tight">{t('empty.title')}</h2>
        <p className="max-w-prose text-sm text-muted">{t('empty.text')}</p>
        <PromotionsLink className="mt-2" />
      </section>
    );
  }

  const cards = (bonuses: BonusOutput[]) => (
    <div className="grid gap-3">
      {bonuses.map((bonus) => (
        <BonusCard key={bonus.id} bonus={bonus} busy={busy} onAction={onAction} />
      ))}
    </div>
  );
  const empty = (text: string) => (
    <p className="rounded-2xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted">
      {text}
    </p>
  );

  return (
    <div className="flex flex-col gap-8" data-testid="bonuses">
      <Section id="bonuses-active" title={t('sections.active')} text={t('sections.activeText')}>
        {data.active.length > 0 ? cards(data.active) : empty(t('empty.active'))}
      </Section>
      {data.freespins.length > 0 && (
        <Section id="bonuses-freespins" title={t('sections.freespins')} text={t('sections.freespinsText')}>
          <FreespinList packs={data.freespins} />
        </Section>
      )}
      <Section id="bonuses-available" title={t('sections.available')} text={t('sections.availableText')}>
        {data.available.length > 0 ? (
          cards(data.available)
        ) : (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-4 py-6 text-center">
            <p className="text-sm text-muted">{t('empty.available')}</p>
            <PromotionsLink />
          </div>
        )}
      </Section>
      <Section id="bonuses-history" title={t('sections.history')} text={t('sections.historyText')}>
        {data.history.items.length > 0 ? cards(data.history.items) : empty(t('empty.history'))}
        {data.history.total > 0 && (
          <div className="flex flex-col items-center gap-3">
            <p className="text-xs text-muted" aria-live="polite">
              {t('shown', { shown: data.history.items.length, total: data.history.total })}
            </p>
            {data.moreHistoryHref && (
              <Link
                to={data.moreHistoryHref}
                preventScrollReset
                className={buttonClassName({ variant: 'secondary', size: 'sm' })}
                data-testid="bonuses-history-more"
              >
                {t('actions.more')}
              </Link>
            )}
          </div>
        )}
      </Section>
    </div>
  );
}
