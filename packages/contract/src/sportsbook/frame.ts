/**
 * The sportsbook frame (ADR 035): /bets/{path} frames a sportsbook launched through the games
 * launcher, which passes `path` on to the provider. A path is accepted only in this plain form.
 */

/** `/event/sr:match:1`: letters, digits and `/_:.-`, no `//` and no `..`. */
export function isFramePath(path: string): boolean {
  return /^\/[A-Za-z0-9/_:.-]{0,300}$/.test(path) && !path.includes('//') && !path.includes('..');
}
