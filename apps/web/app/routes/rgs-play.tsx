/**
 * /rgs/play/{code}?session=…&lang=en|fr — the in-house game server's game page, shown inside the
 * game iframe of /game/{sysname} (docs/game-server.md, "Launch"). Outside the locale prefix and
 * outside every site layout: no header, footer or platform calls. The page belongs to the game
 * server, which is a provider like any other, so it talks only to /rgs/api/* with the session id of
 * its URL (root.tsx skips its site-wide work for /rgs/play/*: see features/rgs/rgs-paths.ts).
 *
 * The server renders the document and a themed splash; in the browser the page is not hydrated
 * into the site's router (entry.client.tsx): this module, evaluated by the document's own scripts,
 * mounts the game's small React root over the splash (features/rgs/game-frame.tsx, ADR 057), which
 * loads the session and the engine's UI chunk. Being this route's import, the game's modules are
 * preloaded by the game page's HTML, and by no other page's.
 */

import { startGameFrame } from '../features/rgs/game-frame.tsx';
import { GameSplashScreen } from '../features/rgs/game-splash.tsx';
import rgsCss from '../features/rgs/rgs.css?url';
import { GAME_FRAME_ROOT_ID } from '../features/rgs/rgs-paths.ts';
import type { Route } from './+types/rgs-play';

if (typeof document !== 'undefined') startGameFrame();

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: rgsCss }];

/** `neon-reels` → `Neon Reels`: the title until the session (and its display name) is known. */
function titleOfCode(code: string | undefined): string {
  return (code ?? '')
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export const meta: Route.MetaFunction = ({ params }) => [
  { title: titleOfCode(params.code) || 'Croupier' },
  { name: 'robots', content: 'noindex, nofollow' },
];

export default function RgsPlay() {
  return (
    <div id={GAME_FRAME_ROOT_ID}>
      <GameSplashScreen />
    </div>
  );
}
