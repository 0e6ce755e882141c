/**
 * The game page in the browser (`/rgs/play/{code}?session=…&lang=en|fr`, ADR 057): a React root of
 * its own over the server's splash, not a second copy of the site's router. The game server is a
 * provider like any other: the page talks only to `/rgs/api/*` with its URL's session id, in the
 * game's language, and loads its three translation namespaces, the session and the engine's chunk at
 * once.
 */
import type { Locale } from '@croupier/contract/locales';
import { StrictMode, startTransition, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ensureLocale } from '../../i18n/i18n.client.ts';
import { TranslationProvider, useTranslation } from '../../i18n/use-translation.tsx';
import { guardedReload } from '../pwa/reload-guard.ts';
import { isStaleChunkError } from '../pwa/stale-chunk.ts';
import { loadGameModule } from './game-modules.ts';
import { GameSplashScreen } from './game-splash.tsx';
import { GAME_FRAME_ROOT_ID, gameLangOf, RGS_PAGE_NAMESPACES } from './rgs-paths.ts';
import { errorCodeOf } from './shell/error-messages.ts';
import { GameShell } from './shell/game-shell.tsx';
import type { GameModule } from './shell/game-shell-context.ts';
import { createRgsClient, type RgsClient, type RgsErrorCode, type RgsSession } from './shell/rgs-client.ts';

type LoadResult = { session: RgsSession; module: GameModule } | { error: RgsErrorCode | 'unsupported' };

/** The session and the engine's UI chunk; any failure becomes a code the page explains. */
async function loadGame(sessionId: string, client: RgsClient): Promise<LoadResult> {
  if (!sessionId || sessionId.length > 200) return { error: 'session_invalid' };
  try {
    const session = await client.getSession();
    const module = await loadGameModule(session.game.engine);
    return module ? { session, module } : { error: 'unsupported' };
  } catch (error) {
    return { error: errorCodeOf(error) };
  }
}

/**
 * Mounts the game once into the document's splash. The game page's route module calls it when it is
 * evaluated in the browser; a development re-evaluation of that module finds the root taken.
 */
export function startGameFrame(): void {
  const container = document.getElementById(GAME_FRAME_ROOT_ID);
  if (!container || container.dataset.mounted !== undefined) return;
  container.dataset.mounted = '';
  void mountGameFrame(container, new URL(window.location.href)).catch((error: unknown) => {
    // A deploy replaced the chunks this document names: the new document names the new ones.
    if (isStaleChunkError(error)) guardedReload();
    else throw error;
  });
}

/** Renders the game for the page at `url` into `container` (the server's splash). */
async function mountGameFrame(container: HTMLElement, url: URL): Promise<void> {
  const lang = gameLangOf(url.searchParams);
  const sessionId = url.searchParams.get('session')?.trim() ?? '';
  const client = createRgsClient({ sessionId });
  const [i18n, first] = await Promise.all([
    ensureLocale(lang, RGS_PAGE_NAMESPACES),
    loadGame(sessionId, client),
  ]);
  const root = createRoot(container);
  // In a transition, so the first render yields to the page around the frame (time-sliced).
  startTransition(() => {
    root.render(
      <StrictMode>
        <TranslationProvider translator={i18n}>
          <GameFrame lang={lang} sessionId={sessionId} client={client} first={first} />
        </TranslationProvider>
      </StrictMode>,
    );
  });
}

function GameFrame({
  lang,
  sessionId,
  client,
  first,
}: {
  lang: Locale;
  sessionId: string;
  client: RgsClient;
  first: LoadResult;
}) {
  const [result, setResult] = useState<LoadResult | null>(first);
  // Scripts and browser tests wait for this mark, as on the site's pages (root.tsx).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  const name = result && 'session' in result ? result.session.game.name : undefined;
  useEffect(() => {
    if (name) document.title = name;
  }, [name]);
  const retry = useCallback(() => {
    setResult(null);
    void loadGame(sessionId, client).then(setResult);
  }, [sessionId, client]);

  if (!result) return <GameSplashScreen />;
  if ('error' in result) return <LoadFailure code={result.error} onRetry={retry} />;
  return <GameShell session={result.session} client={client} lang={lang} module={result.module} />;
}

function LoadFailure({ code, onRetry }: { code: RgsErrorCode | 'unsupported'; onRetry: () => void }) {
  const { t } = useTranslation('rgs');
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
          onClick={onRetry}
          className="inline-flex min-h-11 items-center rounded-xl bg-accent px-5 font-semibold text-on-accent hover:bg-accent-hover"
        >
          {t('shell.retry')}
        </button>
      )}
    </main>
  );
}
