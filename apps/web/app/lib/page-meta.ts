/**
 * The document title of a profile page. React Router computes `meta` route by route, root first,
 * and hands each route only the matches above it: the root's `meta` never sees a child's
 * `pageMeta`. So these pages take the tags the root produced and put their own title in, through
 * the site's title template — unless the content service has an SEO record title for the URL,
 * which wins everywhere (spec §3).
 */
import type { MetaDescriptor } from 'react-router';
import { applyTitleTemplate } from './seo.ts';

interface MetaMatchLike {
  loaderData: unknown;
  meta: MetaDescriptor[];
}

interface RootSeoLike {
  titleTemplate: string;
  recordTitle: string | null;
}

function rootSeo(loaderData: unknown): RootSeoLike | undefined {
  if (typeof loaderData !== 'object' || loaderData === null || !('seo' in loaderData)) return undefined;
  const seo: unknown = loaderData.seo;
  if (typeof seo !== 'object' || seo === null || !('titleTemplate' in seo)) return undefined;
  const template = typeof seo.titleTemplate === 'string' ? seo.titleTemplate : '';
  const record: unknown = 'record' in seo ? seo.record : null;
  const recordTitle =
    typeof record === 'object' && record !== null && 'title' in record && typeof record.title === 'string'
      ? record.title.trim() || null
      : null;
  return { titleTemplate: template, recordTitle };
}

export function withPageTitle(
  matches: readonly (MetaMatchLike | undefined)[],
  title: string | null | undefined,
): MetaDescriptor[] {
  const inherited = matches.at(-2)?.meta ?? [];
  const seo = rootSeo(matches[0]?.loaderData);
  if (!title || !seo || seo.recordTitle) return inherited;
  const full = applyTitleTemplate(seo.titleTemplate, title);
  const previous = inherited.find((descriptor) => 'title' in descriptor);
  const previousTitle = previous && 'title' in previous ? previous.title : undefined;
  return inherited.map((descriptor) => {
    if ('title' in descriptor) return { title: full };
    // og:title follows the title unless the content set its own.
    if (
      'property' in descriptor &&
      descriptor.property === 'og:title' &&
      descriptor.content === previousTitle
    ) {
      return { ...descriptor, content: full };
    }
    return descriptor;
  });
}
