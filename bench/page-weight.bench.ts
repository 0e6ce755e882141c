/**
 * Page weight benchmark (not a test; prints figures): for every page of the built web app, the
 * JavaScript a first visit loads before it can hydrate — the entry, the root, every layout of the
 * page and the route module, with all their statically imported chunks (what React Router
 * modulepreloads) — as chunks, raw bytes and gzip bytes (each chunk on its own, as it travels: the
 * build's precompressed `.gz`, the file itself when it has none, or zlib level 9 when the build was
 * not precompressed). Then the locale bundles the
 * entry fetches before hydrating (one language's, lazily, not modulepreloaded), and the home page
 * against its budget (issue #17: initial JS ≤ 150 KB gzip).
 *
 * It reads the browser manifest React Router writes into the client build
 * (`build/client/assets/manifest-<hash>.js`), whose `imports` lists are already flattened; the
 * static imports of every chunk are followed as well, and a chunk the manifest left out is named.
 *
 * Usage: npm run build && npm run bench:weight [-- --check]   (--check: exit 1 if home is over)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { constants, gzipSync } from 'node:zlib';
import { GAME_ONLY_NAMESPACES } from '../apps/web/app/features/rgs/rgs-paths.ts';

const HOME_BUDGET_GZIP_BYTES = 150 * 1024;
const HOME_ROUTE_ID = 'en:home';

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}
interface BrowserManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

const clientDir = new URL('../apps/web/build/client/', import.meta.url).pathname;
const assetsDir = path.join(clientDir, 'assets');
if (!existsSync(assetsDir)) throw new Error(`${assetsDir} not found: run \`npm run build\` first`);

const manifestFiles = readdirSync(assetsDir).filter((name) => /^manifest-[\w-]+\.js$/.test(name));
if (manifestFiles.length !== 1) {
  throw new Error(`expected one React Router manifest in ${assetsDir}, found ${manifestFiles.length}`);
}
const manifestSource = readFileSync(path.join(assetsDir, manifestFiles[0] ?? ''), 'utf8');
const manifest = JSON.parse(
  manifestSource.replace(/^window\.__reactRouterManifest=/, '').replace(/;\s*$/, ''),
) as BrowserManifest;

/** `/assets/x.js` → the file in the client build. */
const fileOf = (url: string) => path.join(clientDir, url);
const chunkSource = new Map<string, string>();
function sourceOf(url: string): string {
  let code = chunkSource.get(url);
  if (code === undefined) {
    code = readFileSync(fileOf(url), 'utf8');
    chunkSource.set(url, code);
  }
  return code;
}

/**
 * The chunks a minified ES module imports statically (`import{a}from"./x.js"`, `import"./x.js"`,
 * `export{a}from"./x.js"`), as URLs; `import("./x.js")` (lazy) is left out.
 */
function staticImports(url: string): string[] {
  const found: string[] = [];
  const pattern = /\b(?:import|export)\s*(?:[\w$\s{},*]*?\bfrom\s*)?["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g;
  for (const match of sourceOf(url).matchAll(pattern)) {
    found.push(path.posix.join(path.posix.dirname(url), match[1] ?? ''));
  }
  return found;
}

/** Root first: the route and its layouts up to `root`. */
function chain(routeId: string): ManifestRoute[] {
  const routes: ManifestRoute[] = [];
  for (let id: string | undefined = routeId; id !== undefined; ) {
    const route: ManifestRoute | undefined = manifest.routes[id];
    if (route === undefined) throw new Error(`route ${id} missing from the manifest`);
    routes.unshift(route);
    id = route.parentId;
    if (routes.length > 64) throw new Error(`route ${routeId}: parent chain longer than 64`);
  }
  return routes;
}

interface Weight {
  chunks: string[];
  /** Chunks reached by static imports but absent from the manifest's lists (should be none). */
  unlisted: string[];
}

/** The initial chunks of a page: the manifest's lists, closed over the chunks' static imports. */
function initialChunks(routeId: string): Weight {
  const listed = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const route of chain(routeId)) {
    listed.add(route.module);
    for (const url of route.imports ?? []) listed.add(url);
  }
  const seen = new Set<string>();
  const queue = [...listed];
  while (queue.length > 0) {
    const url = queue.pop() ?? '';
    if (seen.has(url)) continue;
    seen.add(url);
    queue.push(...staticImports(url));
  }
  return { chunks: [...seen].sort(), unlisted: [...seen].filter((url) => !listed.has(url)) };
}

// After `npm run build` (precompress.ts) a chunk travels as its `.gz`, or as it is when it has none
// (under 1 KB, or gzip would not be smaller). After a bare `react-router build`, gzip it here.
const precompressed = readdirSync(assetsDir).some((name) => name.endsWith('.js.gz'));

const sizeCache = new Map<string, { raw: number; gzip: number }>();
function sizeOf(url: string): { raw: number; gzip: number } {
  let size = sizeCache.get(url);
  if (size === undefined) {
    const raw = statSync(fileOf(url)).size;
    const gz = `${fileOf(url)}.gz`;
    const gzip = existsSync(gz)
      ? statSync(gz).size
      : precompressed
        ? raw
        : Math.min(raw, gzipSync(readFileSync(fileOf(url)), { level: constants.Z_BEST_COMPRESSION }).length);
    size = { raw, gzip };
    sizeCache.set(url, size);
  }
  return size;
}

function total(urls: Iterable<string>): { count: number; raw: number; gzip: number } {
  let count = 0;
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const size = sizeOf(url);
    count += 1;
    raw += size.raw;
    gzip += size.gzip;
  }
  return { count, raw, gzip };
}

function fullPath(routeId: string): string {
  const segments = chain(routeId)
    .map((route) => route.path ?? '')
    .filter((segment) => segment !== '');
  return `/${segments.join('/')}`;
}

// A page is a route nothing nests in (layouts render only through their children).
const parents = new Set(Object.values(manifest.routes).map((route) => route.parentId));
const pages = Object.values(manifest.routes).filter((route) => !parents.has(route.id));
const isFrench = (route: ManifestRoute) => route.id.startsWith('fr:');

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const rows = pages
  .filter((route) => !isFrench(route))
  .map((route) => ({ route, path: fullPath(route.id), weight: initialChunks(route.id) }))
  .map((row) => ({ ...row, ...total(row.weight.chunks) }))
  .sort((a, b) => b.gzip - a.gzip || a.path.localeCompare(b.path));

console.log(
  'Initial JS per page: entry + root + layouts + route module and their static imports (modulepreloaded)',
);
console.log(`${'page'.padEnd(42)}${'chunks'.padStart(7)}${'raw KB'.padStart(10)}${'gzip KB'.padStart(10)}`);
for (const row of rows) {
  console.log(
    `${row.path.padEnd(42)}${String(row.count).padStart(7)}${kb(row.raw).padStart(10)}${kb(row.gzip).padStart(10)}`,
  );
}

// The /fr twin of every page loads the same chunks (one route file per page, two ids).
const frenchDiffer = pages.filter(isFrench).filter((route) => {
  const twin = manifest.routes[`en:${route.id.slice('fr:'.length)}`];
  return twin === undefined || initialChunks(route.id).chunks.join() !== initialChunks(twin.id).chunks.join();
});
const frenchCount = pages.filter(isFrench).length;
console.log(
  frenchDiffer.length === 0
    ? `(the ${frenchCount} /fr pages load the same chunks as their English twins)`
    : `/fr pages whose chunks differ from their English twin: ${frenchDiffer.map((route) => fullPath(route.id)).join(', ')}`,
);
const unlisted = new Set(rows.flatMap((row) => row.weight.unlisted));
if (unlisted.size > 0)
  console.log(`chunks imported but not in the manifest's lists: ${[...unlisted].join(', ')}`);

// The entry fetches one language's bundles before hydrating (i18n.client.ts), so a first visit
// waits for them too, though they are not modulepreloaded. The glob has an entry per namespace but
// most of them share one chunk per locale (ADR 064): each chunk counts once. The game page's own
// namespaces are not fetched by a site page.
const localeChunks = new Map<string, Set<string>>();
const globPattern =
  /"\.\/locales\/([a-z]{2})\/([a-z0-9-]+)\.json":\(\)=>[\w$]+\(\(\)=>import\(["'`](\.\/[^"'`]+\.js)["'`]\)/g;
for (const url of initialChunks(HOME_ROUTE_ID).chunks) {
  for (const match of sourceOf(url).matchAll(globPattern)) {
    const locale = match[1] ?? '';
    if (GAME_ONLY_NAMESPACES.includes(match[2] ?? '')) continue;
    const chunk = path.posix.join(path.posix.dirname(url), match[3] ?? '');
    localeChunks.set(locale, (localeChunks.get(locale) ?? new Set<string>()).add(chunk));
  }
}
if (localeChunks.size === 0) console.log('locale bundles: not found in the entry (the glob changed shape?)');
for (const [locale, chunks] of [...localeChunks].sort()) {
  const bundles = total(chunks);
  console.log(
    `locale bundles fetched before hydration, ${locale}: ${bundles.count} chunks, ${kb(bundles.raw)} KB raw, ${kb(bundles.gzip)} KB gzip`,
  );
}

const home = rows.find((row) => row.route.id === HOME_ROUTE_ID);
if (home === undefined) throw new Error(`no ${HOME_ROUTE_ID} route in the manifest`);
const ratio = home.gzip / HOME_BUDGET_GZIP_BYTES;
const over = home.gzip > HOME_BUDGET_GZIP_BYTES;
console.log(
  `home (/): ${home.count} chunks, ${kb(home.raw)} KB raw, ${kb(home.gzip)} KB gzip — ${(ratio * 100).toFixed(0)}% of the ${kb(HOME_BUDGET_GZIP_BYTES)} KB budget${over ? ', OVER BUDGET' : ''}`,
);
console.log(`home (/) gzip: ${home.gzip} of ${HOME_BUDGET_GZIP_BYTES} bytes`);
if (values.check && over) process.exitCode = 1;
