/**
 * The icon of a content-managed menu link: the product sprite first (`/_icons`), then a few
 * lucide drawings for names the content uses that the sprite does not have yet; unknown names
 * draw nothing rather than a wrong picture.
 */
import {
  Club,
  IdCard,
  Landmark,
  LayoutGrid,
  List,
  type LucideIcon,
  Medal,
  Percent,
  Star,
  Tag,
  Ticket,
  UserPlus,
  Volleyball,
} from 'lucide-react';
import { cx } from '../../ui/class-names.ts';
import { Icon } from '../../ui/icon.tsx';
import { isIconName } from '../../ui/icon-names.ts';

const FALLBACKS: Record<string, LucideIcon> = {
  cards: Club,
  ball: Volleyball,
  tag: Tag,
  medal: Medal,
  grid: LayoutGrid,
  star: Star,
  'user-plus': UserPlus,
  bank: Landmark,
  list: List,
  percent: Percent,
  ticket: Ticket,
  'id-card': IdCard,
};

export function MenuIcon({ name, className }: { name: string | null; className?: string | undefined }) {
  if (!name) return null;
  if (isIconName(name)) return <Icon name={name} className={className} />;
  const Fallback = FALLBACKS[name];
  if (!Fallback) return null;
  return <Fallback className={cx('size-5 shrink-0', className)} aria-hidden focusable={false} />;
}
