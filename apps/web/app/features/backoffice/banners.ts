/**
 * The banners desk (`/nfx/operator/banners`, cms/banners-desk.ts on the server, ADR 052): a banner
 * as the desk answers it, a form's draft of one (both languages), and how a draft becomes the body
 * the server takes. The server validates again (strict: markup, unsafe URLs, missing French refused).
 */

export const BANNER_POSITIONS = ['home_hero', 'home_strip', 'auth', 'menu', 'cashier'] as const;
export type BannerPosition = (typeof BANNER_POSITIONS)[number];
export const BANNER_LOCALES = ['en', 'fr'] as const;
export type BannerLocale = (typeof BANNER_LOCALES)[number];

export interface BannerText {
  title: string;
  text: string;
  image: string;
  image_mobile: string | null;
  button_text: string | null;
}

export interface StaffBanner {
  id: number;
  key: string;
  position: BannerPosition;
  priority: number;
  starts_at: string | null;
  finished_at: string | null;
  link: string | null;
  texts: Record<BannerLocale, BannerText>;
  state: 'scheduled' | 'live' | 'finished';
  version: string;
}

/** What the form edits: every value as its control holds it (dates as `datetime-local` text). */
export interface BannerDraft {
  key: string;
  position: BannerPosition;
  priority: string;
  starts_at: string;
  finished_at: string;
  link: string;
  texts: Record<
    BannerLocale,
    { title: string; text: string; image: string; image_mobile: string; button_text: string }
  >;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` value, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value as an ISO instant; empty is null. */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const blankText = { title: '', text: '', image: '', image_mobile: '', button_text: '' };

export function blankDraft(): BannerDraft {
  return {
    key: '',
    position: 'home_hero',
    priority: '0',
    starts_at: '',
    finished_at: '',
    link: '',
    texts: { en: { ...blankText }, fr: { ...blankText } },
  };
}

export function draftOf(banner: StaffBanner): BannerDraft {
  const text = (locale: BannerLocale) => ({
    title: banner.texts[locale].title,
    text: banner.texts[locale].text,
    image: banner.texts[locale].image,
    image_mobile: banner.texts[locale].image_mobile ?? '',
    button_text: banner.texts[locale].button_text ?? '',
  });
  return {
    key: banner.key,
    position: banner.position,
    priority: String(banner.priority),
    starts_at: toLocalInput(banner.starts_at),
    finished_at: toLocalInput(banner.finished_at),
    link: banner.link ?? '',
    texts: { en: text('en'), fr: text('fr') },
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The body of `POST` / `PUT /nfx/operator/banners…` (the version added for an edit). */
export function bannerBody(draft: BannerDraft): Record<string, unknown> {
  const text = (locale: BannerLocale) => ({
    title: draft.texts[locale].title.trim(),
    text: draft.texts[locale].text.trim(),
    image: draft.texts[locale].image.trim(),
    image_mobile: orNull(draft.texts[locale].image_mobile),
    button_text: orNull(draft.texts[locale].button_text),
  });
  const priority = Number(draft.priority);
  return {
    key: draft.key.trim(),
    position: draft.position,
    priority: draft.priority.trim() === '' || !Number.isInteger(priority) ? draft.priority : priority,
    starts_at: fromLocalInput(draft.starts_at),
    finished_at: fromLocalInput(draft.finished_at),
    link: orNull(draft.link),
    texts: { en: text('en'), fr: text('fr') },
  };
}
