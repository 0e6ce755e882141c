/**
 * Client chunking (issue #17, ADR 041): our own code that every page loads — the modules the
 * browser entry and the root route import statically — goes into one `shell` chunk instead of the
 * dozens of small shared chunks the bundler would cut. Gzip works per file, so those small chunks
 * compressed badly (the home page's shared code was about a third larger as separate files than
 * as one) and each was a request of its own. Code only some pages import keeps the bundler's
 * automatic splitting, so no page loads another page's code; lazily imported modules stay lazy.
 *
 * Installed packages are left to the automatic splitting: their entry files re-export everything
 * (lucide-react's icons, for one), so "imported by a module every page loads" would
 * put all of it in the chunk, used or not.
 */
import { RGS_PAGE_NAMESPACES } from '../app/features/rgs/rgs-paths.ts';

interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[]; isEntry: boolean } | null;
}

const REACT_DOM = /[\\/]node_modules[\\/](?:react-dom|scheduler)[\\/]/;

/** A translation bundle: `app/i18n/locales/<locale>/<namespace>.json`. */
const LOCALE_BUNDLE = /[\\/]app[\\/]i18n[\\/]locales[\\/]([a-z]{2})[\\/]([a-z0-9-]+)\.json$/;
/**
 * The bundles that keep a chunk each: the game frame's (it loads those three, not the site's
 * twenty, ADR 055) and the back office's (players never fetch it).
 */
const OWN_CHUNK_NAMESPACES: readonly string[] = [...RGS_PAGE_NAMESPACES, 'backoffice'];

/**
 * A site page loads every namespace of its locale before hydrating (i18n.client.ts): one chunk per
 * locale for all but the frame's and the back office's, instead of a lazy chunk per file. On a slow
 * phone the twenty-two requests queued behind the page's own lazy modules and held hydration back
 * by about half a second; the locale's chunk is one request of ~20 KB compressed.
 */
export function localeChunkName(id: string): string | null {
  const match = LOCALE_BUNDLE.exec(pathOf(id));
  const [, locale, namespace] = match ?? [];
  return locale && namespace && !OWN_CHUNK_NAMESPACES.includes(namespace) ? `locale-${locale}` : null;
}

const ROOTS = [/[\\/]app[\\/]root\.tsx$/, /[\\/]app[\\/]entry\.client\.tsx$/];

const pathOf = (id: string) => id.split('?')[0] ?? id;

/** Whether a module is the entry, the root route, or imported statically by one (at any depth). */
function onEveryPage(id: string, graph: ModuleGraph, memo: Map<string, boolean>): boolean {
  const known = memo.get(id);
  if (known !== undefined) return known;
  // In progress: a cycle back to a module being decided adds nothing.
  memo.set(id, false);
  const info = graph.getModuleInfo(id);
  const result =
    ROOTS.some((pattern) => pattern.test(pathOf(id))) ||
    (info?.importers ?? []).some((importer) => onEveryPage(importer, graph, memo));
  memo.set(id, result);
  return result;
}

/**
 * The `name` of rolldown's `output.codeSplitting` group: `shell`, a locale's translations
 * (`locale-en`…), or null (automatic splitting).
 */
export function everyPageChunkName(): (id: string, graph: ModuleGraph) => string | null {
  const memo = new Map<string, boolean>();
  return (id, graph) => {
    // React DOM is on every page (the entry hydrates with it) and the game page's own root uses it
    // too (ADR 057): with that second importer the bundler would cut it into a chunk of its own,
    // one more request on every page and a few hundred bytes of imports between chunks.
    if (REACT_DOM.test(id)) return 'shell';
    const locale = localeChunkName(id);
    if (locale) return locale;
    // Entries (the browser entry, route modules) stay chunks of their own, as React Router expects.
    if (/[\\/]node_modules[\\/]/.test(id) || graph.getModuleInfo(id)?.isEntry) return null;
    return onEveryPage(id, graph, memo) ? 'shell' : null;
  };
}
