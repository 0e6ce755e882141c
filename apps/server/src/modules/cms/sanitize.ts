/**
 * HTML from the content service is sanitised before it is stored and again before it is served
 * (ARCHITECTURE.md §8): a row edited straight in the database must not reach a player unfiltered.
 * Custom-code entries are the one exception, by design (operator code).
 */
import sanitizeHtml from 'sanitize-html';
import { hasControlCharacter } from './urls.ts';

/** A link or image source the content may use: http(s), or a same-origin relative reference. */
function isSafeReference(value: string, schemes: readonly string[]): boolean {
  const trimmed = value.trim();
  // Browsers read `\` as `/` and drop tabs and newlines, so these could turn into `//evil.example`.
  if (hasControlCharacter(trimmed) || trimmed.includes('\\')) return false;
  if (trimmed.startsWith('//')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed);
  if (scheme) return schemes.includes((scheme[1] ?? '').toLowerCase());
  return true;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'strong',
    'b',
    'em',
    'i',
    'small',
    'sup',
    'sub',
    'blockquote',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const { href, ...rest } = attribs;
      const attributes: Record<string, string> = { ...rest, rel: 'noopener' };
      if (href !== undefined && isSafeReference(href, ['http', 'https'])) attributes.href = href.trim();
      return { tagName, attribs: attributes };
    },
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      const attributes: Record<string, string> = { ...rest };
      if (src !== undefined && isSafeReference(src, ['http', 'https'])) attributes.src = src.trim();
      return { tagName, attribs: attributes };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Sanitised HTML for content pages, SEO texts and home blocks. */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
