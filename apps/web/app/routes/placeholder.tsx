/** Placeholder routes with an empty component (spec §2: /responsible-game, /bets/{any path}). */
export default function Placeholder() {
  return null;
}
