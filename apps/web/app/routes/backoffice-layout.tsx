/**
 * The back office (issue #18, ADR 045): staff screens inside the web app, under /backoffice and
 * /fr/backoffice. Nothing here is linked from the player site, indexed or in the sitemap, and its
 * modules and texts are separate chunks that only these routes load. The server renders a shell
 * (the fallback below); the browser, which alone holds the staff member's token
 * (sessionStorage), finds who is signed in and loads each page's data (clientLoader).
 */

import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { isRouteErrorResponse, Outlet, useLoaderData, useLocation } from 'react-router';
import { ensureBackofficeTexts } from '../features/backoffice/backoffice-i18n.client.ts';
import { requireStaff, TWO_FACTOR_PATH } from '../features/backoffice/backoffice-loaders.ts';
import { BackofficeShell } from '../features/backoffice/backoffice-shell.tsx';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { localeOfPath } from '../lib/locale-paths.ts';
import { Spinner } from '../ui/spinner.tsx';
import type { Route } from './+types/backoffice-layout';

/** Pages without the signed-in shell. */
const BRAND = 'Croupier';

function isSignInPath(pathname: string): boolean {
  return /\/backoffice\/sign-in\/?$/.test(pathname);
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { pathname } = new URL(request.url);
  const locale = localeOfPath(pathname);
  await ensureBackofficeTexts(locale);
  const title = i18nFor(locale).t('backoffice:title');
  if (isSignInPath(pathname)) return { user: null, title };
  return { user: await requireStaff(request), title };
}
clientLoader.hydrate = true as const;

/**
 * The signed-in staff member is looked up again only around signing in or out and two-factor
 * enrolment, or when a page asks (revalidation after a change), not at every filter or page of a list.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  const changesWho = (pathname: string) => isSignInPath(pathname) || pathname.endsWith(TWO_FACTOR_PATH);
  return changesWho(currentUrl.pathname) || changesWho(nextUrl.pathname);
}

/**
 * Never indexed. The title comes with the texts (the shell the server renders, and the browser
 * hydrates before they are in, carries the brand's name only, so both render the same head).
 */
export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData?.title ? `${loaderData.title} | ${BRAND}` : BRAND },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

/** What the server renders (it has no token) and what shows until the first page's data is in. */
export function HydrateFallback() {
  // The `ui` texts every page has: the back office's are not in the browser yet.
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background">
      <Spinner size="lg" />
    </div>
  );
}

export default function BackofficeLayout() {
  const { user } = useLoaderData<typeof clientLoader>();
  if (!user) {
    return (
      <main className="flex min-h-dvh items-start justify-center bg-background px-4 py-10 tablet:items-center">
        <Outlet />
      </main>
    );
  }
  return (
    <BackofficeShell user={user}>
      <Outlet />
    </BackofficeShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation('backoffice');
  const location = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-xl font-semibold">{notFound ? t('errors.not_found') : t('errors.unknown')}</h1>
      <p className="mt-4">
        <a className="text-accent underline" href={location.pathname}>
          {t('retry')}
        </a>
      </p>
    </main>
  );
}
