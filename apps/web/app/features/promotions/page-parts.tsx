/** Shared parts of the promotions and offers pages: the page header, skeletons and breadcrumbs. */
import { localizePath } from '@croupier/contract/locales';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { Skeleton, SkeletonText } from '../../ui/skeleton.tsx';

export function PageHeader({
  eyebrow,
  title,
  intro,
  aside,
}: {
  eyebrow: string;
  title: string;
  intro: string;
  aside?: ReactNode;
}) {
  return (
    <header className="relative overflow-hidden rounded-3xl border border-gold/25 bg-[radial-gradient(120%_140%_at_0%_0%,rgb(245_184_46/0.18),transparent_55%),linear-gradient(135deg,#1c2440,#141a2e)] p-6 tablet:p-8">
      <p className="text-sm font-semibold text-gold">{eyebrow}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight laptop:text-3xl">{title}</h1>
      <p className="mt-2 max-w-2xl text-sm leading-relaxed text-muted">{intro}</p>
      {aside && <div className="mt-4">{aside}</div>}
    </header>
  );
}

/** Placeholder cards while the page's data reloads (a navigation or a revalidation). */
export function CardsSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <div
      className="mt-8 grid gap-4 tablet:grid-cols-2 laptop:grid-cols-3"
      role="status"
      aria-busy="true"
      aria-label={label}
    >
      {[...Array(count).keys()].map((index) => (
        <div key={index} className="overflow-hidden rounded-2xl border border-border bg-surface">
          <Skeleton className="aspect-[5/3] w-full rounded-none" />
          <div className="p-4">
            <SkeletonText lines={3} />
          </div>
        </div>
      ))}
    </div>
  );
}

export function Breadcrumbs({
  parent,
  current,
}: {
  parent: { href: string; label: string };
  current: string;
}) {
  const { t } = useTranslation('common');
  const locale = usePageLocale();
  return (
    <nav aria-label={t('breadcrumb')} className="text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-x-2">
        <li>
          <Link to={localizePath('/', locale)} className="hover:text-text">
            {t('home')}
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>
          <Link to={parent.href} className="hover:text-text">
            {parent.label}
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="truncate text-text/80">
          {current}
        </li>
      </ol>
    </nav>
  );
}
