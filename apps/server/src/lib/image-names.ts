/**
 * The configured image-name mapping of spec §7 (`settings-seo.imageNameMapping`): descriptions of
 * banners, offers, jackpots and tournaments name images by file name (`banner-welcome.svg`, or a
 * path ending in it), and an operator can swap an image everywhere by mapping its name to another
 * (`banner-welcome.svg` → `banner-winter.svg`) or to a full URL, without editing every description.
 */

export type ImageNameMapping = Readonly<Record<string, string>>;

/** File names an image can carry: letters, digits, dot, dash and underscore, with an extension. */
const IMAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}\.[A-Za-z0-9]{2,5}$/;

function mappedName(name: string, mapping: ImageNameMapping): string | undefined {
  if (!IMAGE_NAME.test(name) || !Object.hasOwn(mapping, name)) return undefined;
  const target = mapping[name]?.trim();
  return target ? target : undefined;
}

/**
 * One image reference remapped: a bare name (`a.svg`) or a path/URL whose last segment is a mapped
 * name (`/nfx/media/a.svg?v=2`). A target that is itself a bare name keeps the reference's folder
 * and query; a target with a slash (a path or URL) replaces the whole reference.
 */
export function remapImageName(reference: string, mapping: ImageNameMapping): string {
  const match = /^(.*\/)?([^/?#]+)([?#].*)?$/.exec(reference);
  if (!match) return reference;
  const [, folder = '', name = '', rest = ''] = match;
  const target = mappedName(name, mapping);
  if (target === undefined) return reference;
  return target.includes('/') ? target : `${folder}${target}${rest}`;
}

/**
 * Every image reference inside a description remapped: `src` and `srcset` attributes of HTML and
 * `url(...)` in inline styles. Text outside those is left alone, so a name mentioned in prose is
 * not rewritten.
 */
export function remapImageNames(description: string, mapping: ImageNameMapping): string {
  if (Object.keys(mapping).length === 0 || description === '') return description;
  const withSrc = description.replace(
    /(\ssrc\s*=\s*)(["'])([^"']*)\2/gi,
    (_all, attr: string, quote: string, value: string) =>
      `${attr}${quote}${remapImageName(value, mapping)}${quote}`,
  );
  const withSrcset = withSrc.replace(
    /(\ssrcset\s*=\s*)(["'])([^"']*)\2/gi,
    (_all, attr: string, quote: string, value: string) => {
      const entries = value.split(',').map((entry) => {
        const [url = '', ...descriptor] = entry.trim().split(/\s+/);
        return [remapImageName(url, mapping), ...descriptor].join(' ');
      });
      return `${attr}${quote}${entries.join(', ')}${quote}`;
    },
  );
  return withSrcset.replace(
    /url\(\s*(["']?)([^"')\s]+)\1\s*\)/gi,
    (_all, quote: string, value: string) => `url(${quote}${remapImageName(value, mapping)}${quote})`,
  );
}
