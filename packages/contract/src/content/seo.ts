/** SEO documents of the content service (spec §3 "SEO settings per domain", "Per-page SEO record"). */
import { z } from 'zod';

export const metaEntry = z.object({
  charset: z.string().optional(),
  name: z.string().optional(),
  property: z.string().optional(),
  httpEquiv: z.string().optional(),
  content: z.string().optional(),
});
export type MetaEntry = z.infer<typeof metaEntry>;

export const domainSeoSettings = z.object({
  host: z.string(),
  meta: z.array(metaEntry),
  canonical: z.object({ url: z.string() }),
  organization: z.object({
    name: z.string(),
    url: z.string(),
    logo: z.string(),
    contactPoint: z.object({
      telephone: z.string(),
      contactType: z.string(),
      areaServed: z.array(z.string()),
      availableLanguage: z.array(z.string()),
    }),
    sameAs: z.array(z.string()),
  }),
  product: z.object({
    name: z.string(),
    image: z.string(),
    description: z.string(),
    sku: z.string(),
    brand: z.object({ name: z.string() }),
  }),
  /** robots.txt rules of this domain: `Disallow` patterns (with `*` and `$`) become noindex. */
  robots: z.object({
    rules: z.array(
      z.object({ userAgent: z.string(), allow: z.array(z.string()), disallow: z.array(z.string()) }),
    ),
    sitemap: z.string().nullable(),
  }),
  defaults: z.object({ title: z.string(), description: z.string(), image: z.string() }),
  favicons: z.array(
    z.object({ kind: z.enum(['png', 'apple_png', 'ico']), size: z.string(), url: z.string() }),
  ),
});
export type DomainSeoSettings = z.infer<typeof domainSeoSettings>;

export const seoRecord = z.object({
  /** Page path without locale prefix and trailing slash (`/about`; `/` for home). */
  url: z.string(),
  locale: z.string(),
  title: z.string(),
  description: z.string(),
  openGraph: z
    .object({ title: z.string(), description: z.string(), image: z.string().nullable(), type: z.string() })
    .nullable(),
  meta: z.array(metaEntry),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
  article: z
    .object({
      headline: z.string(),
      description: z.string(),
      image: z.string().nullable(),
      datePublished: z.string(),
      dateModified: z.string(),
    })
    .nullable(),
  /** SEO text shown on the page (sanitised HTML). */
  text: z.string().nullable(),
});
export type SeoRecord = z.infer<typeof seoRecord>;

/** A generic content page for `/{slug}`; `body` is sanitised HTML. */
export const contentPage = z.object({
  slug: z.string(),
  locale: z.string(),
  title: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type ContentPage = z.infer<typeof contentPage>;

export const customCodeEntry = z.object({
  code: z.string(),
  isEnabled: z.boolean(),
  position: z.enum(['head', 'bodyStart', 'bodyEnd']),
});
export type CustomCodeEntry = z.infer<typeof customCodeEntry>;

export const redirectRule = z.object({
  /** Path pattern with `*` wildcards, without locale prefix. */
  from_url: z.string(),
  /** Internal path or absolute external URL. */
  to_url: z.string(),
  status: z.union([z.literal(301), z.literal(302)]),
});
export type RedirectRule = z.infer<typeof redirectRule>;
