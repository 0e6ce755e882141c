/**
 * The deposit methods (spec §2 /cashier/deposit/{sysname}): each a link to its page with icons,
 * title, min/max (the bounds in the player's currency — the content's min/max text is written for one
 * currency — else that text) and, from laptop width, its description.
 * Layout per content (`cashier-config.depositLayout`): the whole list in the page ('container'),
 * or a list that scrolls in its own box ('containerWithScroll').
 */

import type { PaymentMethodOutput } from '@croupier/contract/cashier/payment-methods';
import type { CmsConfig } from '@croupier/contract/content/cms-config';
import { localizePath } from '@croupier/contract/locales';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { cx } from '../../ui/class-names.ts';
import { Icon } from '../../ui/icon.tsx';
import { offerFromQuery } from './deposit-offers.tsx';
import { MethodIcons } from './method-icons.tsx';
import { useCashierFormat } from './use-cashier-format.ts';

/**
 * 'containerWithScroll': the list scrolls in its own box. Every row is a link, so keyboard focus
 * moving through them scrolls the box; the box itself needs no tab stop.
 */
function ScrollBox({ scroll, label, children }: { scroll: boolean; label: string; children: ReactNode }) {
  if (!scroll) return children;
  return (
    <section
      aria-label={label}
      className="max-h-[22rem] overflow-y-auto overscroll-contain rounded-2xl pe-1 laptop:max-h-[30rem]"
    >
      {children}
    </section>
  );
}

export function MethodList({
  methods,
  selected,
  layout,
}: {
  methods: readonly PaymentMethodOutput[];
  selected: string | null;
  layout: CmsConfig['cashier-config']['depositLayout'];
}) {
  const { t } = useTranslation('cashier');
  const { money, locale } = useCashierFormat();
  const scroll = layout === 'containerWithScroll';
  // The offers page links `?offer={id}`: the preselected offer follows the player to another method.
  const offer = offerFromQuery(useLocation().search);
  const offerQuery = offer === null ? '' : `?offer=${offer}`;
  return (
    <nav aria-labelledby="deposit-methods-title" data-testid="deposit-methods" data-layout={layout}>
      <h2
        id="deposit-methods-title"
        className="mb-3 text-sm font-semibold tracking-wide text-muted uppercase"
      >
        {t('deposit.methods')}
      </h2>
      <ScrollBox scroll={scroll} label={t('deposit.methods')}>
        <ul className="grid grid-cols-2 gap-2 laptop:grid-cols-1">
          {methods.map((method) => {
            const active = method.sysname === selected;
            const bounds = method.deposit
              ? t('amount.boundsShort', { min: money(method.deposit.min), max: money(method.deposit.max) })
              : '';
            return (
              <li key={method.sysname} className="min-w-0">
                <Link
                  to={`${localizePath(`/cashier/deposit/${method.sysname}`, locale)}${offerQuery}`}
                  preventScrollReset
                  replace
                  aria-current={active ? 'page' : undefined}
                  data-testid={`deposit-method-${method.sysname}`}
                  className={cx(
                    'flex h-full min-h-20 flex-col gap-2 rounded-2xl border p-3 transition-colors laptop:flex-row laptop:items-center laptop:gap-3 laptop:p-4',
                    active
                      ? 'border-accent bg-accent/10'
                      : 'border-border bg-surface hover:border-border-strong hover:bg-raised/40',
                  )}
                >
                  <MethodIcons icons={method.icons} />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate text-sm font-semibold text-text laptop:text-base">
                      {method.title}
                    </span>
                    <span className="text-xs text-muted">{bounds || method.min_max_text}</span>
                    {method.description && (
                      <span className="mt-1 hidden text-xs leading-relaxed text-muted laptop:line-clamp-2">
                        {method.description}
                      </span>
                    )}
                  </span>
                  {active && <Icon name="check" className="hidden text-accent laptop:block" />}
                </Link>
              </li>
            );
          })}
        </ul>
      </ScrollBox>
    </nav>
  );
}
