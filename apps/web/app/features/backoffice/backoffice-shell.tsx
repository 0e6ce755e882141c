/**
 * The signed-in back office: a slim header (brand, who is signed in, sign out) and the sections the
 * staff member's permissions allow — a side column from laptop width, a row that scrolls within
 * itself on a phone, so the page itself never scrolls sideways.
 */
import type { ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/class-names.ts';
import { Icon } from '../../ui/icon.tsx';
import type { IconName } from '../../ui/icon-names.ts';
import { ChipMark } from '../../ui/logo.tsx';
import { ScrollBox } from '../../ui/scroll-box.tsx';
import type { BackofficeUser } from './backoffice-api.ts';
import { backofficeHref, signInHref } from './backoffice-paths.ts';
import { needsMfaEnrolment, type SectionKey, sectionsFor } from './backoffice-permissions.ts';
import { dropToken } from './backoffice-session.ts';

const SECTION_ICONS: Record<SectionKey, IconName> = {
  players: 'user',
  withdrawals: 'withdraw',
  deposits: 'deposit',
  promotions: 'gift',
  trading: 'betting',
  tournaments: 'tournaments',
  jackpots: 'jackpot',
  loyalty: 'loyalty',
  kyc: 'check-circle',
  reports: 'calendar',
  content: 'globe',
  domains: 'external-link',
  banners: 'promotions',
  audit: 'history',
  staff: 'shield',
};

export function BackofficeShell({ user, children }: { user: BackofficeUser; children: ReactNode }) {
  const { t } = useTranslation('backoffice');
  const navigate = useNavigate();
  const locale = usePageLocale();
  // Until two-factor is set up no section would open (each leads back to enrolment): none is offered.
  const sections = needsMfaEnrolment(user) ? [] : sectionsFor(user);

  function signOut() {
    dropToken();
    void navigate(signInHref(locale), { replace: true });
  }

  const navLinkClass = ({ isActive }: { isActive: boolean }) =>
    cx(
      'flex min-h-11 shrink-0 items-center gap-2 rounded-lg px-3 text-sm font-medium whitespace-nowrap',
      isActive ? 'bg-raised text-text' : 'text-muted hover:bg-raised hover:text-text',
    );

  return (
    <div className="min-h-dvh bg-background">
      <header className="sticky top-(--demo-banner-height) z-20 border-b border-border bg-surface">
        <div className="flex h-14 items-center gap-3 px-3 tablet:px-5">
          <NavLink to={backofficeHref(locale)} end className="flex min-w-0 items-center gap-2">
            <ChipMark className="size-7 shrink-0" />
            <span className="truncate font-semibold">{t('title')}</span>
          </NavLink>
          <div className="ms-auto flex min-w-0 items-center gap-2">
            <span className="hidden min-w-0 text-end text-sm leading-tight tablet:block">
              <span className="block truncate font-medium">{user.username}</span>
              <span className="block truncate text-xs text-muted">
                {user.role ? t(`roles.${user.role}`, { defaultValue: user.role }) : t('roles.none')}
              </span>
            </span>
            <button
              type="button"
              onClick={signOut}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium text-muted hover:bg-raised hover:text-text"
            >
              <Icon name="logout" size="sm" />
              {t('signOut')}
            </button>
          </div>
        </div>
        <nav aria-label={t('nav.label')} className="border-t border-border laptop:hidden">
          <ul className="flex gap-1 overflow-x-auto px-2 py-1.5">
            {sections.map((section) => (
              <li key={section.key}>
                <NavLink to={backofficeHref(locale, section.path)} className={navLinkClass}>
                  <Icon name={SECTION_ICONS[section.key]} size="sm" />
                  {t(`nav.${section.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <div className="laptop:grid laptop:grid-cols-[14rem_minmax(0,1fr)]">
        <nav
          aria-label={t('nav.label')}
          className="hidden border-e border-border laptop:block laptop:min-h-[calc(100dvh-3.5rem-var(--demo-banner-height))]"
        >
          <ul className="sticky top-[calc(var(--demo-banner-height)+3.5rem)] flex flex-col gap-1 p-3">
            {sections.map((section) => (
              <li key={section.key}>
                <NavLink to={backofficeHref(locale, section.path)} className={navLinkClass}>
                  <Icon name={SECTION_ICONS[section.key]} size="sm" />
                  {t(`nav.${section.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className="min-w-0 px-3 py-5 tablet:px-5 laptop:px-8">{children}</main>
      </div>
    </div>
  );
}

/** A page's heading row: its title, and actions or filters beside it. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="min-w-0 text-xl font-semibold wrap-anywhere tablet:text-2xl">{title}</h1>
      {children}
    </div>
  );
}

/** A failed load or action, translated (backoffice-errors.ts). */
export function ErrorNote({ text }: { text: string }) {
  return (
    <p
      role="alert"
      className="my-3 rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-text"
    >
      {text}
    </p>
  );
}

/** A back-office table's box (ui/scroll-box.tsx): tables scroll inside it, never the page. */
export function TableBox({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ScrollBox label={label} className="rounded-xl">
      {children}
    </ScrollBox>
  );
}

export const TH =
  'px-3 py-2 text-start text-xs font-semibold tracking-wide text-muted uppercase whitespace-nowrap';
export const TD = 'px-3 py-2 align-top text-sm';

/** Previous and next page of a list (links, so the page's place is in its URL). */
export function Pager({ previous, next }: { previous: string | null; next: string | null }) {
  const { t } = useTranslation('backoffice');
  if (!previous && !next) return null;
  return (
    <nav aria-label={t('pager.label')} className="mt-4 flex justify-end gap-2">
      {previous && (
        <Button href={previous} size="sm" variant="secondary">
          {t('pager.previous')}
        </Button>
      )}
      {next && (
        <Button href={next} size="sm" variant="secondary">
          {t('pager.next')}
        </Button>
      )}
    </nav>
  );
}

/** One pill of a PillTabs row. */
export interface PillTab {
  key: string;
  href: string;
  text: string;
  current: boolean;
}

/**
 * A row of links as pills (status tabs, report sections, collections, languages), the current one
 * marked for assistive technology too; the row scrolls within itself on a phone.
 */
export function PillTabs({ label, tabs, className }: { label: string; tabs: PillTab[]; className?: string }) {
  return (
    <nav aria-label={label} className={cx('-mx-1 overflow-x-auto', className ?? 'mb-4')}>
      <ul className="flex gap-1 px-1">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.href}
              aria-current={tab.current ? 'page' : undefined}
              className={cx(
                'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap',
                tab.current
                  ? 'border-accent bg-accent/15 text-text'
                  : 'border-border text-muted hover:border-border-strong hover:text-text',
              )}
            >
              {tab.text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
