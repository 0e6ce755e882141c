/**
 * A game's 288×192 art (DESIGN.md "Game tile"). Until the image arrives, or when it cannot be
 * loaded, a calm gradient drawn from the game's name stands in, with the name on it, so a tile is
 * never a broken-image icon.
 */
import { useEffect, useRef, useState } from 'react';
import { cx } from '../../ui/class-names.ts';

const GRADIENTS = [
  'from-[#1e3a8a] via-[#312e81] to-[#0b1020]',
  'from-[#065f46] via-[#134e4a] to-[#0b1020]',
  'from-[#7c2d12] via-[#4c1d95] to-[#0b1020]',
  'from-[#0e7490] via-[#1e3a8a] to-[#0b1020]',
  'from-[#854d0e] via-[#7c2d12] to-[#0b1020]',
  'from-[#831843] via-[#312e81] to-[#0b1020]',
] as const;

/** A stable choice per game: the same game always gets the same colours. */
export function artGradient(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return GRADIENTS[hash % GRADIENTS.length] ?? GRADIENTS[0];
}

export interface GameArtProps {
  src: string;
  name: string;
  /** Decorative when the name is written next to the art. */
  decorative?: boolean;
  /** Images above the fold load eagerly. */
  eager?: boolean;
  /** The first art a phone shows (the page's likely largest paint) is fetched ahead of the rest. */
  priority?: boolean;
  className?: string;
}

export function GameArt({
  src,
  name,
  decorative = false,
  eager = false,
  priority = false,
  className,
}: GameArtProps) {
  const [failed, setFailed] = useState(src === '');
  const image = useRef<HTMLImageElement>(null);

  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) setFailed(true);
  }, []);

  return (
    <div
      className={cx(
        'relative aspect-[3/2] w-full overflow-hidden bg-gradient-to-br',
        artGradient(name),
        className,
      )}
    >
      {/* Under the image: seen while it loads and when it cannot be loaded. */}
      <div aria-hidden="true" className="absolute inset-0 flex items-center justify-center p-3">
        <span className="line-clamp-2 text-center text-base font-bold tracking-tight text-white/85 drop-shadow">
          {name}
        </span>
      </div>
      {!failed && (
        <img
          ref={image}
          src={src}
          alt={decorative ? '' : name}
          width={288}
          height={192}
          loading={eager || priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          onError={() => setFailed(true)}
          className="absolute inset-0 size-full object-cover"
        />
      )}
    </div>
  );
}
