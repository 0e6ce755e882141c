/**
 * Home content blocks from the content service (`getHomeBlocks`), drawn by kind: features (a grid
 * of reasons), promotions and text (image and copy side by side), cta (a closing call to action).
 */
import type { HomeBlock } from '@croupier/contract/content/home';
import type { Locale } from '@croupier/contract/locales';
import {
  BadgePercent,
  Gift,
  HeartHandshake,
  type LucideIcon,
  MessageCircle,
  ShieldCheck,
  Sparkles,
  Trophy,
  Zap,
} from 'lucide-react';
import { useRichTextLinks } from '../../lib/use-rich-text-links.ts';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/class-names.ts';
import { Icon } from '../../ui/icon.tsx';
import { isIconName } from '../../ui/icon-names.ts';
import { menuHref } from '../shell/menu-link.tsx';

/** Content names feature icons in lucide's vocabulary; the few used are mapped here (no whole-set import). */
const FEATURE_ICONS: Record<string, LucideIcon> = {
  'shield-check': ShieldCheck,
  zap: Zap,
  'heart-handshake': HeartHandshake,
  'message-circle': MessageCircle,
  gift: Gift,
  trophy: Trophy,
  'badge-percent': BadgePercent,
};

function FeatureIcon({ name }: { name: string }) {
  if (isIconName(name)) return <Icon name={name} size="lg" />;
  const Component = FEATURE_ICONS[name] ?? Sparkles;
  return <Component className="size-6" aria-hidden focusable={false} />;
}

function blockHref(link: string | null, locale: Locale): string | undefined {
  if (!link) return undefined;
  return menuHref({ id: '', title: '', url: link, external: false, icon: null, audience: 'all' }, locale);
}

function RichText({ html, locale, className }: { html: string; locale: Locale; className?: string }) {
  const onClick = useRichTextLinks(locale);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegates clicks on the links inside; keyboard activation of a link fires click too.
    <div
      className={cx('rich-text', className)}
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML from the content service.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

function FeaturesBlock({ block, locale }: { block: HomeBlock; locale: Locale }) {
  return (
    <section aria-labelledby={`block-${block.id}`}>
      <div className="mb-6 max-w-2xl">
        <h2 id={`block-${block.id}`} className="text-2xl font-bold tracking-tight laptop:text-3xl">
          {block.title}
        </h2>
        {block.text && <RichText html={block.text} locale={locale} className="mt-2" />}
      </div>
      <ul className="grid gap-3 tablet:grid-cols-2 laptopLg:grid-cols-4">
        {block.items.map((item) => (
          <li
            key={item.title}
            className="flex gap-4 rounded-2xl border border-border bg-surface p-4 transition-colors hover:border-border-strong tablet:block tablet:p-5"
          >
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent/10 text-accent ring-1 ring-accent/25 tablet:mb-4">
              <FeatureIcon name={item.icon} />
            </span>
            <div>
              <h3 className="text-base font-semibold">{item.title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-muted tablet:mt-1.5">{item.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MediaBlock({ block, locale, reversed }: { block: HomeBlock; locale: Locale; reversed: boolean }) {
  const href = blockHref(block.link, locale);
  return (
    <section
      aria-labelledby={`block-${block.id}`}
      className="grid overflow-hidden rounded-3xl border border-border bg-surface laptop:grid-cols-2"
    >
      {block.image && (
        <div className={cx('relative aspect-[5/3] laptop:aspect-auto', reversed && 'laptop:order-2')}>
          <img
            src={block.image}
            alt=""
            loading="lazy"
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
        </div>
      )}
      <div className="flex flex-col items-start justify-center gap-4 p-6 tablet:p-10">
        <h2 id={`block-${block.id}`} className="text-2xl font-bold tracking-tight laptop:text-3xl">
          {block.title}
        </h2>
        <RichText html={block.text} locale={locale} />
        {href && block.linkText && (
          <Button
            href={href}
            variant={block.kind === 'promotions' ? 'primary' : 'secondary'}
            className="mt-2"
          >
            {block.linkText}
          </Button>
        )}
      </div>
    </section>
  );
}

function CtaBlock({ block, locale }: { block: HomeBlock; locale: Locale }) {
  const href = blockHref(block.link, locale);
  return (
    <section
      aria-labelledby={`block-${block.id}`}
      className="relative overflow-hidden rounded-3xl border border-accent/30 bg-[radial-gradient(120%_140%_at_0%_0%,color-mix(in_oklab,var(--color-accent)_22%,transparent),transparent_60%),linear-gradient(135deg,var(--color-raised),var(--color-surface))] px-6 py-10 text-center tablet:px-12 tablet:py-14"
    >
      <h2
        id={`block-${block.id}`}
        className="mx-auto max-w-2xl text-2xl font-extrabold tracking-tight text-balance laptop:text-4xl"
      >
        {block.title}
      </h2>
      <RichText html={block.text} locale={locale} className="mx-auto mt-3 max-w-xl text-text/80" />
      {href && block.linkText && (
        <Button href={href} size="lg" className="mt-7">
          {block.linkText}
        </Button>
      )}
    </section>
  );
}

export function HomeBlocks({ blocks, locale }: { blocks: HomeBlock[]; locale: Locale }) {
  let mediaIndex = 0;
  return (
    <div className="flex flex-col gap-12 laptop:gap-16">
      {blocks.map((block) => {
        switch (block.kind) {
          case 'features':
            return <FeaturesBlock key={block.id} block={block} locale={locale} />;
          case 'cta':
            return <CtaBlock key={block.id} block={block} locale={locale} />;
          default: {
            const reversed = mediaIndex % 2 === 1;
            mediaIndex += 1;
            return <MediaBlock key={block.id} block={block} locale={locale} reversed={reversed} />;
          }
        }
      })}
    </div>
  );
}
