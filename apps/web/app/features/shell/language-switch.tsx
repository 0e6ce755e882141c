/**
 * The language switch (spec §2): the same page in the other language, and the choice saved in the
 * `i18n_locale` cookie (365 days) so unprefixed URLs follow it. It is a real document navigation:
 * each language is its own URL with its own translations bundle.
 */
import { LOCALE_TAGS, LOCALES, type Locale } from '@croupier/contract/locales';
import { Check, Globe } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { saveLocaleChoice } from '../../lib/locale-cookie.ts';
import { switchLocaleHref } from '../../lib/locale-paths.ts';
import { cx } from '../../ui/class-names.ts';
import { useDialogs } from '../../ui/dialogs.tsx';

/** The list of languages; used in the language dialog and in the side menu. */
export function LanguageOptions({ locale, onPick }: { locale: Locale; onPick?: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <ul className="grid gap-2" data-testid="language-options">
      {LOCALES.map((option) => {
        const current = option === locale;
        return (
          <li key={option}>
            <Link
              to={switchLocaleHref(location, option)}
              reloadDocument
              hrefLang={LOCALE_TAGS[option]}
              lang={LOCALE_TAGS[option]}
              aria-current={current ? 'true' : undefined}
              onClick={() => {
                saveLocaleChoice(option);
                onPick?.();
              }}
              className={cx(
                'flex min-h-12 items-center justify-between gap-3 rounded-xl border px-4 text-base transition-colors',
                current
                  ? 'border-accent/60 bg-accent/10 text-text'
                  : 'border-border bg-raised text-text/90 hover:border-border-strong hover:text-text',
              )}
            >
              <span className="flex items-center gap-3">
                <span className="inline-flex h-6 w-8 items-center justify-center rounded-md bg-background text-xs font-bold uppercase text-muted">
                  {option}
                </span>
                {t(`languages.${option}`)}
              </span>
              {current && (
                <>
                  <Check className="size-5 text-accent" aria-hidden focusable={false} />
                  <span className="sr-only">{t('language.current')}</span>
                </>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Header button: opens the language dialog. */
export function LanguageSwitch({ locale, className }: { locale: Locale; className?: string }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const language = t(`languages.${locale}`);
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      data-testid="language-switch"
      onClick={() =>
        dialogs.open({
          title: t('language.title'),
          size: 'sm',
          content: ({ close }) => <LanguageOptions locale={locale} onPick={() => close()} />,
        })
      }
      className={cx(
        'inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2.5 text-sm font-semibold text-muted transition-colors hover:bg-raised hover:text-text',
        className,
      )}
    >
      <Globe className="size-5" aria-hidden focusable={false} />
      {/* The name starts with the visible code (WCAG 2.5.3 label in name): "EN, change language…". */}
      <span>
        {locale.toUpperCase()}
        <span className="sr-only">{t('language.change', { language })}</span>
      </span>
    </button>
  );
}
