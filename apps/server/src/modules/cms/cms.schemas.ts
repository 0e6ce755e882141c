/**
 * Shapes of the documents stored in the content tables, derived from the contract so that what is
 * stored is exactly what is served, minus the keys that live in columns (url, locale, host…).
 */
import { cmsConfig } from '@croupier/contract/content/cms-config';
import { homeBlock } from '@croupier/contract/content/home';
import { domainSeoSettings, seoRecord } from '@croupier/contract/content/seo';
import type { z } from 'zod';

export const CMS_SECTIONS = [
  'settings-seo',
  'prazer-config',
  'cashier-config',
  'games-config',
  'search-config',
  'loyalty',
  'forms-config',
  'auth-config',
  'meta-data-tool',
] as const satisfies readonly Exclude<keyof typeof cmsConfig.shape, 'locale'>[];
export type CmsSection = (typeof CMS_SECTIONS)[number];

/** The cms-config document without its locale: what one locale's rows add up to. */
export const cmsSettingsDocument = cmsConfig.omit({ locale: true });
export type CmsSettingsDocument = z.infer<typeof cmsSettingsDocument>;

/** Localised part of a domain's SEO settings; canonical, robots and favicons live in columns/tables. */
export const domainSeoDocument = domainSeoSettings.omit({
  host: true,
  canonical: true,
  robots: true,
  favicons: true,
});
export type DomainSeoDocument = z.infer<typeof domainSeoDocument>;

export const robotsRules = domainSeoSettings.shape.robots.shape.rules;
export type RobotsRules = z.infer<typeof robotsRules>;

export const seoDocument = seoRecord.omit({ url: true, locale: true });
export type SeoDocument = z.infer<typeof seoDocument>;

export const homeBlockDocument = homeBlock.omit({ id: true });
export type HomeBlockDocument = z.infer<typeof homeBlockDocument>;
