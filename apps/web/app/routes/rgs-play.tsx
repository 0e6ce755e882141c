/**
 * /rgs/play/{code}?session=…&lang=en|fr — the in-house game server's game page, shown inside the
 * game iframe of /game/{sysname} (docs/game-server.md, "Launch"). Outside the locale prefix and
 * outside every site layout: no header, footer or platform calls. The page belongs to the game
 * server, which is a provider like any other, so it talks only to /rgs/api/* with the session id of
 * its URL (root.tsx skips its site-wide work for /rgs/play/*: see features/rgs/rgs-paths.ts).
 *
 * Everything is loaded in the browser (client loader): the page's language bundles, the session
 * (GET /rgs/api/session) and the engine's UI chunk. The server renders a themed splash.
 */
import { DEFAULT_LOCALE, LOCALE_TAGS, type Locale } from '@croupier/contract/locales';
import { useEffect, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useLocation, useRevalidator } from 'react-router';
import { loadGameModule } from '../features/rgs/game-modules.ts';
import rgsCss from '../features/rgs/rgs.css?url';
import { gameLangOf } from '../features/rgs/rgs-paths.ts';
import { errorCodeOf } from '../features/rgs/shell/error-messages.ts';
import { GameShell } from '../features/rgs/shell/game-shell.tsx';
import type { GameModule } from '../features/rgs/shell/game-shell-context.ts';
import { createRgsClient, type RgsErrorCode, type RgsSession } from '../features/rgs/shell/rgs-client.ts';
import { ensureLocale } from '../i18n/i18n.client.ts';
import { i18nFor, isLocaleLoaded } from '../i18n/i18n.ts';
import type { Route } from './+types/rgs-play';

type LoadResult =
  | { lang: Locale; sessionId: string; session: RgsSession; module: GameModule }
  | { lang: Locale; error: RgsErrorCode | 'unsupported' };

export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<LoadResult> {
  const url = new URL(request.url);
  const lang = gameLangOf(url.searchParams);
  await ensureLocale(lang);
  const sessionId = url.searchParams.get('session')?.trim() ?? '';
  if (!sessionId || sessionId.length > 200) return { lang, error: 'session_invalid' };
  try {
    const session = await createRgsClient({ sessionId }).getSession();
    const module = await loadGameModule(session.game.engine);
    if (!module) return { lang, error: 'unsupported' };
    return { lang, sessionId, session, module };
  } catch (error) {
    return { lang, error: errorCodeOf(error) };
  }
}
clientLoader.hydrate = true as const;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: rgsCss }];

/** `neon-reels` → `Neon Reels`: the title before the session (and its display name) is known. */
function titleOfCode(code: string | undefined): string {
  return (code ?? '')
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export const meta: Route.MetaFunction = ({ loaderData, params }) => {
  const name =
    loaderData && 'session' in loaderData ? loaderData.session.game.name : titleOfCode(params.code);
  return [{ title: name || 'Croupier' }, { name: 'robots', content: 'noindex, nofollow' }];
};

/** The server's render and the first paint: a quiet splash in the game page's colours. */
export function HydrateFallback() {
  return (
    <div className="flex h-dvh items-center justify-center bg-[#070b16]" aria-busy="true">
      <GameSplash />
    </div>
  );
}

function GameSplash() {
  return (
    <svg
      viewBox="0 0 64 64"
      className="size-16 motion-safe:animate-spin"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="32" cy="32" r="26" fill="none" stroke="#1c2440" strokeWidth="6" />
      <path d="M32 6a26 26 0 0 1 26 26" fill="none" stroke="#22c55e" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}

export default function RgsPlay({ loaderData }: Route.ComponentProps) {
  const { lang } = loaderData;
  const i18n = i18nFor(lang);
  // The document's language follows the game's (the root renders it from the unprefixed path).
  useEffect(() => {
    document.documentElement.lang = LOCALE_TAGS[lang];
  }, [lang]);
  return (
    <I18nextProvider i18n={i18n}>
      {'error' in loaderData ? <LoadFailure code={loaderData.error} /> : <Game {...loaderData} />}
    </I18nextProvider>
  );
}

function Game({
  lang,
  sessionId,
  session,
  module,
}: {
  lang: Locale;
  sessionId: string;
  session: RgsSession;
  module: GameModule;
}) {
  const client = useMemo(() => createRgsClient({ sessionId }), [sessionId]);
  return <GameShell session={session} client={client} lang={lang} module={module} />;
}

function LoadFailure({ code }: { code: RgsErrorCode | 'unsupported' }) {
  const { t } = useTranslation('rgs');
  const revalidator = useRevalidator();
  const retryable = code === 'wallet_unavailable' || code === 'network' || code === 'too_many_requests';
  return (
    <main className="flex h-dvh flex-col items-center justify-center gap-4 bg-[#070b16] p-6 text-center">
      <h1 className="text-xl font-bold text-text">
        {code === 'unsupported' ? t('load.unsupported') : t(`errors.${code}`)}
      </h1>
      <p className="max-w-sm text-muted">
        {code === 'session_invalid' ? t('load.sessionHint') : t('load.hint')}
      </p>
      {retryable && (
        <button
          type="button"
          onClick={() => void revalidator.revalidate()}
          disabled={revalidator.state !== 'idle'}
          className="inline-flex min-h-11 items-center rounded-xl bg-accent px-5 font-semibold text-on-accent hover:bg-accent-hover disabled:opacity-60"
        >
          {t('shell.retry')}
        </button>
      )}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const wanted = gameLangOf(new URLSearchParams(location.search));
  // The page's own bundles may be what failed to load: English is always there.
  const i18n = i18nFor(isLocaleLoaded(wanted) ? wanted : DEFAULT_LOCALE);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="flex h-dvh flex-col items-center justify-center gap-2 bg-[#070b16] p-6 text-center">
      <h1 className="text-xl font-bold text-text">{i18n.t('rgs:load.unsupported')}</h1>
      <p className="text-muted">
        {i18n.t('rgs:load.sessionHint')} ({status})
      </p>
    </main>
  );
}
