/**
 * The declared RTP shown in the hall, taken from the game's exact maths (packages/games): the
 * engine's `default` variant (blackjack: `optimal` play), else its first, in percent with two
 * decimals ("96.12"). Computed once per engine and process (the slot's exact RTP enumerates its
 * reels), only when a game has none stored yet.
 */
import { formatRational, type GameName, type Rational, type RtpVariant } from '@croupier/games/engine';
import { ENGINES } from '@croupier/games/registry';

const PREFERRED_VARIANTS = ['default', 'optimal'];

const cache = new Map<GameName, string | null>();

/** `{num: 9612n, den: 10000n}` (a ratio) → `"96.12"`. */
export function rtpPercent(rtp: Rational): string {
  return formatRational({ num: rtp.num * 100n, den: rtp.den }, 2);
}

/** The variant the hall declares: `default`, else `optimal`, else the first. */
export function declaredVariant(variants: readonly RtpVariant[]): RtpVariant | undefined {
  for (const name of PREFERRED_VARIANTS) {
    const found = variants.find((variant) => variant.variant === name);
    if (found) return found;
  }
  return variants[0];
}

/** The declared RTP of an engine ("96.12"), or null for an engine without RTP variants. */
export function declaredRtp(engine: GameName): string | null {
  const cached = cache.get(engine);
  if (cached !== undefined) return cached;
  const variant = declaredVariant(ENGINES[engine].rtpVariants());
  const rtp = variant ? rtpPercent(variant.rtp) : null;
  cache.set(engine, rtp);
  return rtp;
}
