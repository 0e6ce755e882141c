/**
 * One home hero banner as players see it: art (a mobile variant when given), title, text and a
 * button to its link. Shared by the home carousel and the back office's banner preview (ADR 052),
 * so the preview is the player's markup, not a copy of it.
 */
import type { Banner } from '@croupier/contract/banners/get';
import type { Locale } from '@croupier/contract/locales';
import { Button } from '../../ui/button.tsx';
import { menuHref } from '../shell/menu-link.tsx';

/** A banner's link as a site href in `locale` (same-origin paths get the locale prefix). */
export function bannerHref(link: string | null, locale: Locale): string | undefined {
  if (!link) return undefined;
  return menuHref({ id: '', title: '', url: link, external: false, icon: null, audience: 'all' }, locale);
}

export type BannerDescription = NonNullable<Banner['description']>;

export function BannerSlide({
  description,
  href,
  eager = false,
}: {
  description: Pick<BannerDescription, 'title' | 'text' | 'image' | 'image_mobile' | 'button_text'>;
  href: string | undefined;
  eager?: boolean;
}) {
  return (
    <>
      <div className="relative aspect-[16/10] overflow-hidden tablet:absolute tablet:inset-0 tablet:aspect-auto">
        {/* A draft in the back office may have no art yet: no empty `src`. */}
        {description.image && (
          <picture>
            {description.image_mobile && (
              <source media="(max-width: 767px)" srcSet={description.image_mobile} />
            )}
            <img
              src={description.image}
              alt=""
              className="absolute inset-0 size-full object-cover object-[70%_50%] tablet:object-right"
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={eager ? 'high' : 'auto'}
              decoding="async"
            />
          </picture>
        )}
        <div className="absolute inset-0 bg-gradient-to-t from-surface via-surface/10 to-transparent tablet:bg-gradient-to-r tablet:from-background/95 tablet:via-background/60 tablet:to-transparent" />
      </div>
      <div className="relative flex flex-1 flex-col items-start gap-3 px-5 pt-1 pb-5 tablet:w-3/5 tablet:justify-center tablet:p-10 laptop:w-1/2 laptop:p-14">
        <h2 className="text-2xl leading-tight font-extrabold tracking-tight text-balance tablet:text-3xl laptop:text-4xl desktop:text-5xl">
          {description.title}
        </h2>
        <p className="max-w-prose text-sm leading-relaxed text-text/80 tablet:text-base">
          {description.text}
        </p>
        {href && description.button_text && (
          <Button href={href} size="lg" className="mt-2 max-tablet:w-full">
            {description.button_text}
          </Button>
        )}
      </div>
    </>
  );
}
