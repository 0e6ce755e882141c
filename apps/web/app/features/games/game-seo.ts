/**
 * Head tags of the game page (spec §2 "for game paths a platform segment is inserted after the
 * locale in the canonical URL"): the root's canonical link and og:url point at
 * `/platform/game/{sysname}` (`/fr/platform/game/{sysname}` in French) instead of the page path.
 * Hreflang alternates keep naming the pages themselves.
 */
import type { MetaDescriptor } from 'react-router';
import { gameCanonicalPath } from './game-paths.ts';

/** `https://x.test/fr/game/neon-reels` → `https://x.test/fr/platform/game/neon-reels`. */
export function gameCanonicalUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  parsed.pathname = gameCanonicalPath(parsed.pathname);
  return parsed.toString().replace(/\/$/, '');
}

/** The descriptors with the canonical link and og:url rewritten, and the game's description when the content set none. */
export function withGameCanonical(
  descriptors: readonly MetaDescriptor[],
  options: { description?: string | null | undefined; keepDescription?: boolean } = {},
): MetaDescriptor[] {
  const description = options.keepDescription ? undefined : options.description?.trim() || undefined;
  return descriptors.map((descriptor) => {
    if ('tagName' in descriptor && descriptor.tagName === 'link' && descriptor.rel === 'canonical') {
      return { ...descriptor, href: gameCanonicalUrl(String(descriptor.href)) };
    }
    if ('property' in descriptor && descriptor.property === 'og:url') {
      return { ...descriptor, content: gameCanonicalUrl(String(descriptor.content)) };
    }
    if (description && 'name' in descriptor && descriptor.name === 'description') {
      return { ...descriptor, content: description };
    }
    if (description && 'property' in descriptor && descriptor.property === 'og:description') {
      return { ...descriptor, content: description };
    }
    return descriptor;
  });
}
