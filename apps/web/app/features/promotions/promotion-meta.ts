/**
 * The head tags of a promotion or offer page: the root's tags (canonical, alternates, Open Graph
 * URL come from the address) with the page's title through the title template, and its own
 * description and image in `description`, `og:description` and `og:image` — unless the content
 * service has an SEO record for the URL, which wins everywhere (spec §3).
 */
import type { MetaDescriptor } from 'react-router';
import { withPageTitle } from '../../lib/page-meta.ts';

interface MetaMatchLike {
  loaderData: unknown;
  meta: MetaDescriptor[];
}

export interface PromotionPageMeta {
  title: string;
  description?: string | null;
  image?: string | null;
}

export function withPromotionMeta(
  matches: readonly (MetaMatchLike | undefined)[],
  page: PromotionPageMeta | undefined,
): MetaDescriptor[] {
  const inherited = matches.at(-2)?.meta ?? [];
  const titled = withPageTitle(matches, page?.title);
  // Unchanged: no page data, or the SEO record's own title (and texts) win.
  if (!page || titled === inherited) return titled;
  const replacements: Record<string, string> = {};
  if (page.description) {
    replacements['name:description'] = page.description;
    replacements['property:og:description'] = page.description;
  }
  if (page.image) replacements['property:og:image'] = page.image;
  const seen = new Set<string>();
  const result = titled.map((descriptor) => {
    const key =
      'name' in descriptor && typeof descriptor.name === 'string'
        ? `name:${descriptor.name}`
        : 'property' in descriptor && typeof descriptor.property === 'string'
          ? `property:${descriptor.property}`
          : null;
    if (key === null || !(key in replacements)) return descriptor;
    seen.add(key);
    return { ...descriptor, content: replacements[key] };
  });
  for (const [key, content] of Object.entries(replacements)) {
    if (seen.has(key)) continue;
    const [kind, ...rest] = key.split(':');
    const name = rest.join(':');
    result.push(kind === 'name' ? { name, content } : { property: name, content });
  }
  return result;
}
