/**
 * A system page (spec §2): icon, header, description and — for some kinds only — a button whose
 * target is fixed by the spec. Texts come from `prazer-config.systemPages`; the bundled texts are
 * a fallback for when the content service is unavailable. Pending shows a spinner instead of an icon.
 */
import type { SystemPageKind } from '@croupier/contract/content/cms-config';
import { type Locale, localizePath } from '@croupier/contract/locales';
import {
  Ban,
  CircleCheck,
  CircleX,
  ExternalLink,
  Gamepad2,
  Lock,
  type LucideIcon,
  MailCheck,
  SearchX,
  Smartphone,
  UserX,
  Wrench,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useHrefAvailable } from '../../lib/site-sections.ts';
import { systemPageButtonTarget } from '../../lib/system-pages.ts';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/class-names.ts';
import { Spinner } from '../../ui/spinner.tsx';

const ICONS: Record<Exclude<SystemPageKind, 'payPending'>, { icon: LucideIcon; tone: string }> = {
  maintenance: { icon: Wrench, tone: 'text-warning bg-warning/10 ring-warning/30' },
  notFound: { icon: SearchX, tone: 'text-info bg-info/10 ring-info/30' },
  forbidden: { icon: Lock, tone: 'text-danger bg-danger/10 ring-danger/30' },
  userBlocked: { icon: UserX, tone: 'text-danger bg-danger/10 ring-danger/30' },
  unsubscribe: { icon: MailCheck, tone: 'text-accent bg-accent/10 ring-accent/30' },
  slotError: { icon: Gamepad2, tone: 'text-warning bg-warning/10 ring-warning/30' },
  payCancel: { icon: Ban, tone: 'text-muted bg-raised ring-border-strong' },
  payFail: { icon: CircleX, tone: 'text-danger bg-danger/10 ring-danger/30' },
  payMobile: { icon: Smartphone, tone: 'text-info bg-info/10 ring-info/30' },
  payNewWindow: { icon: ExternalLink, tone: 'text-info bg-info/10 ring-info/30' },
  paySuccess: { icon: CircleCheck, tone: 'text-accent bg-accent/10 ring-accent/30' },
};

export interface SystemPageTexts {
  header: string;
  description: string;
  buttonText: string;
}

export interface SystemPageProps {
  kind: SystemPageKind;
  locale: Locale;
  texts: SystemPageTexts | undefined;
  /** The not-found page shows the requested address (spec §5). */
  path?: string | undefined;
  /** Payment result pages may name their transaction. */
  transaction?: string | undefined;
  /** Shown under the description, above the button (a payment result's transaction). */
  children?: ReactNode;
}

export function SystemPage({ kind, locale, texts, path, transaction, children }: SystemPageProps) {
  const { t } = useTranslation('pages');
  const header = texts?.header || t(`system.${kind}.header`);
  const description = texts?.description || t(`system.${kind}.description`);
  const buttonText = texts?.buttonText || t(`system.${kind}.buttonText`);
  const hrefAvailable = useHrefAvailable();
  // A button into a section without pages (the blocked page's `/support`) would be a dead end.
  const fixedTarget = systemPageButtonTarget(kind);
  const target = fixedTarget && hrefAvailable(fixedTarget) ? fixedTarget : undefined;

  return (
    <section
      className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-14 text-center tablet:py-20"
      data-system-page={kind}
    >
      <div aria-hidden={kind !== 'payPending'} className="mb-6">
        {kind === 'payPending' ? (
          <span className="inline-flex size-20 items-center justify-center rounded-full bg-info/10 text-info ring-1 ring-info/30">
            <Spinner size="lg" />
          </span>
        ) : (
          <SystemIcon kind={kind} />
        )}
      </div>
      {kind === 'notFound' && (
        <p className="mb-2 font-mono text-sm font-semibold tracking-widest text-info">404</p>
      )}
      <h1 className="text-2xl font-bold tracking-tight text-balance tablet:text-3xl">{header}</h1>
      <p className="mt-3 max-w-prose text-base leading-relaxed text-pretty text-muted">{description}</p>
      {kind === 'notFound' && path && (
        <p className="mt-5 flex max-w-full flex-col items-center gap-1 text-sm">
          <span className="text-muted">{t('notFound.requestedPath')}</span>
          <code className="max-w-full truncate rounded-lg border border-border bg-surface px-3 py-1.5 font-mono text-text">
            {path}
          </code>
        </p>
      )}
      {transaction && (
        <p className="mt-4 rounded-lg border border-border bg-surface px-3 py-1.5 font-mono text-sm text-muted">
          {t('system.transaction', { id: transaction })}
        </p>
      )}
      {children}
      {target && buttonText && (
        <Button href={localizePath(target, locale)} className="mt-8" size="lg">
          {buttonText}
        </Button>
      )}
      {kind === 'notFound' && (
        // A way out of a wrong address: the home page and the game hall.
        <nav
          aria-label={t('notFound.waysOut')}
          className="mt-8 flex w-full flex-col items-stretch justify-center gap-3 tablet:w-auto tablet:flex-row"
          data-testid="not-found-ways-out"
        >
          <Button href={localizePath('/', locale)} size="lg" iconStart="home">
            {t('notFound.home')}
          </Button>
          <Button href={localizePath('/gamehall', locale)} size="lg" variant="secondary">
            {t('notFound.gamehall')}
          </Button>
        </nav>
      )}
    </section>
  );
}

function SystemIcon({ kind }: { kind: Exclude<SystemPageKind, 'payPending'> }) {
  const { icon: IconComponent, tone } = ICONS[kind];
  return (
    <span className={cx('inline-flex size-20 items-center justify-center rounded-full ring-1', tone)}>
      <IconComponent className="size-9" strokeWidth={1.75} aria-hidden focusable={false} />
    </span>
  );
}
