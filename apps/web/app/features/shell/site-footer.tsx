/** Footer (spec §3 "footer links"): link groups, payment methods, social links, licence and responsible-gaming texts. */
import type { Locale } from '@croupier/contract/locales';
import { localizePath } from '@croupier/contract/locales';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { ShellData } from '../../lib/shell.ts';
import { linksFor } from '../../lib/shell.ts';
import { ChipMark } from '../../ui/logo.tsx';
import { InstallAppButton } from '../pwa/install-app-button.tsx';
import { MenuLink } from './menu-link.tsx';
import { PaymentBadge } from './payment-badge.tsx';
import { SocialIcon } from './social-icon.tsx';

export interface SiteFooterProps {
  shell: ShellData;
  locale: Locale;
  isAuthenticated: boolean;
}

export function SiteFooter({ shell, locale, isAuthenticated }: SiteFooterProps) {
  const { t } = useTranslation();
  const { footer } = shell;
  return (
    <footer className="mt-16 border-t border-border bg-surface/60">
      <div className="mx-auto w-full max-w-screen-desktopMd px-4 py-10 tablet:px-6 laptop:px-8 laptop:py-14">
        <nav aria-label={t('footerNavigation')}>
          <div className="grid grid-cols-2 gap-x-6 gap-y-8 tablet:grid-cols-4">
            {footer.groups.map((group) => (
              <div key={group.id}>
                <h2 className="mb-3 text-xs font-semibold tracking-wider text-muted uppercase">
                  {group.title}
                </h2>
                <ul className="space-y-1">
                  {linksFor(group.links, isAuthenticated).map((link) => (
                    <li key={link.id}>
                      <MenuLink
                        item={link}
                        locale={locale}
                        showIcon={false}
                        className="inline-flex min-h-9 items-center text-sm text-text/85 transition-colors hover:text-accent"
                      />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </nav>

        <div className="mt-10 flex flex-col gap-8 border-t border-border pt-8 laptop:flex-row laptop:items-center laptop:justify-between">
          <div>
            <h2 className="mb-3 text-xs font-semibold tracking-wider text-muted uppercase">
              {t('footer.paymentMethods')}
            </h2>
            <ul className="flex flex-wrap gap-2">
              {footer.paymentIcons.map((payment) => (
                <li key={payment.icon}>
                  <PaymentBadge icon={payment.icon} name={payment.name} />
                </li>
              ))}
            </ul>
          </div>
          {shell.socialLinks.length > 0 && (
            <div>
              <h2 className="mb-3 text-xs font-semibold tracking-wider text-muted uppercase">
                {t('footer.followUs')}
              </h2>
              <ul className="flex gap-2">
                {linksFor(shell.socialLinks, isAuthenticated).map((link) => (
                  <li key={link.id}>
                    <MenuLink
                      item={link}
                      locale={locale}
                      showIcon={false}
                      className="inline-flex size-11 items-center justify-center rounded-xl border border-border bg-raised text-muted transition-colors hover:border-accent hover:text-text"
                    >
                      <SocialIcon name={link.icon ?? link.id} />
                      <span className="sr-only">{link.title}</span>
                    </MenuLink>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>

        <div className="mt-8 grid gap-6 border-t border-border pt-8 text-sm leading-relaxed text-muted laptop:grid-cols-2">
          <section aria-labelledby="footer-licence">
            <h2 id="footer-licence" className="mb-2 font-semibold text-text">
              {t('footer.licence')}
            </h2>
            <p>{footer.licenceText}</p>
          </section>
          <section aria-labelledby="footer-rg">
            <h2 id="footer-rg" className="mb-2 flex items-center gap-2 font-semibold text-text">
              <span className="inline-flex size-7 items-center justify-center rounded-full border-2 border-danger text-[0.7rem] font-bold text-text">
                18+
              </span>
              {t('footer.responsibleGaming')}
            </h2>
            <p>{footer.responsibleGamingText}</p>
          </section>
        </div>

        <div className="mt-8 flex flex-col items-start gap-3 border-t border-border pt-6 text-xs text-muted tablet:flex-row tablet:items-center tablet:justify-between">
          <Link
            to={localizePath('/', locale)}
            className="inline-flex items-center gap-2 text-text"
            aria-label={shell.siteName}
          >
            <ChipMark className="size-6" />
            <span className="font-semibold">{shell.siteName}</span>
          </Link>
          {/* Offered only while the browser can install the site as an app (ADR 038). */}
          <InstallAppButton />
          {/* The operator writes `{year}` once; the footer keeps it current. */}
          <p>{footer.copyright.replace('{year}', String(new Date().getUTCFullYear()))}</p>
        </div>
      </div>
    </footer>
  );
}
