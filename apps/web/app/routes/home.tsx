/**
 * Home (spec §2, DESIGN.md "Home"): the hero carousel from banners, the jackpot ticker (when the
 * jackpots section is on and a jackpot runs), then the content blocks. Game rails and the winners
 * strip join when the game hall and winners exist — no placeholder tiles until there is real
 * content to show.
 */
import { isHrefAvailable } from '@croupier/contract/content/site-sections';
import type { HeroBanner } from '../features/home/hero-carousel.tsx';
import { useTranslation } from '../i18n/use-translation.tsx';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { usePageLocale, useRootData } from '../lib/use-root-data.ts';
import { getWebContext } from '../lib/web-context.ts';
import { servedLazily } from '../ui/deferred.tsx';
import type { Route } from './+types/home';

// Served with the page and hydrated once their modules are there (ui/deferred.tsx): the page's
// markup, the hero included, is the server's until then; only the carousel's controls wait.
const HeroCarousel = servedLazily('hero', () =>
  import('../features/home/hero-carousel.tsx').then((module) => module.HeroCarousel),
);
const JackpotTicker = servedLazily('ticker', () =>
  import('../features/jackpots/jackpot-ticker.tsx').then((module) => module.JackpotTicker),
);
const HomeBlocks = servedLazily('blocks', () =>
  import('../features/home/home-blocks.tsx').then((module) => module.HomeBlocks),
);

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const [banners, blocks, jackpots] = await Promise.all([
    orErrorPage(web.api.call('banners.get', { position: 'home_hero', count: 10 })),
    web.content.getHomeBlocks(locale).catch((error: unknown) => {
      web.log.warn({ err: error }, 'home blocks could not be loaded; showing the page without them');
      return [];
    }),
    // The ticker is an extra: without it (section off, or the call failed) the home page still shows.
    web.sections.jackpots
      ? web.api.call('Jackpots.get', {}).then(
          (list) => list.items,
          (error: unknown) => {
            web.log.warn(
              { err: error },
              'jackpots could not be loaded; showing the home page without the ticker',
            );
            return [];
          },
        )
      : Promise.resolve([]),
  ]);
  const hero: HeroBanner[] = banners.items
    .filter((banner): banner is HeroBanner & typeof banner => banner.description !== undefined)
    // A banner that leads into a section without pages promises what the site does not offer (ADR 014).
    .filter((banner) => !banner.description.link || isHrefAvailable(banner.description.link, web.sections))
    .map((banner) => ({ id: banner.id, description: banner.description }))
    .sort((a, b) => a.description.priority - b.description.priority);
  return { hero, blocks, jackpots, pageMeta: {} };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('pages');
  const locale = usePageLocale();
  const { seo } = useRootData();
  return (
    <div className="mx-auto w-full max-w-screen-desktopMd px-3 pt-4 tablet:px-6 tablet:pt-6 laptop:px-8">
      <h1 className="sr-only">{t('home.heading')}</h1>
      <HeroCarousel banners={loaderData.hero} locale={locale} />
      <JackpotTicker jackpots={loaderData.jackpots} />
      <div className="mt-12 laptop:mt-16">
        <HomeBlocks blocks={loaderData.blocks} locale={locale} />
      </div>
      {seo.record?.text && (
        <section
          className="rich-text mt-16 rounded-2xl border border-border bg-surface/60 p-6 text-sm"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised SEO text from the content service.
          dangerouslySetInnerHTML={{ __html: seo.record.text }}
        />
      )}
    </div>
  );
}
