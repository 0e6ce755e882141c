/**
 * games.* contracts (the product specification's games methods) and where this implementation differs
 * from or adds to them:
 * - games.get items: with `fields`, only the asked keys and `sysname` are answered, so `Game` has
 *   every key but sysname optional; `GameFull` is the unprojected shape (what you get without
 *   `fields`).
 * - games.get `category` is a category id (games.getCategories `id`). With sort `priority` the
 *   category's pinned order (game_category_links.sort_order, 0 by default) comes first, then
 *   priority. `query` also matches the en/fr description words and studio names; every query word
 *   must match as a word prefix (or the whole query inside a word); a query of only punctuation is
 *   no filter. `options` other than `{id?, type?: 'tournament'}` → InvalidParameterException
 *   (field `options`); `{"type":"tournament"}` → `{items: [], total: 0}` (no tournaments yet).
 * - games.getCategories lists only categories holding active games.
 * - games.getProviders answers sysname, name, logo_url and games_count always; `fields` may add
 *   `game_params`. Only studios with active games (of `types`, when given) are listed.
 * - games.addLike: an unknown or inactive game → InvalidParameterException `{sysname:
 *   'not_found'}`; more than 500 favourites → `{sysname: 'too_many_likes'}`. removeLike accepts an
 *   inactive game (unknown → not_found). Both answer `1`.
 * - games.gethistoryexportrequest: no request yet, or an id that is not the player's →
 *   InvalidParameterException `{id: 'not_found'}`. `processing` is in the enum but the worker builds
 *   a CSV inside one transaction, so a request is seen going from `pending` straight to `ready`
 *   (or `failed` after 3 attempts). A ready CSV downloads for 7 days.
 * - games.createhistoryexportrequest waits up to 2 s for the worker, so a small export usually
 *   answers `status: 'ready'` at once; a big one answers `pending` (poll gethistoryexportrequest).
 * - games.createhistoryexportrequest: `from`/`to` are ISO dates or date-times; `from` after `to` →
 *   `{from: 'after_to'}`. Rate limited to 10 an hour per player. Answers AccessDeniedException
 *   (`history_export_disabled`) when GAME_HISTORY_EXPORT_ENABLED is off.
 * - CSV download: GET /api/games/history-export/{id}.csv (historyExportDownloadPath(id)); owner's
 *   session cookie only, 404 for anyone else and once expired. Columns: round_id, game, game_name,
 *   mode, currency, bet, win, status, created_at, closed_at.
 * - games.getWinners `player`: the fake name masked (`ma***n`), else the part of the login before
 *   `@` masked the same way; names of 4 characters or fewer show only their first (`b***`).
 * - freespins.get (../freespins/get.ts): `fields` is accepted but every key is answered.
 * - Game art: image_url and description.img_288_192 are `/media/games/{sysname}.svg` (288×192 SVG).
 * - Launcher (not a method): GET /platform/game/{sysname}/play?mode=real|demo&lang=en|fr (mode
 *   defaults to demo) and /platform/game/custom/{code}/play → 302 to the provider launch URL, or to
 *   /slot-error?embedded=1 (/fr/slot-error?embedded=1) on any failure.
 */
export * from './add-like.ts';
export * from './common.ts';
export * from './create-history-export-request.ts';
export * from './get.ts';
export * from './get-categories.ts';
export * from './get-history.ts';
export * from './get-history-export-request.ts';
export * from './get-likes.ts';
export * from './get-providers.ts';
export * from './get-winners.ts';
export * from './history-export.ts';
export * from './remove-like.ts';
