/**
 * The home hero: banners in position `home_hero`, one at a time. Calm by design (DESIGN.md: no
 * flashing): a slow cross-fade every 7 s that pauses on hover and keyboard focus, stops for people
 * who prefer reduced motion, and always has previous / next / pause controls (WAI carousel pattern).
 */
import type { Banner } from '@croupier/contract/banners/get';
import type { Locale } from '@croupier/contract/locales';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { cx } from '../../ui/class-names.ts';
import { BannerSlide, bannerHref } from './banner-slide.tsx';

const ROTATE_EVERY_MS = 7000;

export type HeroBanner = Required<Pick<Banner, 'description'>> & { id: number | undefined };

export function HeroCarousel({ banners, locale }: { banners: HeroBanner[]; locale: Locale }) {
  const { t } = useTranslation('pages');
  const [active, setActive] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const total = banners.length;

  // Reduced motion: start paused (the visitor can still press play).
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) setPlaying(false);
  }, []);

  useEffect(() => {
    if (!playing || hovered || focused || total < 2) return;
    const timer = window.setTimeout(() => setActive((index) => (index + 1) % total), ROTATE_EVERY_MS);
    return () => window.clearTimeout(timer);
  }, [playing, hovered, focused, total]);

  if (total === 0) return null;
  const go = (index: number) => setActive((index + total) % total);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('home.featured')}
      className="relative overflow-hidden rounded-3xl border border-border bg-surface shadow-card"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      {/* All slides share one grid cell: the tallest sets the height, they cross-fade in place. */}
      <div className="grid" aria-live={playing ? 'off' : 'polite'}>
        {banners.map((banner, index) => {
          const { description } = banner;
          const href = bannerHref(description.link, locale);
          const current = index === active;
          return (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern marks slides as groups; a fieldset is for form controls.
            <div
              key={banner.id ?? index}
              role="group"
              aria-roledescription="slide"
              aria-label={t('home.slideLabel', { number: index + 1, total })}
              aria-hidden={!current}
              inert={!current}
              className={cx(
                'relative flex flex-col [grid-area:1/1] transition-opacity duration-700 ease-out motion-reduce:transition-none tablet:min-h-[340px] laptop:aspect-[8/3] laptop:min-h-0',
                current ? 'opacity-100' : 'pointer-events-none opacity-0',
              )}
            >
              <BannerSlide description={description} href={href} eager={index === 0} />
            </div>
          );
        })}
      </div>

      {total > 1 && (
        <div className="flex items-center justify-center gap-1 border-t border-border/60 p-1 tablet:absolute tablet:right-5 tablet:bottom-5 tablet:rounded-2xl tablet:border-0 tablet:bg-background/70 tablet:backdrop-blur">
          <button
            type="button"
            onClick={() => setPlaying((value) => !value)}
            aria-label={playing ? t('home.pauseSlides') : t('home.playSlides')}
            className="inline-flex size-11 items-center justify-center rounded-xl text-muted hover:bg-raised hover:text-text"
          >
            {playing ? <Pause className="size-4" aria-hidden /> : <Play className="size-4" aria-hidden />}
          </button>
          <button
            type="button"
            onClick={() => go(active - 1)}
            aria-label={t('home.previousSlide')}
            className="inline-flex size-11 items-center justify-center rounded-xl text-muted hover:bg-raised hover:text-text"
          >
            <ChevronLeft className="size-5" aria-hidden />
          </button>
          <div className="flex items-center px-1">
            {banners.map((banner, index) => (
              <button
                key={banner.id ?? index}
                type="button"
                onClick={() => go(index)}
                aria-label={t('home.goToSlide', { number: index + 1, total })}
                aria-current={index === active ? 'true' : undefined}
                className="group inline-flex h-11 w-6 items-center justify-center"
              >
                <span
                  className={cx(
                    'h-1.5 rounded-full transition-all duration-300',
                    index === active ? 'w-5 bg-accent' : 'w-1.5 bg-muted/50 group-hover:bg-muted',
                  )}
                />
              </button>
            ))}
          </div>
          <button
            type="button"
            onClick={() => go(active + 1)}
            aria-label={t('home.nextSlide')}
            className="inline-flex size-11 items-center justify-center rounded-xl text-muted hover:bg-raised hover:text-text"
          >
            <ChevronRight className="size-5" aria-hidden />
          </button>
        </div>
      )}
    </section>
  );
}
