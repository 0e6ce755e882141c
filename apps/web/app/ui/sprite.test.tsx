// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TranslationProvider } from '../i18n/use-translation.tsx';
import { Icon } from './icon.tsx';
import { ICON_NAMES, isIconName } from './icon-names.ts';
import { Logo } from './logo.tsx';
import { Skeleton, SkeletonText } from './skeleton.tsx';
import { Spinner } from './spinner.tsx';
import { SpriteSheet } from './sprite.tsx';
import { createTestI18n } from './test-i18n.ts';

afterEach(cleanup);

const SPEC_ICONS = [
  'home',
  'casino',
  'slots',
  'live',
  'betting',
  'promotions',
  'gift',
  'tournaments',
  'trophy',
  'jackpot',
  'loyalty',
  'crown',
  'cashier',
  'wallet',
  'deposit',
  'withdraw',
  'history',
  'profile',
  'user',
  'security',
  'shield',
  'support',
  'chat',
  'search',
  'menu',
  'close',
  'chevron-left',
  'chevron-right',
  'chevron-down',
  'heart',
  'heart-filled',
  'star',
  'globe',
  'logout',
  'info',
  'warning',
  'check',
  'fullscreen',
  'play',
  'lock',
  'mail',
  'phone',
];

describe('sprite', () => {
  it('has a 24×24 symbol for every listed name, and every product icon of the brief', () => {
    const { container } = render(<SpriteSheet />);
    const symbols = [...container.querySelectorAll('symbol')];
    expect(symbols.map((symbol) => symbol.id).sort()).toEqual(
      ICON_NAMES.map((name) => `icon-${name}`).sort(),
    );
    for (const symbol of symbols) {
      expect(symbol.getAttribute('viewBox')).toBe('0 0 24 24');
      expect(symbol.children.length).toBeGreaterThan(0);
    }
    for (const name of SPEC_ICONS) expect(ICON_NAMES).toContain(name);
    expect(new Set(ICON_NAMES).size).toBe(ICON_NAMES.length);
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });

  it('aliases point at existing symbols', () => {
    const { container } = render(<SpriteSheet />);
    for (const use of container.querySelectorAll('symbol > use')) {
      const target = use.getAttribute('href')?.slice(1) ?? '';
      expect(container.querySelector(`symbol[id="${target}"]`)).not.toBeNull();
    }
  });

  it('checks names from content configuration', () => {
    expect(isIconName('deposit')).toBe(true);
    expect(isIconName('nope')).toBe(false);
    expect(isIconName(null)).toBe(false);
  });
});

describe('Icon', () => {
  it('uses the sprite symbol in a 0 0 24 24 view box, decorative unless labelled', () => {
    const { container } = render(
      <>
        <Icon name="heart" />
        <Icon name="jackpot" size="xl" label="Jackpot" />
      </>,
    );
    const [decorative] = container.querySelectorAll('svg');
    expect(decorative?.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(decorative?.getAttribute('aria-hidden')).toBe('true');
    expect(decorative?.getAttribute('width')).toBe('20');
    expect(decorative?.querySelector('use')?.getAttribute('href')).toBe('#icon-heart');
    const labelled = screen.getByRole('img', { name: 'Jackpot' });
    expect(labelled.getAttribute('width')).toBe('32');
  });
});

describe('small pieces', () => {
  it('Spinner announces loading in the current language', () => {
    render(
      <TranslationProvider translator={createTestI18n('fr')}>
        <Spinner />
      </TranslationProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Chargement…');
  });

  it('Skeletons are hidden from assistive technology', () => {
    const { container } = render(
      <>
        <Skeleton className="h-48" />
        <SkeletonText lines={3} />
      </>,
    );
    for (const element of container.children) expect(element.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelectorAll('span span')).toHaveLength(3);
  });

  it('Logo writes the brand name; the mark alone is a named image', () => {
    render(
      <>
        <Logo />
        <Logo variant="mark" />
      </>,
    );
    expect(screen.getByText('Croupier')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Croupier' })).toBeTruthy();
  });
});
